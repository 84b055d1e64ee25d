/**
 * Upgrades of the PostgreSQL storage and the pg-boss scheduler: every dump an earlier release left
 * (`fixtures/`, made by `generate.ts`) is restored into fresh schemas, on the real server when
 * `LEADBOOK_TEST_DATABASE_URL` is set and on PGlite otherwise (see `support/databases.ts`). The current code then migrates it to the
 * current schema version, runs the jobs the old release scheduled, serves what it holds through
 * the Connect API and takes new bookings.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConnectService, createManualClock, type ConnectService } from '@leadbook/server';
import { checkUpgradedService, readFixtures } from '../../../../test-support/upgrade-checks';
import { fixtureWebhooks } from '../../../../test-support/upgrade-fixture';
import { createPgBossScheduler, createPostgresStorage, postgresMigrations } from '../../src';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from '../support/databases';
import { restorableDump } from './schemas';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CURRENT = postgresMigrations().at(-1)!.version;

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

/** Restores a fixture dump into fresh schemas; the session settings the dump changes are reset. */
async function restore(db: TestDatabase, name: string) {
  const schema = db.freshSchema('leadbook_upgrade');
  const pgbossSchema = db.freshSchema('leadbook_upgrade_pgboss');
  const dump = await readFile(join(FIXTURES, `${name}.sql`), 'utf8');
  const client = await db.pool.connect();
  try {
    await client.query(restorableDump(dump, schema, pgbossSchema));
  } finally {
    await client.query('RESET ALL');
    client.release();
  }
  return { schema, pgbossSchema };
}

const version = async (db: TestDatabase, schema: string) =>
  Number((await db.pool.query(`SELECT MAX(version) AS v FROM "${schema}".schema_migrations`)).rows[0]!['v']);

/** The scheduler's jobs in the queue `leadbook`, counted by `group` (`state`, or the job's type). */
const countJobs = async (db: TestDatabase, pgbossSchema: string, group: 'state' | "data->>'type'") =>
  Object.fromEntries(
    (
      await db.pool.query(
        `SELECT ${group} AS k, COUNT(*)::int AS n FROM "${pgbossSchema}".job WHERE name = 'leadbook' GROUP BY 1`,
      )
    ).rows.map((row) => [String(row['k']), Number(row['n'])]),
  );

/** The job types the fixtures leave pending, and what shows that a job of the type ran. */
const JOB_SIGNS = ['calendar.appointment.hasStarted', 'calendar.appointment.hasEnded', 'webhook.delivery'];

function upgradeTests(database: () => Promise<TestDatabase>) {
  let service: ConnectService | undefined;
  // PGlite starts within the hook's longer timeout, not the test's.
  beforeAll(async () => void (await database()));
  afterEach(async () => {
    await service?.close();
    service = undefined;
    await (await database()).dropSchemas();
  });

  it.each(readFixtures(FIXTURES, 'postgres'))(
    'the dump of $manifest.release.version migrates, runs its pending jobs, serves its records and takes new bookings',
    async ({ manifest, name }) => {
      const db = await database();
      const { schema, pgbossSchema } = await restore(db, name);
      expect(await version(db, schema)).toBe(manifest.schemaVersion);
      expect(manifest.schemaVersion).toBeLessThanOrEqual(CURRENT);
      const pending: Record<string, number> = await countJobs(db, pgbossSchema, "data->>'type'");
      expect(JOB_SIGNS).toEqual(expect.arrayContaining(Object.keys(pending)));
      const total = Object.values(pending).reduce((sum, n) => sum + n, 0);
      expect(await countJobs(db, pgbossSchema, 'state')).toEqual({ created: total });

      // Every job the old release left pending fell due by the database's clock, and runs now.
      const ran: Record<string, number> = {};
      let allRan!: () => void;
      const done = new Promise<void>((resolve) => (allRan = resolve));
      const note = (type: string) => {
        ran[type] = (ran[type] ?? 0) + 1;
        if (Object.entries(pending).every(([key, n]) => (ran[key] ?? 0) >= n)) allRan();
      };
      const open = async () => {
        const scheduler = createPgBossScheduler({ pool: db.pool, schema: pgbossSchema });
        const opened = await createConnectService({
          clock: createManualClock(manifest.now),
          storage: await createPostgresStorage({ pool: db.pool, schema, scheduler }),
          scheduler,
          webhooks: fixtureWebhooks(() => note('webhook.delivery')),
        });
        opened.events.on('calendar.appointment.hasStarted', () => note('calendar.appointment.hasStarted'));
        opened.events.on('calendar.appointment.hasEnded', () => note('calendar.appointment.hasEnded'));
        return opened;
      };
      service = await open();
      expect(await version(db, schema)).toBe(CURRENT);
      await done;
      await service.close();
      // None is left pending (a delivered webhook's job may be gone rather than completed).
      expect(['completed']).toEqual(
        expect.arrayContaining(Object.keys(await countJobs(db, pgbossSchema, 'state'))),
      );

      // A restart on the migrated schemas serves the old records and takes new bookings.
      service = await open();
      const bookingId = await checkUpgradedService(service, manifest);
      const stored = await service.storage.transaction((tx) =>
        tx.bookings.get(manifest.organizationId, bookingId),
      );
      expect(stored).toMatchObject({ startDateTime: manifest.hold.startDateTime });
    },
  );
}

describe.skipIf(!RUN_PGLITE)('upgrades on PGlite', () => upgradeTests(pglite.get));
describe.runIf(SERVER_URL)('upgrades on the PostgreSQL server', () => upgradeTests(server.get));
