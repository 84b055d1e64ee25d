/**
 * The PostgreSQL storage adapter: the storage port on a `pg.Pool` the caller owns.
 *
 * @module
 */
import type { Repositories, StorageAdapter, TransactionOptions } from '@leadbook/server';
import { StorageError } from '@leadbook/server';
import { createSqlRepositories } from '@leadbook/server/sql';
import { quoteSchema, type PgPool, type PgPoolClient } from '../pg';
import { toStorageError } from './errors';
import { openTransactionScope } from './executor';
import { DEFAULT_SCHEMA, migrate as applyMigrations } from './migrations';
import { postgresDialect } from './dialect';

/** Options of {@link createPostgresStorage}. */
export interface PostgresStorageOptions {
  /**
   * The pool every transaction takes a client from. You own it: `close()` does not end it, so end
   * it yourself after closing the storage and everything else that uses it.
   */
  pool: PgPool;
  /** The schema that holds the tables. Default `leadbook`. */
  schema?: string;
  /**
   * Run {@link migrate} before returning (under an advisory lock, so instances that start together
   * do not race). Default true; pass false when you apply the migrations yourself.
   */
  migrate?: boolean;
}

/** The PostgreSQL adapter: a `StorageAdapter` plus the schema it works in. */
export interface PostgresStorage extends StorageAdapter {
  /** The schema that holds the tables. */
  readonly schema: string;
}

const LOCK_SQL = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';

/**
 * Creates the PostgreSQL storage adapter. Each `transaction(fn)` checks a client out of the pool
 * and runs `BEGIN` (READ COMMITTED), then takes a transaction-scoped advisory lock per lock key in
 * sorted order (so two transactions never wait on each other in a cycle), then runs `fn`, then
 * `COMMIT`, or `ROLLBACK` when `fn` throws. The locks hold across processes, so a capacity check
 * and the booking insert after it never interleave with another instance's: a booking takes
 * `resource:<id>`, and since each statement of a READ COMMITTED transaction reads what was
 * committed before it, the check sees every booking committed under the lock before it.
 *
 * Failures of the database become `StorageError` (the HTTP layer answers 500 `DATABASE_ERROR`);
 * what `fn` throws propagates unchanged.
 *
 * Do not call `transaction()` inside a transaction callback: the inner call is a separate
 * transaction on a second client, which neither sees the outer one's writes nor can take its
 * locks, and with a small pool it waits for a client that never comes free.
 *
 * @throws StorageError when migrating fails or the database is at a newer schema version.
 * @throws RangeError when `schema` is not a plain SQL identifier.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createConnectService } from '@leadbook/server';
 * import { createPostgresStorage } from '@leadbook/storage-postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const storage = await createPostgresStorage({ pool });
 * const service = await createConnectService({ storage });
 * // ... on shutdown: the service closes the storage; the pool is yours to end.
 * await service.close();
 * await pool.end();
 * ```
 */
export async function createPostgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const { pool, schema = DEFAULT_SCHEMA } = options;
  const repositories = createSqlRepositories(postgresDialect(quoteSchema(schema)));
  if (options.migrate ?? true) await applyMigrations(pool, { schema });

  const running = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;

  const run = async <T>(fn: (tx: Repositories) => Promise<T>, txOptions: TransactionOptions): Promise<T> => {
    let client: PgPoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw toStorageError(error, 'connect');
    }
    const scope = openTransactionScope(client, { readOnly: txOptions.readOnly ?? false });
    // A client whose transaction state is unknown (ROLLBACK failed) must not go back to the pool.
    let broken = false;
    const control = async (sql: string, params?: unknown[]) => {
      try {
        await client.query(sql, params);
      } catch (error) {
        throw toStorageError(error, sql === LOCK_SQL ? `lock ${String(params?.[0])}` : sql);
      }
    };
    try {
      await control(txOptions.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    } catch (error) {
      client.release(true);
      throw error;
    }
    try {
      for (const key of [...new Set(txOptions.lockKeys ?? [])].sort()) {
        // Namespaced by schema, so other schemas (and other applications) on the database do not contend.
        await control(LOCK_SQL, [`leadbook:${schema}:${key}`]);
      }
      const result = await fn(repositories(scope.exec));
      await scope.end();
      await control('COMMIT');
      return result;
    } catch (error) {
      await scope.end();
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  };

  return {
    name: 'postgres',
    schema,
    transaction<T>(fn: (tx: Repositories) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
      if (closing) return Promise.reject(new StorageError('postgres: the storage is closed'));
      const pending = run(fn, txOptions);
      running.add(pending);
      void pending.then(
        () => running.delete(pending),
        () => running.delete(pending),
      );
      return pending;
    },
    close() {
      // Transactions accepted before close() finish first; later ones are refused above. The pool
      // belongs to the caller and stays open.
      closing ??= Promise.allSettled([...running]).then(() => undefined);
      return closing;
    },
  };
}
