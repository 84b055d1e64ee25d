/**
 * The storage targets the PostgreSQL bench compares: sql.js in memory (the default), and
 * PostgreSQL (the server named by `LEADBOOK_TEST_DATABASE_URL`, or PGlite in process when none is
 * named, labelled as such). Each target gives a service wired as production would wire it.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createConnectService,
  createManualClock,
  createSqlJsStorage,
  type ConnectService,
  type StorageAdapter,
} from '@leadbook/server';
import { createPgBossScheduler, createPostgresStorage } from '@leadbook/storage-postgres';
import { STANDARD_FIXTURE_CLOCK } from '../server/dates';
import { countingPool, type CountingPool } from '../../packages/storage-postgres/test/support/query-count';

/** A database the bench can create services on. */
export interface Target {
  /** The row label. */
  label: string;
  /** A fresh service with fresh data, and how to close it. */
  open(): Promise<{
    service: ConnectService;
    storage: StorageAdapter;
    close(): Promise<void>;
    /** The database's pool, counting its queries, where there is one (PostgreSQL). */
    counting?: CountingPool;
  }>;
  /** Drops what the target created and releases it. */
  dispose(): Promise<void>;
}

/** The sql.js default: in memory, the in-process timer scheduler. */
export const sqlJsTarget: Target = {
  label: 'sql.js',
  async open() {
    const storage = await createSqlJsStorage();
    const service = await createConnectService({ storage, clock: createManualClock(STANDARD_FIXTURE_CLOCK) });
    return { service, storage, close: () => service.close() };
  },
  async dispose() {},
};

/** PostgreSQL with the pg-boss scheduler, each service in fresh schemas. */
export async function postgresTarget(url: string | undefined): Promise<Target & { url?: string }> {
  let pool: pg.Pool;
  let label: string;
  let release: () => Promise<void>;
  if (url) {
    pool = new pg.Pool({ connectionString: url, max: 10 });
    label = 'PostgreSQL';
    release = () => pool.end();
  } else {
    // The bench runs from the repository, where PGlite is a dev dependency.
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const db = await PGlite.create();
    const socket = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' });
    await socket.start();
    pool = new pg.Pool({
      connectionString: `postgres://postgres@${socket.getServerConn()}/postgres`,
      max: 1,
      idleTimeoutMillis: 0,
    });
    label = 'PGlite (in-process PostgreSQL)';
    release = async () => {
      await pool.end();
      await socket.stop();
      await db.close();
    };
  }
  const schemas: string[] = [];
  const fresh = (prefix: string) => {
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    schemas.push(name);
    return name;
  };
  return {
    label,
    ...(url ? { url } : {}),
    async open() {
      const counting = countingPool(pool);
      const scheduler = createPgBossScheduler({ pool: counting.pool, schema: fresh('pgboss_bench') });
      const storage = await createPostgresStorage({
        pool: counting.pool,
        schema: fresh('leadbook_bench'),
        scheduler,
      });
      const service = await createConnectService({
        storage,
        scheduler,
        clock: createManualClock(STANDARD_FIXTURE_CLOCK),
      });
      return { service, storage, close: () => service.close(), counting };
    },
    async dispose() {
      for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await release();
    },
  };
}
