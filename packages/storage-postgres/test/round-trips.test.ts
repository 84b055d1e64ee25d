/**
 * Statements per booking, counted on the pool (not timed). Every statement is parameterised and
 * every write goes when it is issued, so a capacity-checked booking through the Connect API takes
 * ten: the token read, BEGIN, the resource lock, two combined reads (the booking's records, then
 * the capacity check), the booking, its activity, its two pg-boss timers (written in the
 * booking's own transaction) and COMMIT. A webhook subscription of the organization adds its
 * delivery and the delivery's job; its read goes with the booking's first reads.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createConnectService } from '@leadbook/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgBossScheduler, createPostgresStorage } from '../src';
import { jobIdOf } from '../src/scheduler/job-id';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from './support/databases';
import { countingPool } from './support/query-count';
import { plannerBooking, PLANNER_TOKEN, seedScenario, tomorrowAtFullHour } from './support/scenario';

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

const headers = { authorization: `Bearer ${PLANNER_TOKEN}`, 'content-type': 'application/json' };

async function bookingRoundTrips(db: TestDatabase, { subscribed }: { subscribed: boolean }) {
  const schema = db.freshSchema('leadbook_trips');
  const bossSchema = db.freshSchema('pgboss_trips');
  const scenario = await seedScenario(db.pool, schema);
  // Only the requests' queries count, the timers the storage writes in the booking's transaction
  // included; the scheduler polls on the uncounted pool, and the webhook deliveries it runs (in its
  // own async context) are not counted either.
  const request = new AsyncLocalStorage<boolean>();
  const counting = countingPool(db.pool, () => request.getStore() === true);
  const scheduler = createPgBossScheduler({ pool: db.pool, schema: bossSchema });
  const storage = await createPostgresStorage({ pool: counting.pool, schema, scheduler });
  // Deliveries go nowhere (the discard port refuses them); only the requests' round trips count.
  const service = await createConnectService({ storage, scheduler, webhooks: { allowPrivateUrls: true } });
  try {
    if (subscribed) {
      await service.admin.webhookSubscriptions.create(scenario.planner.organizationId, {
        url: 'http://127.0.0.1:9/hook',
        eventTypes: ['calendar.appointment.booked'],
      });
    }
    const book = (startMs: number) => request.run(true, () => bookOnce(startMs));
    const bookOnce = async (startMs: number) => {
      const response = await service.fetch(
        new Request('http://x/connect/calendar_bookings/', {
          method: 'POST',
          headers,
          body: JSON.stringify(plannerBooking(scenario, startMs)),
        }),
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const start = tomorrowAtFullHour();
    await book(start); // the first request may warm caches (pg-boss's queue, prepared state)
    const before = counting.count();
    const ids = [await book(start + 3_600_000), await book(start + 7_200_000)];
    const perBooking = (counting.count() - before) / ids.length;
    const jobs = await db.pool.query<{ id: string }>(
      `SELECT id FROM "${bossSchema}".job WHERE name = 'leadbook' AND state = 'created'`,
    );
    const deliveries = await db.pool.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM "${schema}".webhook_deliveries`,
    );
    const jobIds = new Set(jobs.rows.map((row) => row.id));
    return { perBooking, ids, jobIds, deliveries: deliveries.rows[0]!.n };
  } finally {
    await service.close();
    await db.dropSchemas();
  }
}

function roundTripTests(database: () => Promise<TestDatabase>) {
  it.each([
    ['', false],
    [' with a webhook subscription of the organization', true],
  ])(
    'a booking%s takes the statements it needs, its two timers written in its transaction',
    async (_what, subscribed) => {
      const { perBooking, ids, jobIds, deliveries } = await bookingRoundTrips(await database(), {
        subscribed,
      });
      // The token lookup, then BEGIN, the lock, two read batches, the booking, its activity, both timers
      // in one statement, and COMMIT; a subscription adds its delivery rows.
      expect(perBooking).toBeLessThanOrEqual(subscribed ? 11 : 9);
      expect(deliveries).toBe(subscribed ? 3 : 0);
      for (const id of ids) {
        expect(jobIds.has(jobIdOf('leadbook', `booking:${id}:hasStarted`))).toBe(true);
        expect(jobIds.has(jobIdOf('leadbook', `booking:${id}:hasEnded`))).toBe(true);
      }
    },
  );
}

describe.skipIf(!RUN_PGLITE)('round trips on PGlite', () => roundTripTests(pglite.get));

// The real server runs only where LEADBOOK_TEST_DATABASE_URL names one (CI sets it).
describe.skipIf(!SERVER_URL)('round trips on the PostgreSQL server', () => roundTripTests(server.get));
