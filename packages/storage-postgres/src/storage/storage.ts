/**
 * The PostgreSQL storage adapter: the storage port on a `pg.Pool` the caller owns.
 *
 * @module
 */
import type { Repositories, SchemaStatus, StorageAdapter, TransactionOptions } from '@leadbook/server';
import { StorageError } from '@leadbook/server';
import { createSqlRepositories } from '@leadbook/server/sql';
import { quoteSchema, type PgPool, type PgPoolClient } from '../pg';
import { toStorageError } from './errors';
import { openTransactionScope } from './executor';
import { DEFAULT_SCHEMA, migrate as applyMigrations, readSchemaStatus } from './migrations';
import { postgresDialect } from './dialect';
import type { PgBossScheduler } from '../scheduler';

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
  /**
   * The pg-boss scheduler the service will use. Given it, the storage writes a use case's jobs (a
   * booking's `hasStarted`/`hasEnded` timers) to pg-boss's job table in the use case's own
   * transaction, as parameterised statements: they commit or roll back with the booking.
   * Without it the service hands jobs to `scheduler.schedule()` after the commit, each in a
   * transaction of its own.
   */
  scheduler?: Pick<PgBossScheduler, 'jobRepository' | 'attach'>;
  /**
   * Send the repositories' statements as named prepared statements, which each connection parses
   * and plans once (what `pg` recommends for statements run again and again). Default true; set
   * false behind a pooler that does not keep prepared statements across transactions (PgBouncer
   * in transaction mode before 1.21).
   */
  prepareStatements?: boolean;
}

/** The PostgreSQL adapter: a `StorageAdapter` plus the schema it works in. */
export interface PostgresStorage extends StorageAdapter {
  /** The schema that holds the tables. */
  readonly schema: string;
  /** How far `schema` is migrated, against the newest migration this package knows. */
  schemaStatus(): Promise<SchemaStatus>;
}

/** The statement that takes the transaction-scoped advisory locks of the keys in `$1`, in its order. */
export const LOCK_STATEMENT = `SELECT pg_advisory_xact_lock(hashtextextended(key, 0))
  FROM unnest($1::text[]) WITH ORDINALITY AS keys(key, position) ORDER BY position`;

/**
 * Creates the PostgreSQL storage adapter. Each `transaction(fn)` checks a client out of the pool,
 * sends `BEGIN` (READ COMMITTED), then takes a transaction-scoped advisory lock per lock key, in
 * sorted order (so two transactions never wait on each other in a cycle), then runs `fn`, then
 * `COMMIT`, or `ROLLBACK` when `fn` throws. The locks hold across processes, so a capacity check
 * and the booking insert after it never interleave with another instance's: a booking takes
 * `resource:<id>`, and since each statement of a READ COMMITTED transaction reads what was
 * committed before it, the check sees every booking committed under the lock before it. Bookings
 * of different resources take different locks and never wait for each other.
 *
 * Every statement is parameterised: no value is ever written into SQL text. Each write goes to the
 * database when it is issued, so a failing write rejects its own call. Reads that `fn` starts
 * together (`Promise.all`) go as one statement; a read-only transaction without lock keys sends no
 * `BEGIN`/`COMMIT` at all (under READ COMMITTED its statements see the same data either way).
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
 *  * import { createConnectService } from '@leadbook/server';
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
  const scheduler = options.scheduler;
  const repositories = createSqlRepositories(
    postgresDialect(quoteSchema(schema)),
    scheduler ? { jobs: (exec) => scheduler.jobRepository(exec) } : {},
  );
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
    const lockKeys = [...new Set(txOptions.lockKeys ?? [])].sort();
    // READ COMMITTED gives each statement the latest committed data, in a transaction or not, so
    // a read-only unit without locks needs no BEGIN and COMMIT: its statements run as they come.
    const bare = (txOptions.readOnly ?? false) && lockKeys.length === 0;
    // A client whose transaction state is unknown (ROLLBACK failed), or whose connection the server
    // ended, must not go back to the pool.
    let broken = false;
    // While the unit holds the client, the server may end its connection (a restart, an
    // administrator's pg_terminate_backend): pg reports that as an 'error' event on the client,
    // which would end the process if nothing listened. The unit's next statement fails instead.
    const onError = () => void (broken = true);
    client.on?.('error', onError);
    const release = () => {
      client.off?.('error', onError);
      client.release(broken);
    };
    const scope = openTransactionScope(client, {
      readOnly: txOptions.readOnly ?? false,
      prepare: options.prepareStatements ?? true,
    });
    const control = async (sql: string, context = sql, values?: unknown[]) => {
      try {
        await client.query(sql, values);
      } catch (error) {
        throw toStorageError(error, context);
      }
    };
    if (!bare) {
      try {
        await control(txOptions.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        // The advisory locks in sorted order (so two transactions never wait on each other in a
        // cycle), namespaced by schema (so other schemas and applications on the database do not
        // contend), all in one statement.
        if (lockKeys.length > 0) {
          await control(LOCK_STATEMENT, `lock ${lockKeys.join(', ')}`, [
            lockKeys.map((key) => `leadbook:${schema}:${key}`),
          ]);
        }
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        release();
        throw error;
      }
    }
    try {
      const result = await fn(repositories(scope.exec));
      await scope.end();
      if (!bare) await control('COMMIT');
      return result;
    } catch (error) {
      await scope.end();
      if (!bare) await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      release();
    }
  };

  const storage: PostgresStorage = {
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
    schemaStatus() {
      if (closing) return Promise.reject(new StorageError('postgres: the storage is closed'));
      return readSchemaStatus(pool, schema);
    },
    close() {
      // Transactions accepted before close() finish first; later ones are refused above. The pool
      // belongs to the caller and stays open.
      closing ??= Promise.allSettled([...running]).then(() => undefined);
      return closing;
    },
  };
  await scheduler?.attach(storage);
  return storage;
}
