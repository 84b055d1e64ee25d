/**
 * External calendar write-back across two service instances in separate processes on one
 * PostgreSQL database (the pg-boss scheduler), both reaching one shared receiving calendar (a
 * small HTTP calendar the test runs): each booking's event is created by one call, and a creation
 * in flight when its instance is killed is completed once by the instance started after it.
 */
import { randomBytes } from 'node:crypto';
import { bookingEventUid } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killInstance, stopAll } from '../../../test-support/processes';
import { lazily, openServer, SERVER_URL } from './support/databases';
import { sharedCalendarClient, startSharedCalendar, type SharedCalendar } from './support/http-calendar';
import { startPgInstance } from './support/instances';
import { plannerBooking, tomorrowAtFullHour, type Scenario } from './support/scenario';
import { bookOn as book, reported, shareDatabase, sleep } from './support/two-instances';

const server = lazily(() => openServer(SERVER_URL!));
const HOUR = 3_600_000;

/** The UIDs the shared calendar holds events of, each as often as it holds one. */
const heldUids = (calendar: SharedCalendar) => [...calendar.events.values()].map((event) => event.uid).sort();

describe.skipIf(!SERVER_URL)('calendar write-back across instances', () => {
  let calendar: SharedCalendar;
  let scenario: Scenario;
  let env: Record<string, string>;

  beforeAll(async () => {
    const db = await server.get();
    calendar = await startSharedCalendar();
    const key = randomBytes(32).toString('base64');
    ({ scenario, env } = await shareDatabase(db, 'writeback', {
      service: {
        externalCalendars: {
          providers: { shared: () => sharedCalendarClient(calendar.url) },
          encryptionKeys: [{ id: 'test', key }],
        },
      },
      configure: async (service, seeded) => {
        await service.admin.externalCalendars.link(seeded.planner.organizationId, {
          resourceId: seeded.planner.resourceId,
          provider: 'shared',
          label: 'Room calendar',
          connection: { url: calendar.url },
          receivesBookings: true,
        });
      },
      extraEnv: { LEADBOOK_CALENDAR_URL: calendar.url, LEADBOOK_CALENDAR_KEY: key },
    }));
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
