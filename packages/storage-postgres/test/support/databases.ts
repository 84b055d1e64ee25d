/**
 * The databases the tests run on: the real server when `LEADBOOK_TEST_DATABASE_URL` is set, and
 * otherwise PGlite (in-process PostgreSQL, served over a loopback socket so the real `pg` driver
 * talks to it), so a machine without PostgreSQL still runs every suite. With a server, the suites
 * that run on both skip PGlite unless `LEADBOOK_TEST_PGLITE=1`: it runs the same SQL through the
 * same driver, several times slower. CI covers both: the server in its main run, PGlite in the run
 * with the clock shifted (which unsets the server). Every test works in fresh schemas, dropped
 * afterwards.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';

/** The real server's URL, when the environment names one (CI does). */
export const SERVER_URL = process.env['LEADBOOK_TEST_DATABASE_URL'] || undefined;

/** Whether the suites that run on both databases run on PGlite: without a server, or when asked. */
export const RUN_PGLITE = !SERVER_URL || process.env['LEADBOOK_TEST_PGLITE'] === '1';

/** A database the tests share, with a pool and fresh schemas. */
export interface TestDatabase {
  /** `pglite` or `server`, for test names. */
  readonly kind: 'pglite' | 'server';
  /** The pool every adapter under test uses. */
  readonly pool: pg.Pool;
  /** A connection string for other pools and processes (the server only). */
  readonly url: string;
  /** A new, unused schema name starting with `prefix`; {@link TestDatabase.dropSchemas} drops it. */
  freshSchema(prefix: string): string;
  /** Drops every schema handed out so far. */
  dropSchemas(): Promise<void>;
  /** Drops the schemas and releases everything. */
  close(): Promise<void>;
}

function schemas(pool: pg.Pool) {
  const names = new Set<string>();
  return {
    fresh(prefix: string) {
      const name = `${prefix}_${randomBytes(6).toString('hex')}`;
      names.add(name);
      return name;
    },
    async drop() {
      for (const name of [...names]) {
        names.delete(name);
        await pool.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      }
    },
  };
}

/**
 * PGlite behind pglite-socket, with a pool of one connection: PGlite is a single session, and one
 * client at a time keeps the extended-protocol messages of two queries from interleaving.
 */
export async function openPglite(): Promise<TestDatabase> {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  // No idle timeout: a reconnect could race the server's one-connection limit. A query that gets
  // no answer fails after 15 s instead of hanging the test until its timeout, so it says what hung.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0, query_timeout: 15_000 });
  const named = schemas(pool);
  return {
    kind: 'pglite',
    pool,
    url,
    freshSchema: named.fresh,
    dropSchemas: named.drop,
    async close() {
      await named.drop();
      await pool.end();
      await server.stop();
      await db.close();
    },
  };
}

/**
 * The real server. Rejects when it is unreachable, so a test file that was told to use it fails
 * rather than skips.
 */
export async function openServer(url: string, max = 10): Promise<TestDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
  });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new Error(`LEADBOOK_TEST_DATABASE_URL is set but the server is unreachable: ${String(error)}`, {
      cause: error,
    });
  }
  const named = schemas(pool);
  return {
    kind: 'server',
    pool,
    url,
    freshSchema: named.fresh,
    dropSchemas: named.drop,
    async close() {
      await named.drop();
      await pool.end();
    },
  };
}

/**
 * Migrated storage schemas, emptied and handed out again: on a real server dropping a schema of
 * two dozen tables takes about 120 ms and emptying it 3 ms, which for the few hundred conformance
 * tests is the difference between minutes and seconds. Every schema is dropped with the database.
 */
export function reusableSchemas(db: TestDatabase) {
  const free: string[] = [];
  let tables: string[] | undefined;
  return {
    /** A migrated schema without rows, or a new name (the storage migrates it). */
    acquire: (): string => free.pop() ?? db.freshSchema('leadbook_test'),
    /** Deletes every row of the schema and hands it out again. */
    async release(schema: string): Promise<void> {
      tables ??= (
        await db.pool.query(
          "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename <> 'schema_migrations'",
          [schema],
        )
      ).rows.map((row) => String(row['tablename']));
      await db.pool.query(tables.map((table) => `DELETE FROM "${schema}"."${table}"`).join('; '));
      free.push(schema);
    },
  };
}

/** Opens a database on first use and closes it once, for a test file's afterAll. */
export function lazily(open: () => Promise<TestDatabase>) {
  let opened: Promise<TestDatabase> | undefined;
  return {
    get: () => (opened ??= open()),
    async close() {
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}
