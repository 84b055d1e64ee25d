/**
 * Booking meetings on PostgreSQL with the pg-boss scheduler, in separate processes: bookings made on
 * two instances get their meetings created exactly once between them, and a meeting whose instance
 * was killed between the booking and the creation is created exactly once after the restart.
 */
import { createConnectService, createInMemoryMeetingProvider } from '@leadbook/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../src';
import { lazily, openServer, SERVER_URL, type TestDatabase } from './support/databases';
import { killInstance, stopAll, type Instance } from '../../../test-support/processes';
import { startPgInstance } from './support/instances';
import {
  inertScheduler,
  PLANNER_TOKEN,
  plannerBooking,
  seedScenario,
  tomorrowAtFullHour,
  type Scenario,
} from './support/scenario';

const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await stopAll();
  await server.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeds the scenario and turns meetings on for the planner's class, hosted by `room@example.com`. */
async function meetingScenario(db: TestDatabase, name: string) {
  const schema = db.freshSchema(`leadbook_${name}`);
  const scenario = await seedScenario(db.pool, schema);
  const storage = await createPostgresStorage({ pool: db.pool, schema });
  const meetings = createInMemoryMeetingProvider();
  const service = await createConnectService({
    storage,
    scheduler: inertScheduler,
    meetings: { providers: [meetings] },
  });
  await service.admin.appointmentTypes.setMeetings(
    scenario.planner.organizationId,
    scenario.planner.appointmentTypeId,
    {
      provider: 'zoom',
      hosts: { [scenario.planner.resourceId]: 'room@example.com' },
    },
  );
  await service.close();
  const env = {
    DATABASE_URL: db.url,
    LEADBOOK_SCHEMA: schema,
    LEADBOOK_PGBOSS_SCHEMA: db.freshSchema(`pgboss_${name}`),
  };
  return { schema, scenario, env };
}

async function book(instance: Instance, scenario: Scenario, startMs: number): Promise<string> {
  const response = await fetch(`${instance.url}/connect/calendar_bookings/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PLANNER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(plannerBooking(scenario, startMs)),
  });
  expect(response.status).toBe(201);
  const booking = (await response.json()) as { id: string; meetingStatus: string };
  expect(booking.meetingStatus).toBe('pending');
  return booking.id;
}

/** The booking ids whose meetings `instances` reported creating, one entry per creation. */
const created = (instances: Instance[]) =>
  instances.flatMap((instance) =>
    instance.output.flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as { meetingCreated?: string };
        return parsed.meetingCreated ? [parsed.meetingCreated] : [];
      } catch {
        return [];
      }
    }),
  );

/** Waits (bounded) until every id has a created meeting, then a little more for a second creation to show. */
async function settle(db: TestDatabase, schema: string, ids: string[], limitMs: number) {
  const statuses = async () =>
    (
      await db.pool.query<{ status: string }>(
        `SELECT doc->'meeting'->>'status' AS status FROM "${schema}".bookings WHERE id = ANY($1)`,
        [ids],
      )
    ).rows.map((row) => row.status);
  const deadline = Date.now() + limitMs;
  while ((await statuses()).some((status) => status !== 'created') && Date.now() < deadline) await sleep(100);
  await sleep(1_000);
  return statuses();
}

// Separate processes need a database they can all reach: these run only where
// LEADBOOK_TEST_DATABASE_URL names a PostgreSQL server (CI sets it).
describe.skipIf(!SERVER_URL)('meetings on PostgreSQL', () => {
  it('bookings on two instances get their meetings created exactly once between them', async () => {
    const db = await server.get();
    const { schema, scenario, env } = await meetingScenario(db, 'meetings_two');
    const instances = await Promise.all([
      startPgInstance({ ...env, LEADBOOK_MEETINGS: 'on' }),
      startPgInstance({ ...env, LEADBOOK_MEETINGS: 'on' }),
    ]);
    const start = tomorrowAtFullHour();
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        book(instances[index % 2]!, scenario, start + index * 3_600_000),
      ),
    );
    expect(await settle(db, schema, ids, 15_000)).toEqual(ids.map(() => 'created'));
    expect(created(instances).sort()).toEqual([...ids].sort());
    const { rows } = await db.pool.query(
      `SELECT COUNT(*)::int AS n FROM "${schema}".activity WHERE type = 'calendar.appointment.meetingCreated'`,
    );
    expect(rows[0]).toEqual({ n: ids.length });
    await Promise.all(instances.map((instance) => killInstance(instance)));
  }, 45_000);

  it('a meeting whose instance died between the booking and the creation is created once after the restart', async () => {
    const db = await server.get();
    const { schema, scenario, env } = await meetingScenario(db, 'meetings_restart');
    // The first instance's provider is down: its attempts fail, and it dies before a retry.
    const first = await startPgInstance({ ...env, LEADBOOK_MEETINGS: 'down' });
    const start = tomorrowAtFullHour();
    const ids = [await book(first, scenario, start), await book(first, scenario, start + 3_600_000)];
    await killInstance(first);
    expect(created([first])).toEqual([]);

    const restarted = await Promise.all([
      startPgInstance({ ...env, LEADBOOK_MEETINGS: 'on' }),
      startPgInstance({ ...env, LEADBOOK_MEETINGS: 'on' }),
    ]);
    // The retry is due 5 s after the failed attempt; at once if the job had not fired yet (or was
    // lost with the process: pg-boss fires a job at most once, and the start-up sweep re-arms it);
    // for an attempt the kill cut short, 5 s after its lease (2 s) ran out.
    expect(await settle(db, schema, ids, 25_000)).toEqual(['created', 'created']);
    expect(created(restarted).sort()).toEqual([...ids].sort());
    await Promise.all(restarted.map((instance) => killInstance(instance)));
  }, 60_000);
});
