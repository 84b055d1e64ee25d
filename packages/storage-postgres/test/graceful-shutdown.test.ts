/**
 * SIGTERM of a service process on PostgreSQL while four keep-alive clients post leads back to
 * back: the process shuts down as the mounting guide says (stop accepting, `service.close()`, end
 * the open connections, end the pool). No client ever gets a 500, a refused request is the 503 of
 * the Connect envelope, the process exits 0, and every acknowledged lead is in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAll } from '../../../test-support/processes';
import { processTarget, shutdownTrial } from '../../../test-support/shutdown-trial';
import { lazily, openServer, SERVER_URL, type TestDatabase } from './support/databases';
import { startPgInstance } from './support/instances';
import { PLANNER_TOKEN, seedScenario, type Scenario } from './support/scenario';

const TRIALS = 3;
const server = lazily(() => openServer(SERVER_URL!));

// Separate processes need a database they can all reach: these tests run only where
// LEADBOOK_TEST_DATABASE_URL names a PostgreSQL server (CI sets it). PGlite lives inside one
// process. Set but unreachable, beforeAll fails and with it every test.
describe.skipIf(!SERVER_URL)('SIGTERM with keep-alive clients on PostgreSQL', { timeout: 180_000 }, () => {
  let db: TestDatabase;
  let schema: string;
  let pgBossSchema: string;
  let scenario: Scenario;

  beforeAll(async () => {
    db = await server.get();
    schema = db.freshSchema('leadbook_shutdown');
    pgBossSchema = db.freshSchema('pgboss_shutdown');
    scenario = await seedScenario(db.pool, schema);
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await server.close();
  });

  it(`answers no 500 and keeps every acknowledged lead, ${TRIALS} trials`, async () => {
    const { organizationId, tableId, leadStateId } = scenario.planner;
    for (let trial = 0; trial < TRIALS; trial++) {
      const instance = await startPgInstance({
        DATABASE_URL: db.url,
        LEADBOOK_SCHEMA: schema,
        LEADBOOK_PGBOSS_SCHEMA: pgBossSchema,
      });
      const report = await shutdownTrial(processTarget(instance), {
        path: '/connect/table_entries/',
        headers: { authorization: `Bearer ${PLANNER_TOKEN}`, 'content-type': 'application/json' },
        body: (client, n) => ({ tableId, leadStateId, data: { trial, client, n } }),
      });
      expect({ trial, problems: report.problems, exit: report.exit }).toEqual({
        trial,
        problems: [],
        exit: 0,
      });
      expect(report.statuses[500]).toBeUndefined();
      expect(report.acknowledged.length).toBeGreaterThan(0);

      const { rows } = await db.pool.query<{ id: string }>(
        `SELECT id FROM "${schema}".table_entries WHERE organization_id = $1`,
        [organizationId],
      );
      const stored = new Set(rows.map((row) => row.id));
      expect(report.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    }
  });
});
