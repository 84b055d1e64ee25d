/**
 * The sql.js storage adapter: the default `StorageAdapter` of `@leadbook/server`, in memory with
 * optional file persistence.
 *
 * @module
 */
import type { Repositories, StorageAdapter, TransactionOptions } from '../../ports/storage';
import type { StorageLogger } from './persistence';
import { StorageError } from '../../ports/storage';
import { SqlConnection, toStorageError } from './connection';
import { loadSqlJs } from './load-sql-js';
import { applyMigrations } from './migrations';
import { Mutex } from './mutex';
import { DebouncedWriter, readDatabaseFile, removeStaleTempFiles, writeFileAtomic } from './persistence';
import { createRepositories } from './repositories';
import { openTransactionScope } from './transaction-scope';
import { TokenCache } from './token-cache';

/** Options of {@link createSqlJsStorage}. */
export interface SqlJsStorageOptions {
  /**
   * Persist the database to this file: loaded at start when it exists, written after commits. One
   * process per file: the whole database lives in memory, so two processes would overwrite each
   * other's writes.
   */
  file?: string;
  /** How long after a committed write the file is written, coalescing commits meanwhile. Default 100. */
  persistDebounceMs?: number;
  /** Receives failed background writes and cleanup warnings. Default: `console`. */
  logger?: StorageLogger;
}

/** The sql.js adapter: a `StorageAdapter` plus access to the database image. */
export interface SqlJsStorage extends StorageAdapter {
  /**
   * The SQLite file image of the database now, for backups and for tests that search the stored
   * bytes (for plaintext tokens, say).
   *
   * @throws StorageError while a transaction runs or after `close()`.
   */
  exportBytes(): Uint8Array;
  /** Writes pending changes to the file now (a no-op without `file`); rejects when the write fails. */
  flush(): Promise<void>;
  /**
   * How many SQL statements this adapter has executed since it was created, transaction control
   * (`BEGIN`, `COMMIT`, `ROLLBACK`) and migrations included; reads answered from the read cache (see
   * {@link createSqlJsStorage}) are not executed and do not count. For benchmarks and diagnostics:
   * take the difference of two readings around the work to measure, with no other work running.
   *
   * @example
   * ```ts
   * const before = storage.statementCount();
   * await storage.transaction((tx) => tx.calendars.list('org_1'));
   * console.log(storage.statementCount() - before); // 3: BEGIN, SELECT, COMMIT (1 when readOnly)
   * // Again, with no write to calendars since: 2 (BEGIN, COMMIT), the SELECT's rows come from the cache.
   * ```
   */
  statementCount(): number;
}

/**
 * Creates the sql.js storage adapter. Transactions run one at a time in call order (an in-process
 * mutex), so no other transaction's statements interleave with the awaits inside one. With `file`,
 * every committed transaction that wrote schedules a debounced atomic write; `close()` writes what
 * is pending.
 *
 * Results of small reads (up to 64 rows) are remembered until a write touches a table they read
 * (directly or through a trigger); schema changes and rollbacks forget them all. The adapter's
 * connection is the only one its database has, so remembered results are always current.
 *
 * Do not call `transaction()` inside a transaction callback: the inner call waits for the outer
 * one, which waits for it.
 *
 * @throws StorageError when the file exists but is unreadable, corrupt or from a newer schema.
 *
 * @example
 * ```ts
 * const storage = await createSqlJsStorage({ file: './data/leadbook.sqlite' });
 * const calendars = await storage.transaction((tx) => tx.calendars.list('org_1'));
 * await storage.close();
 * ```
 */
export async function createSqlJsStorage(options: SqlJsStorageOptions = {}): Promise<SqlJsStorage> {
  const { file, persistDebounceMs = 100, logger = console } = options;
  const SQL = await loadSqlJs();
  const bytes = file === undefined ? null : await readDatabaseFile(file);
  if (file !== undefined) await removeStaleTempFiles(file, logger);

  const connection = openConnection(SQL, bytes, file);
  let migrated: number;
  try {
    if (bytes) checkIntegrity(connection, file);
    connection.applyPragmas();
    migrated = applyMigrations(connection);
  } catch (error) {
    connection.close();
    throw error;
  }

  const mutex = new Mutex();
  const writer =
    file === undefined
      ? undefined
      : new DebouncedWriter(
          async () => writeFileAtomic(file, await mutex.run(() => connection.export())),
          persistDebounceMs,
          (error) =>
            logger.error(`sql.js: could not write ${file}; will retry after the next commit`, { error }),
        );
  if (migrated > 0) writer?.schedule();

  let closing: Promise<void> | undefined;
  const tokens = new TokenCache();

  // Transactions are serialised by the mutex, so a read-only one needs no BEGIN/COMMIT to see a
  // consistent database; its scope refuses writes, which would otherwise commit one by one.
  const read = async <T>(fn: (tx: Repositories) => Promise<T>): Promise<T> => {
    const scope = openTransactionScope(connection, { readOnly: true });
    try {
      return await fn(createRepositories(scope.exec, { tokens, readOnly: true }));
    } finally {
      scope.end();
    }
  };

  const run = async <T>(fn: (tx: Repositories) => Promise<T>): Promise<T> => {
    const before = connection.totalChanges();
    connection.control('BEGIN');
    const scope = openTransactionScope(connection);
    let result: T;
    try {
      result = await fn(createRepositories(scope.exec, { tokens, readOnly: false }));
    } catch (error) {
      scope.end();
      rollback(connection, logger);
      throw error;
    }
    scope.end();
    const wrote = connection.totalChanges() > before;
    try {
      connection.control('COMMIT');
    } catch (error) {
      rollback(connection, logger);
      throw error;
    }
    if (wrote) writer?.schedule();
    return result;
  };

  return {
    name: 'sqljs',
    transaction<T>(fn: (tx: Repositories) => Promise<T>, options?: TransactionOptions): Promise<T> {
      // lockKeys need no handling: every transaction is serialised.
      if (closing) return Promise.reject(new StorageError('sql.js: the storage is closed'));
      return mutex.run(() => (options?.readOnly ? read(fn) : run(fn)));
    },
    exportBytes() {
      if (closing) throw new StorageError('sql.js: the storage is closed');
      if (mutex.busy) throw new StorageError('sql.js: cannot export while a transaction runs');
      return connection.export();
    },
    async flush() {
      await writer?.flush();
    },
    statementCount() {
      return connection.statementCount();
    },
    close() {
      closing ??= (async () => {
        // Transactions accepted before close() finish first; later ones are refused above.
        await mutex.run(() => undefined);
        try {
          await writer?.flush();
        } catch (error) {
          throw toStorageError(error, `final write of ${file ?? 'the database'}`);
        } finally {
          connection.close();
        }
      })();
      return closing;
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
