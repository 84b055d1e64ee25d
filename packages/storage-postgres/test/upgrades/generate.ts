/**
 * Writes the PostgreSQL upgrade fixture: the storage schema and the pg-boss scheduler's schema as a
 * release of `@leadbook/storage-postgres` leaves them, dumped as plain SQL, for
 * `postgres-upgrade.test.ts` to restore and open with the code of every later release.
 *
 * The committed fixture `fixtures/postgres-0.1.0.sql` (and its `.json` manifest) was written by
 * commit 1aad4b1 ("PostgreSQL job batching: one batch type, no optional promise"), the last commit
 * of release 0.1.0, against PostgreSQL 15 with its `pg_dump`.
 *
 * To add the fixture of the next release, on the release's last commit, from the repository root,
 * with a PostgreSQL server and its `pg_dump` at hand:
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *   npx tsx packages/storage-postgres/test/upgrades/generate.ts <version> <commit>
 * ```
 *
 * It creates the schemas {@link SCHEMA} and {@link PGBOSS_SCHEMA} (dropping them first), seeds
 * `seedUpgradeFixture` (`test-support/upgrade-fixture.ts`) through the public API on a fixed
 * clock, dumps both schemas (`pg_dump --inserts --no-owner --no-privileges`, so the dump loads
 * without COPY and without roles), drops them again and writes `fixtures/postgres-<version>.sql`
 * and `fixtures/postgres-<version>.json`. Keep the older fixtures: the test restores every one.
 * The scheduler is not started while seeding, so the bookings' jobs are in the dump as pending.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { createConnectService, createManualClock } from '@leadbook/server';
import { FIXTURE_NOW, fixtureWebhooks, seedUpgradeFixture } from '../../../../test-support/upgrade-fixture';
import { createPgBossScheduler, createPostgresStorage, postgresMigrations } from '../../src';
import { PGBOSS_SCHEMA, SCHEMA } from './schemas';

const [version, commit] = process.argv.slice(2);
const url = process.env['DATABASE_URL'];
if (!version || !commit || !url) throw new Error('usage: DATABASE_URL=... generate.ts <version> <commit>');

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const pool = new pg.Pool({ connectionString: url });
const dropSchemas = () => pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA}, ${PGBOSS_SCHEMA} CASCADE`);
try {
  await dropSchemas();
  const scheduler = createPgBossScheduler({ pool, schema: PGBOSS_SCHEMA });
  const storage = await createPostgresStorage({ pool, schema: SCHEMA, scheduler });
  // The service is given a scheduler that never starts, so no job runs while the fixture is made.
  const service = await createConnectService({
    clock: createManualClock(FIXTURE_NOW),
    storage,
    scheduler: { ...scheduler, start: async () => {}, stop: async () => {} },
    webhooks: fixtureWebhooks(),
  });
  const seeded = await seedUpgradeFixture(service);
  await service.close();
  await scheduler.stop();
  const { stdout } = await promisify(execFile)(
    'pg_dump',
    ['--inserts', '--no-owner', '--no-privileges', `--schema=${SCHEMA}`, `--schema=${PGBOSS_SCHEMA}`, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const manifest = {
    release: { version, commit },
    schemaVersion: postgresMigrations().at(-1)!.version,
    ...seeded,
  };
  await writeFile(join(fixtures, `postgres-${version}.sql`), stdout);
  await writeFile(join(fixtures, `postgres-${version}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`wrote ${fixtures}postgres-${version}.sql\n`);
} finally {
  await dropSchemas();
  await pool.end();
}
