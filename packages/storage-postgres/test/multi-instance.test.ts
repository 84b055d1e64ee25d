/**
 * Two service instances in separate processes on one PostgreSQL database: capacity holds across
 * them, a timer fires once between them, the public form rate limit is shared, and each event is
 * delivered once to a webhook subscription between them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorMessages } from '@leadbook/contract';
import { createConnectService } from '@leadbook/server';
import { createPostgresStorage } from '../src';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazily, openServer, SERVER_URL, type TestDatabase } from './support/databases';
import { stopAll, type Instance } from '../../../test-support/processes';
import { startPgInstance } from './support/instances';
import { shareDatabase } from './support/two-instances';
import {
  CAPACITY,
  LEGACY_TOKEN,
  legacyBooking,
  inertScheduler,
  PLANNER_TOKEN,
  plannerBooking,
  tomorrowAtFullHour,
  type Scenario,
} from './support/scenario';

const server = lazily(() => openServer(SERVER_URL!));

const post = (url: string, token: string, body: unknown) =>
  fetch(`${url}/connect/calendar_bookings/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// Separate processes need a database they can all reach: these tests run only where
// LEADBOOK_TEST_DATABASE_URL names a PostgreSQL server (CI sets it). PGlite lives inside one
// process. Set but unreachable, beforeAll fails and with it every test.
describe.skipIf(!SERVER_URL)('two instances on one database', () => {
  let db: TestDatabase;
  let schema: string;
  let scenario: Scenario;
  let instances: Instance[];

  beforeAll(async () => {
    db = await server.get();
    let env: Record<string, string>;
    ({ schema, scenario, env } = await shareDatabase(db, 'multi'));
    instances = await Promise.all([startPgInstance(env), startPgInstance(env)]);
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await server.close();
  });

  it('200 concurrent bookings of one slot of capacity 8, split across both, give exactly 8 bookings', async () => {
    const body = plannerBooking(scenario, tomorrowAtFullHour());
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => post(instances[index % 2]!.url, PLANNER_TOKEN, body)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAPACITY);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Every other request is refused as the SPEC says: 400, the slot is no longer available.
    const refusals = await Promise.all(
      responses.filter((response) => response.status !== 201).map((response) => response.json()),
    );
    expect(refusals).toHaveLength(200 - CAPACITY);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ statusCode: 400, message: ErrorMessages.slotUnavailable });
    }
    const { rows } = await db.pool.query(
      `SELECT COUNT(*)::int AS n FROM "${schema}".bookings WHERE start_ms = $1`,
      [Date.parse(body.startDateTime)],
    );
    expect(rows[0]).toEqual({ n: CAPACITY });
  });

  it("each booking's hasStarted fires once across both instances", async () => {
    const startMs = Date.now() + 2_000;
    const ids: string[] = [];
    for (let index = 0; index < 10; index++) {
      const response = await post(instances[index % 2]!.url, LEGACY_TOKEN, legacyBooking(scenario, startMs));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const fired = () => instances.flatMap((instance) => instance.started()).filter((id) => ids.includes(id));
    const deadline = Date.now() + 15_000;
    while (fired().length < ids.length && Date.now() < deadline) await sleep(100);
    // Give a second firing every chance to show up.
    await sleep(1_000);
    expect([...fired()].sort()).toEqual([...ids].sort());
    const { rows } = await db.pool.query(
      `SELECT doc->'payload'->'booking'->>'id' AS id, COUNT(*)::int AS n FROM "${schema}".activity
       WHERE type = 'calendar.appointment.hasStarted' GROUP BY 1`,
    );
    expect(rows.filter((row) => ids.includes(String(row['id'])))).toHaveLength(ids.length);
    expect(rows.every((row) => row['n'] === 1)).toBe(true);
  }, 30_000);

  it('40 GETs of one form from one IP, split across both, get exactly 30 answers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        fetch(`${instances[index % 2]!.url}/public/forms/${scenario.formId}/config`),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('200 events, made on both, are each delivered once to a webhook subscription between them', async () => {
    const hits: Array<{ webhookId: string; eventId: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: string } };
        hits.push({ webhookId: String(req.headers['webhook-id']), eventId: body.data.id });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const storage = await createPostgresStorage({ pool: db.pool, schema });
    const consoleService = await createConnectService({
      storage,
      scheduler: inertScheduler,
      webhooks: { allowPrivateUrls: true },
    });
    const { organizationId, tableId, leadStateId } = scenario.planner;
    const subscription = await consoleService.admin.webhookSubscriptions.create(organizationId, {
      url,
      eventTypes: ['table.entry.added'],
    });
    try {
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          fetch(`${instances[index % 2]!.url}/connect/table_entries/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${PLANNER_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify({ tableId, leadStateId, data: { n: index } }),
          }),
        ),
      );
      expect(responses.map((response) => response.status).filter((status) => status >= 300)).toEqual([]);
      const entryIds = await Promise.all(
        responses.map(async (response) => ((await response.json()) as { id: string }).id),
      );
      const deadline = Date.now() + 60_000;
      while (hits.length < 200 && Date.now() < deadline) await sleep(100);
      // Give a second delivery every chance to show up.
      await sleep(1_500);
      expect(hits).toHaveLength(200);
      expect(new Set(hits.map((hit) => hit.webhookId)).size).toBe(200);
      const { rows } = await db.pool.query(
        `SELECT id, doc->'payload'->'entry'->>'id' AS entry FROM "${schema}".activity WHERE type = 'table.entry.added'`,
      );
      const events = new Map(rows.map((row) => [String(row['id']), String(row['entry'])]));
      expect(hits.map((hit) => events.get(hit.eventId)).sort()).toEqual([...entryIds].sort());
      const deliveries = await storage.transaction((tx) =>
        tx.webhookDeliveries.list(organizationId, { subscriptionId: subscription.id }),
      );
      expect(deliveries).toHaveLength(200);
      expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts.length === 1)).toBe(true);
    } finally {
      await consoleService.admin.webhookSubscriptions.delete(organizationId, subscription.id);
      await consoleService.close();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 90_000);
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
