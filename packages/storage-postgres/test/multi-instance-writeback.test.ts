/**
 * External calendar write-back across two service instances in separate processes on one
 * PostgreSQL database (the pg-boss scheduler), both reaching one shared receiving calendar (a
 * small HTTP calendar the test runs): each booking's event is created by one call, and a creation
 * in flight when its instance is killed is completed once by the instance started after it.
 */
import { randomBytes } from 'node:crypto';
import { bookingEventUid, createConnectService } from '@leadbook/server';
import { createPostgresStorage } from '@leadbook/storage-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killInstance, stopAll, type Instance } from '../../../test-support/processes';
import { lazily, openServer, SERVER_URL, type TestDatabase } from './support/databases';
import { sharedCalendarClient, startSharedCalendar, type SharedCalendar } from './support/http-calendar';
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
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the instances printed under `key` (`calendarEventCreated` or `calendarEventCreating`). */
const reported = (instances: Instance[], key: string): string[] =>
  instances.flatMap((instance) =>
    instance.output.flatMap((line) => {
      try {
        const value = (JSON.parse(line) as Record<string, unknown>)[key];
        return typeof value === 'string' ? [value] : [];
      } catch {
        return [];
      }
    }),
  );

const book = async (url: string, body: unknown): Promise<string> => {
  const response = await fetch(`${url}/connect/calendar_bookings/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PLANNER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

/** The UIDs the shared calendar holds events of, each as often as it holds one. */
const heldUids = (calendar: SharedCalendar) => [...calendar.events.values()].map((event) => event.uid).sort();

describe.skipIf(!SERVER_URL)('calendar write-back across instances', () => {
  let db: TestDatabase;
  let calendar: SharedCalendar;
  let scenario: Scenario;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await server.get();
    calendar = await startSharedCalendar();
    const schema = db.freshSchema('leadbook_writeback');
    scenario = await seedScenario(db.pool, schema);
    const key = randomBytes(32).toString('base64');
    const service = await createConnectService({
      storage: await createPostgresStorage({ pool: db.pool, schema }),
      scheduler: inertScheduler,
      externalCalendars: {
        providers: { shared: () => sharedCalendarClient(calendar.url) },
        encryptionKeys: [{ id: 'test', key }],
      },
    });
    try {
      await service.admin.externalCalendars.link(scenario.planner.organizationId, {
        resourceId: scenario.planner.resourceId,
        provider: 'shared',
        label: 'Room calendar',
        connection: { url: calendar.url },
        receivesBookings: true,
      });
    } finally {
      await service.close();
    }
    env = {
      DATABASE_URL: db.url,
      LEADBOOK_SCHEMA: schema,
      LEADBOOK_PGBOSS_SCHEMA: db.freshSchema('pgboss_writeback'),
      LEADBOOK_CALENDAR_URL: calendar.url,
      LEADBOOK_CALENDAR_KEY: key,
    };
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await calendar?.close();
    await server.close();
  });

  it('12 bookings split across two instances: 12 events, each created by one call', async () => {
    const instances = await Promise.all([startPgInstance(env), startPgInstance(env)]);
    const base = tomorrowAtFullHour() + 24 * HOUR;
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(instances[i % 2]!.url, plannerBooking(scenario, base + (i % 2) * HOUR)),
      ),
    );
    const expected = ids.map(bookingEventUid).sort();
    const deadline = Date.now() + 15_000;
    while (reported(instances, 'calendarEventCreated').length < ids.length && Date.now() < deadline)
      await sleep(100);
    // Time for a second creation of any of them to show.
    await sleep(1_500);
    expect(reported(instances, 'calendarEventCreated').sort()).toEqual(expected);
    expect(heldUids(calendar)).toEqual(expected);
    expect(expected.map((uid) => calendar.creations.get(uid))).toEqual(expected.map(() => 1));
    await stopAll();
  }, 60_000);

  it('an event creation in flight when its instance is killed is completed once by the next instance', async () => {
    // The attempt's lease (the creation again, should its instance die) is due twice the timeout after it began.
    const expiring = { ...env, LEADBOOK_JOB_EXPIRE_SECONDS: '3', LEADBOOK_CALENDAR_TIMEOUT_MS: '3000' };
    const first = await startPgInstance({ ...expiring, LEADBOOK_CALENDAR_MODE: 'hang' });
    const id = await book(first.url, plannerBooking(scenario, tomorrowAtFullHour() + 72 * HOUR));
    const uid = bookingEventUid(id);
    while (!reported([first], 'calendarEventCreating').includes(uid)) await sleep(50);
    await killInstance(first);

    const next = await startPgInstance(expiring);
    const deadline = Date.now() + 30_000;
    while (!reported([next], 'calendarEventCreated').includes(uid) && Date.now() < deadline) await sleep(100);
    await sleep(1_500);
    expect(reported([next], 'calendarEventCreated')).toEqual([uid]);
    expect(heldUids(calendar).filter((held) => held === uid)).toEqual([uid]);
    expect(calendar.creations.get(uid)).toBe(1);
  }, 90_000);
});
