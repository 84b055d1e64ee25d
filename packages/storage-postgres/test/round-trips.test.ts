/**
 * Round trips per operation, counted on the pool (not timed): a booking through the Connect API
 * takes at most six, its pg-boss timers included when the storage is given the scheduler, and the
 * timers are pg-boss jobs written in the booking's own transaction.
 */
import { createConnectService } from '@leadbook/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgBossScheduler, createPostgresStorage } from '../src';
import { jobIdOf } from '../src/scheduler/job-id';
import { lazily, openPglite, openServer, SERVER_URL, type TestDatabase } from './support/databases';
import { countingPool } from './support/query-count';
import { plannerBooking, PLANNER_TOKEN, seedScenario, tomorrowAtFullHour } from './support/scenario';

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

const headers = { authorization: `Bearer ${PLANNER_TOKEN}`, 'content-type': 'application/json' };

async function bookingRoundTrips(db: TestDatabase) {
  const schema = db.freshSchema('leadbook_trips');
  const bossSchema = db.freshSchema('pgboss_trips');
  const scenario = await seedScenario(db.pool, schema);
  const counting = countingPool(db.pool);
  // The scheduler's own loop polls on the uncounted pool: what is counted is the requests' work,
  // the timers the storage writes in the booking's transaction included.
  const scheduler = createPgBossScheduler({ pool: db.pool, schema: bossSchema });
  const storage = await createPostgresStorage({ pool: counting.pool, schema, scheduler });
  const service = await createConnectService({ storage, scheduler });
  try {
    const book = async (startMs: number) => {
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
    return { perBooking, ids, jobIds: new Set(jobs.rows.map((row) => row.id)) };
  } finally {
    await service.close();
    await db.dropSchemas();
  }
}

function roundTripTests(database: () => Promise<TestDatabase>) {
  it('a booking takes at most 6 round trips, its two timers written in its transaction', async () => {
    const { perBooking, ids, jobIds } = await bookingRoundTrips(await database());
    expect(perBooking).toBeLessThanOrEqual(6);
    for (const id of ids) {
      expect(jobIds.has(jobIdOf('leadbook', `booking:${id}:hasStarted`))).toBe(true);
      expect(jobIds.has(jobIdOf('leadbook', `booking:${id}:hasEnded`))).toBe(true);
    }
  });
}

describe('round trips on PGlite', () => roundTripTests(pglite.get));

// The real server runs only where LEADBOOK_TEST_DATABASE_URL names one (CI sets it).
describe.skipIf(!SERVER_URL)('round trips on the PostgreSQL server', () => roundTripTests(server.get));
