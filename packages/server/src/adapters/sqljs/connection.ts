/**
 * A thin synchronous layer over a sql.js `Database`: cached prepared statements, row helpers and
 * one place that turns SQLite failures into `StorageError`.
 *
 * @module
 */
import type { Database, SqlValue, Statement } from 'sql.js';
import { isStorageError, StorageError } from '../../ports/storage';

/** A value bound to a statement parameter. */
export type SqlParam = string | number | null | Uint8Array;

/**
 * A record as a statement parameter: its JSON as UTF-8 bytes, for a `CAST(? AS TEXT)` in the SQL
 * (which stores it as text). sql.js copies bytes into the database natively but encodes a string
 * parameter one character at a time.
 */
export function jsonParam(value: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** One result row, by column name. */
export type Row = Record<string, SqlValue>;

/**
 * Runs SQL statements, synchronously: what the shared repositories (`@leadbook/server/sql`) see of
 * the database in this adapter. `all` and `get` only read; every write goes through `run`.
 */
export interface SqlExecutor {
  /** Every row the query returns. */
  all(sql: string, params?: readonly SqlParam[]): Row[];
  /** The first row the query returns, or undefined. */
  get(sql: string, params?: readonly SqlParam[]): Row | undefined;
  /** Runs a write statement; returns how many rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): number;
}

/** Wraps a thrown SQLite error in a `StorageError` (leaves a `StorageError` as it is). */
export function toStorageError(error: unknown, context: string): StorageError {
  if (isStorageError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StorageError(`sql.js: ${context}: ${reason}`, { cause: error });
}

/** A sql.js database with a statement cache. Not safe to use after `close()`. */
export class SqlConnection implements SqlExecutor {
  private readonly statements = new Map<string, Statement>();
  private readonly columnNames = new Map<string, string[]>();
  private changes = 0;
  private statementsRun = 0;

  /** Wraps an open database; call `applyPragmas()` once the image is known to be sound. */
  constructor(private readonly db: Database) {}

  /**
   * The database lives in memory and durability comes from writing whole images to the file, so
   * SQLite's own journal only needs to support rollback: keep it in memory, skip syncs. This
   * connection is the only one its (in-memory) file ever has, so it keeps the lock for good: SQLite
   * then trusts its page cache instead of locking and re-reading the file header, through
   * Emscripten's file system, before every statement. The page cache may hold 64 MB (SQLite's
   * default is 2 MB): past it, every page a statement reads is copied again out of the in-memory
   * file through JavaScript. A database smaller than 64 MB costs its own size once more.
   */
  applyPragmas(): void {
    this.db.exec(
      'PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; ' +
        'PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536;',
    );
  }

  /** Runs a transaction-control statement (`BEGIN`, `COMMIT`, `ROLLBACK`) from the statement cache. */
  control(sql: 'BEGIN' | 'COMMIT' | 'ROLLBACK'): void {
    this.withStatement(sql, [], (statement) => statement.step());
  }

  /**
   * `all` and `get` only read: a statement that writes goes through `run`, which the write-ahead
   * log relies on.
   */
  all(sql: string, params: readonly SqlParam[] = []): Row[] {
    return this.withStatement(sql, params, (statement) => {
      const rows: Row[] = [];
      while (statement.step()) rows.push(this.rowOf(sql, statement));
      return rows;
    });
  }

  get(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    return this.withStatement(sql, params, (statement) =>
      statement.step() ? this.rowOf(sql, statement) : undefined,
    );
  }

  run(sql: string, params: readonly SqlParam[] = []): number {
    return this.withStatement(sql, params, (statement) => {
      statement.step();
      const changed = this.db.getRowsModified();
      this.changes += changed;
      return changed;
    });
  }

  /** Runs one or more statements without parameters (DDL, `BEGIN`, `COMMIT`). */
  exec(sql: string): void {
    this.statementsRun++;
    try {
      this.db.exec(sql);
    } catch (error) {
      throw toStorageError(error, firstLine(sql));
    }
  }

  /** Rows changed through `run` since the connection opened; tells whether a transaction wrote. */
  totalChanges(): number {
    return this.changes;
  }

  /**
   * SQL statements executed since the connection opened: one per `all`, `get`, `run` and `control`
   * call, and one per `exec` call (whatever the number of statements its text holds). Failed
   * statements count too. For benchmarks and diagnostics; read it as a difference between two calls.
   */
  statementCount(): number {
    return this.statementsRun;
  }

  /** A consistent image of the database file. Call between transactions only. */
  export(): Uint8Array {
    try {
      return this.db.export();
    } catch (error) {
      throw toStorageError(error, 'export');
    } finally {
      // sql.js before 1.16 closed and reopened the connection on export, freeing every statement
      // and resetting pragmas; re-preparing is cheap, so do both either way.
      this.clearStatements();
      this.applyPragmas();
    }
  }

  /** Frees every statement and closes the database. */
  close(): void {
    this.clearStatements();
    this.db.close();
  }

  private withStatement<T>(sql: string, params: readonly SqlParam[], use: (statement: Statement) => T): T {
    this.statementsRun++;
    let statement: Statement | undefined;
    try {
      statement = this.prepare(sql);
      statement.bind(params as SqlParam[]);
      return use(statement);
    } catch (error) {
      throw toStorageError(error, firstLine(sql));
    } finally {
      // reset() also clears the bindings and frees the memory bound strings took.
      statement?.reset();
    }
  }

  // getAsObject() asks SQLite for the column names on every row; they never change for a prepared
  // statement, so read them once.
  private rowOf(sql: string, statement: Statement): Row {
    let names = this.columnNames.get(sql);
    if (!names) {
      names = statement.getColumnNames();
      this.columnNames.set(sql, names);
    }
    const values = statement.get();
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i]!;
    return row;
  }

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private clearStatements(): void {
    for (const statement of this.statements.values()) statement.free();
    this.statements.clear();
    this.columnNames.clear();
  }
}

function firstLine(sql: string): string {
  return sql.trim().split('\n', 1)[0] ?? sql;
}
