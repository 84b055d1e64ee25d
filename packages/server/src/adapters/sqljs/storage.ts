/**
 * The sql.js storage adapter: the default `StorageAdapter` of `@leadbook/server`, in memory with
 * optional file persistence.
 *
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Repositories, SchemaStatus, StorageAdapter, TransactionOptions } from '../../ports/storage';
import type { StorageLogger } from './persistence';
import { StorageError } from '../../ports/storage';
import { SqlConnection, toStorageError, type SqlExecutor } from './connection';
import { loadSqlJs } from './load-sql-js';
import { applyMigrations, MIGRATIONS } from './migrations';
import { Mutex } from './mutex';
import { readDatabaseFile, removeStaleTempFiles, writeFileAtomic } from './persistence';
import { createSqlRepositories } from '../sql-kit/repositories';
import { sqliteDialect } from './dialect';
import { openTransactionScope } from './transaction-scope';
import { DurableFile, type Durability } from './wal/durable-file';
import type { LoggedStatement } from './wal/record';

// The SQL text of every repository, built once for all storages.
const repositories = createSqlRepositories(sqliteDialect);

/** Options of {@link createSqlJsStorage}. */
export interface SqlJsStorageOptions {
  /**
   * Persist the database to this file and a write-ahead log beside it (`<file>-wal`): loaded and
   * replayed at start when they exist. One process per file: the whole database lives in memory, so
   * two processes would overwrite each other's writes.
   */
  file?: string;
  /**
   * What a committed transaction promises with `file` (default `'commit'`):
   * - `'commit'`: a transaction resolves only once its writes are on disk (the log is fsynced;
   *   transactions committing together share one write), so whatever it acknowledged survives a crash.
   * - `'interval'`: a transaction resolves at once and the log is written every `flushIntervalMs`;
   *   a crash loses at most that much of what was acknowledged.
   */
  durability?: Durability;
  /** How often the log is written in `'interval'` mode, in milliseconds. Default 100. */
  flushIntervalMs?: number;
  /**
   * The log size, in bytes, past which a snapshot of the database replaces the file and the log
   * restarts (in the background; transactions wait only while the image is copied). Default 64 MiB.
   */
  snapshotAfterBytes?: number;
  /**
   * Open `file` even when the write-ahead log it needs is missing (default `false`). A snapshot
   * that may be followed by records (any file but one written by `close()` or `backup()`) refuses
   * to open without its log, since the writes made after it are only there; with this option it
   * opens as it is, those writes are lost, and a warning says so. A log that is present but not
   * the file's is refused either way: move it away first.
   */
  allowMissingLog?: boolean;
  /** Receives recovery notes and failed background writes. Default: `console`. */
  logger?: StorageLogger;
}

/** The sql.js adapter: a `StorageAdapter` plus access to the database image. */
export interface SqlJsStorage extends StorageAdapter {
  /**
   * The SQLite file image of the database now, for tests that search the stored bytes (for
   * plaintext tokens, say). Like a {@link SqlJsStorage.backup} file, it holds every committed
   * transaction and opens on its own, without a log.
   *
   * @throws StorageError while a transaction runs or after `close()`.
   */
  exportBytes(): Uint8Array;
  /**
   * Writes a copy of the database to `path` while the service keeps serving: one SQLite file that
   * opens on its own (`createSqlJsStorage({ file: path })`), without a log. It holds every
   * transaction that resolved before `backup()` was called, and is consistent: the transactions
   * that commit while it runs are in it entirely or not at all, in commit order (it is the
   * database as of one moment between the call and its end). Transactions wait only while the
   * image is copied in memory; the file is written beside them (temporary file, fsync, rename), so
   * `path` holds the old backup or the new one, never a mix. Works without `file` too.
   *
   * @throws RangeError when `path` is the storage's own file or log.
   * @throws StorageError when the file cannot be written, after `close()`, or when the log could
   *   not be written (a backup never holds a write that was refused).
   *
   * @example
   * ```ts
   * await storage.backup(`./backups/leadbook-${new Date().toISOString().slice(0, 10)}.sqlite`);
   * ```
   */
  backup(path: string): Promise<void>;
  /**
   * Writes the log now (a no-op without `file`, and in `'commit'` mode, where every resolved
   * transaction is already on disk); rejects when the write fails.
   */
  flush(): Promise<void>;
  /**
   * Writes a snapshot of the database to the file and restarts the log (a no-op without `file`).
   * `close()` does this too, and the storage does it on its own when the log passes
   * `snapshotAfterBytes`.
   */
  snapshot(): Promise<void>;
  /**
   * How many log records each write of the log carried, newest last (at most 10,000): the sizes of
   * the group commits. Empty without `file`. For benchmarks and diagnostics.
   */
  logBatchSizes(): readonly number[];
  /**
   * How many SQL statements this adapter has executed since it was created, transaction control
   * (`BEGIN`, `COMMIT`, `ROLLBACK`) and migrations included. For benchmarks and diagnostics: take
   * the difference of two readings around the work to measure, with no other work running.
   *
   * @example
   * ```ts
   * const before = storage.statementCount();
   * await storage.transaction((tx) => tx.calendars.list('org_1'));
   * console.log(storage.statementCount() - before); // 3: BEGIN, SELECT, COMMIT (1 when readOnly)
   * ```
   */
  statementCount(): number;
  /** The schema version of the database (migrations are applied when the storage opens). */
  schemaStatus(): Promise<SchemaStatus>;
}

/**
 * Creates the sql.js storage adapter. Transactions run one at a time in call order (an in-process
 * mutex), so no other transaction's statements interleave with the awaits inside one.
 *
 * With `file`, every committed transaction that wrote appends one record of its writes to the
 * write-ahead log `<file>-wal`; transactions committing in the same turn of the event loop (or while
 * the log is being written) share one write and one fsync. In `'commit'` durability a transaction
 * resolves only once its record is on disk, and one that read waits for the writes it may have
 * seen, so nothing a caller was told survives only in memory. A snapshot of the database replaces
 * the file when the log passes `snapshotAfterBytes` and on `close()`. Opening loads the snapshot
 * and replays the log; a torn or corrupt last record (a crash mid-write) is dropped with a warning.
 * If the log cannot be written (disk full), every later transaction is refused with a
 * `StorageError` until the storage is reopened.
 *
 * Each snapshot records which log it needs and up to which record it holds the database. The
 * snapshot `close()` writes holds everything and opens alone; any other needs its log, and opening
 * it without that log (a copy of the file alone), or beside another database's log or one older or
 * newer than it, is refused with a `StorageError` that says what to do, unless `allowMissingLog`
 * is set (for a missing log only). Every start writes a new snapshot. To copy a running database,
 * use {@link SqlJsStorage.backup}: one file that opens alone.
 *
 * Do not call `transaction()` inside a transaction callback: the inner call waits for the outer
 * one, which waits for it.
 *
 * @throws StorageError when the file exists but is unreadable, corrupt or from a newer schema, or
 *   its log is missing (without `allowMissingLog`), is not the file's, or cannot be replayed.
 * @throws RangeError when `flushIntervalMs` or `snapshotAfterBytes` is not a positive integer.
 *
 * @example
 * ```ts
 * const storage = await createSqlJsStorage({ file: './data/leadbook.sqlite' });
 * const calendars = await storage.transaction((tx) => tx.calendars.list('org_1'));
 * await storage.close();
 * ```
 */
export async function createSqlJsStorage(options: SqlJsStorageOptions = {}): Promise<SqlJsStorage> {
  const {
    file,
    durability = 'commit',
    flushIntervalMs = 100,
    snapshotAfterBytes = 64 * 1024 * 1024,
    allowMissingLog = false,
    logger = console,
  } = options;
  for (const [name, value] of Object.entries({ flushIntervalMs, snapshotAfterBytes })) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`${name} must be a positive integer, got ${value}`);
    }
  }
  if (durability !== 'commit' && durability !== 'interval') {
    throw new RangeError(`durability must be 'commit' or 'interval', got ${String(durability)}`);
  }
  const SQL = await loadSqlJs();
  const bytes = file === undefined ? null : await readDatabaseFile(file);
  if (file !== undefined) {
    await removeStaleTempFiles(file, logger);
    await removeStaleTempFiles(DurableFile.logPath(file), logger);
  }

  const connection = openConnection(SQL, bytes, file);
  const mutex = new Mutex();
  let durable: DurableFile | undefined;
  try {
    if (bytes) checkIntegrity(connection, file);
    connection.applyPragmas();
    const migrate = () => applyMigrations(connection);
    if (file === undefined) migrate();
    else {
      durable = await DurableFile.open(
        { file, durability, flushIntervalMs, snapshotAfterBytes, allowMissingLog, logger },
        connection,
        mutex,
        bytes !== null,
        migrate,
      );
    }
  } catch (error) {
    connection.close();
    throw error;
  }

  let closing: Promise<void> | undefined;

  // Transactions are serialised by the mutex, so a read-only one needs no BEGIN/COMMIT to see a
  // consistent database; its scope refuses writes, which would otherwise commit one by one.
  const read = async <T>(fn: (tx: Repositories) => Promise<T>): Promise<T> => {
    const scope = openTransactionScope(connection, { readOnly: true });
    try {
      return await fn(repositories(scope.exec));
    } finally {
      scope.end();
    }
  };

  // Returns the transaction's log sequence number (the newest one when it wrote nothing).
  const run = async <T>(fn: (tx: Repositories) => Promise<T>): Promise<{ result: T; lsn: number }> => {
    const statements: LoggedStatement[] = [];
    connection.control('BEGIN');
    const scope = openTransactionScope(durable ? loggingExecutor(connection, statements) : connection);
    let result: T;
    try {
      result = await fn(repositories(scope.exec));
    } catch (error) {
      scope.end();
      rollback(connection, logger);
      throw error;
    }
    scope.end();
    try {
      connection.control('COMMIT');
    } catch (error) {
      rollback(connection, logger);
      throw error;
    }
    if (!durable) return { result, lsn: 0 };
    return { result, lsn: statements.length > 0 ? durable.commit(statements) : durable.newestLsn };
  };

  return {
    name: 'sqljs',
    async transaction<T>(fn: (tx: Repositories) => Promise<T>, options?: TransactionOptions): Promise<T> {
      // lockKeys need no handling: every transaction is serialised.
      if (closing) throw new StorageError('sql.js: the storage is closed');
      if (!durable)
        return mutex.run(() => (options?.readOnly ? read(fn) : run(fn).then((done) => done.result)));
      if (durable.failure) throw new StorageError(`sql.js: ${durable.failure.message}`);
      const { result, lsn } = await mutex.run(async () =>
        options?.readOnly ? { result: await read(fn), lsn: durable.newestLsn } : run(fn),
      );
      // What it wrote, or what it may have read, is on disk before the caller hears of it.
      await durable.settle(lsn);
      return result;
    },
    exportBytes() {
      if (closing) throw new StorageError('sql.js: the storage is closed');
      if (mutex.busy) throw new StorageError('sql.js: cannot export while a transaction runs');
      return durable ? durable.standaloneImage() : connection.export();
    },
    async backup(path) {
      if (
        file !== undefined &&
        [file, DurableFile.logPath(file)].map((own) => resolve(own)).includes(resolve(path))
      ) {
        throw new RangeError(`backup: ${path} is the storage's own file; choose another path`);
      }
      if (closing) throw new StorageError('sql.js: the storage is closed');
      if (durable?.failure) throw new StorageError(`sql.js: ${durable.failure.message}`);
      const { image, lsn } = await mutex.run(() => ({
        image: durable ? durable.standaloneImage() : connection.export(),
        lsn: durable?.newestLsn ?? 0,
      }));
      // A backup holds no write that could still be refused because its log write failed.
      await durable?.onDisk(lsn);
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFileAtomic(path, image);
      } catch (error) {
        throw toStorageError(error, `backup to ${path}`);
      }
    },
    async flush() {
      await durable?.flush();
    },
    async snapshot() {
      if (closing) throw new StorageError('sql.js: the storage is closed');
      await durable?.snapshot();
    },
    logBatchSizes() {
      return durable?.batchSizes ?? [];
    },
    statementCount() {
      return connection.statementCount();
    },
    async schemaStatus() {
      if (closing) throw new StorageError('sql.js: the storage is closed');
      // In the mutex, like a transaction: never between the statements of one.
      const applied = await mutex.run(() =>
        Number(connection.get('SELECT MAX(version) AS v FROM schema_migrations')?.['v'] ?? 0),
      );
      return { applied, latest: MIGRATIONS.at(-1)?.version ?? 0 };
    },
    close() {
      closing ??= (async () => {
        // Transactions accepted before close() finish first; later ones are refused above.
        await mutex.run(() => undefined);
        try {
          await durable?.close();
        } catch (error) {
          logger.error(`sql.js: the final snapshot of ${file ?? 'the database'} failed`, { error });
          throw toStorageError(error, `final snapshot of ${file ?? 'the database'}`);
        } finally {
          connection.close();
        }
      })();
      return closing;
    },
  };
}

/** An executor that also records every write that changed rows, for the transaction's log record. */
function loggingExecutor(connection: SqlConnection, statements: LoggedStatement[]): SqlExecutor {
  return {
    all: (sql, params) => connection.all(sql, params),
    get: (sql, params) => connection.get(sql, params),
    run: (sql, params = []) => {
      const changed = connection.run(sql, params);
      // A write that changed nothing has nothing to replay.
      if (changed > 0) statements.push({ sql, params });
      return changed;
    },
  };
}

function openConnection(
  SQL: Awaited<ReturnType<typeof loadSqlJs>>,
  bytes: Uint8Array | null,
  file: string | undefined,
): SqlConnection {
  try {
    return new SqlConnection(new SQL.Database(bytes));
  } catch (error) {
    throw toStorageError(error, `open ${file ?? 'in-memory database'}`);
  }
}

// sql.js opens any bytes lazily; check the whole image now so corruption fails the start, not a
// request later (and never gets overwritten by a fresh write).
function checkIntegrity(connection: SqlConnection, file: string | undefined): void {
  let verdict: unknown;
  try {
    verdict = connection.get('PRAGMA quick_check')?.['quick_check'];
  } catch (error) {
    throw new StorageError(`sql.js: the database file ${file} is corrupt`, { cause: error });
  }
  if (verdict !== 'ok') {
    throw new StorageError(`sql.js: the database file ${file} is corrupt: ${String(verdict)}`);
  }
}

function rollback(connection: SqlConnection, logger: StorageLogger): void {
  try {
    connection.control('ROLLBACK');
  } catch (error) {
    // SQLite may already have rolled back (after some errors it does so itself).
    logger.warn('sql.js: rollback failed', { error });
  }
}
