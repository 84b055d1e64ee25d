/**
 * `service.health()` on the PostgreSQL storage: the readiness route fails while the schema lacks a
 * migration (a new version started with `migrate: false` before its migrations ran) and passes
 * once it has run.
 */
import { createConnectService, type Scheduler } from '@leadbook/server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPostgresStorage, migrate, postgresMigrations } from '../src';
import { lazily, openPglite, openServer, SERVER_URL, type TestDatabase } from './support/databases';

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

// The scheduler plays no part here: one that starts and does nothing.
const idleScheduler: Scheduler = {
  schedule: async () => {},
  cancel: async () => false,
  start: async () => {},
  stop: async () => {},
};

function healthTests(database: () => Promise<TestDatabase>) {
  afterEach(async () => (await database()).dropSchemas());

  it('readiness fails while the schema lacks a migration, and passes once it ran', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_health');
    const migrations = postgresMigrations();
    const latest = migrations.at(-1)!.version;
    // The schema as the previous release left it: every migration but the newest (versions may
    // skip a number, so the one before is the previous migration's, not latest - 1).
    const previous = migrations.at(-2)!.version;
    await db.pool.query(`CREATE SCHEMA "${schema}"`);
    await db.pool.query(
      `CREATE TABLE "${schema}".schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const { version, name, sql } of postgresMigrations(schema).slice(0, -1)) {
      await db.pool.query(sql);
      await db.pool.query(`INSERT INTO "${schema}".schema_migrations (version, name) VALUES ($1, $2)`, [
        version,
        name,
      ]);
    }
    const storage = await createPostgresStorage({ pool: db.pool, schema, migrate: false });
    const service = await createConnectService({ storage, scheduler: idleScheduler, health: true });
    try {
      const readiness = () => service.fetch(new Request('http://service.test/readyz'));
      const before = await readiness();
      expect(before.status).toBe(503);
      expect(await before.json()).toMatchObject({
        status: 'unavailable',
        checks: {
          storage: { status: 'pass' },
          migrations: { status: 'fail', reason: 'behind', applied: previous, latest },
        },
      });
      await migrate(db.pool, { schema });
      const after = await readiness();
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({
        status: 'ok',
        checks: {
          storage: { status: 'pass' },
          migrations: {
            status: 'pass',
            applied: latest,
            latest,
          },
          scheduler: { status: 'pass' },
          shuttingDown: false,
        },
      });
    } finally {
      await service.close();
    }
  });
}

describe('health (PGlite)', () => healthTests(pglite.get));

// The real server runs only where LEADBOOK_TEST_DATABASE_URL names one (CI sets it).
describe.skipIf(!SERVER_URL)('health (server)', () => healthTests(server.get));
