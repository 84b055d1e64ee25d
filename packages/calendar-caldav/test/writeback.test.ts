import { randomBytes } from 'node:crypto';
import {
  bookingEventUid,
  createConnectService,
  createManualClock,
  type ConnectService,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN, studioFixture } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, coachCalls } from '../../../test-support/coach-calls';
import { NOW } from '../../../test-support/time';
import { createCalDavCalendar } from '../src';
import { AUTHORIZATION, radicaleInstalled, startRadicale, USER, type Radicale } from './radicale';

// The Monday after the test epoch: the studio coach's Berlin window 09:00-12:00 is 08:00Z-11:00Z.
/** `at(time)` as an iCalendar UTC date-time, such as `20240108T080000Z`. */
const utc = (time: string) => at(time).replace(/[-:]/g, '').replace('.000', '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips.
describe.skipIf(!radicaleInstalled)('bookings written back to a Radicale calendar', () => {
  let radicale: Radicale;
  let service: ConnectService;
  beforeAll(async () => {
    radicale = await startRadicale();
    const calendarUrl = await radicale.newCalendar();
    // A clock that stands still: the write-back jobs, due now, run at once.
    service = await createConnectService({
      clock: createManualClock(NOW),
      externalCalendars: {
        providers: {
          caldav: (connection) =>
            createCalDavCalendar({
              calendarUrl: String(connection['calendarUrl']),
              username: String(connection['username']),
              password: String(connection['password']),
              allowPrivateUrls: true, // Radicale listens on loopback here.
            }),
        },
        encryptionKeys: [{ id: 'test', key: randomBytes(32) }],
      },
    });
    await service.admin.seed(studioFixture({ now: NOW }));
    await service.admin.externalCalendars.link(ID.organization, {
      resourceId: ID.resourceCoach,
      provider: 'caldav',
      connection: { calendarUrl, username: USER, password: 'secret' },
      receivesBookings: true,
    });
  });
  afterAll(async () => {
    await service?.close();
    await radicale?.stop();
  });

  const { call } = coachCalls(() => service);
  const interval = (start: string, end: string) => ({ startDateTime: at(start), endDateTime: at(end) });
  /** The booking's stored event once `done` says the job wrote it, and its object as Radicale serves it. */
  const eventOf = async (bookingId: string, done: (startMs: number | null) => boolean) => {
    for (;;) {
      const stored = await service.storage.transaction((tx) =>
        tx.bookingCalendarEvents.get(ID.organization, bookingId),
      );
      if (done(stored?.startMs ?? null)) return stored;
      await sleep(20);
    }
  };
  const fetchObject = (url: string) => fetch(url, { headers: { authorization: AUTHORIZATION } });

  it('the event appears in Radicale on booking, moves on reschedule and is gone on delete', async () => {
    const booked = await call('POST', '/connect/calendar_bookings/', TOKEN.write, {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      ...interval('08:00', '09:00'),
    });
    expect(booked.status).toBe(201);
    const id = String(booked.json['id']);
    const created = await eventOf(id, (startMs) => startMs !== null);
    const first = await (await fetchObject(created!.eventId)).text();
    expect(first).toContain(`UID:${bookingEventUid(id)}`);
    expect(first).toContain('SUMMARY:Trial session');
    expect(first).toContain(`DTSTART:${utc('08:00')}`);

    const moved = await call(
      'PATCH',
      `/connect/calendar_bookings/${id}`,
      TOKEN.write,
      interval('10:00', '11:00'),
    );
    expect(moved.status).toBe(200);
    await eventOf(id, (startMs) => startMs === Date.parse(at('10:00')));
    const second = await (await fetchObject(created!.eventId)).text();
    expect(second).toContain(`DTSTART:${utc('10:00')}`);
    expect(second).toContain('SEQUENCE:1');

    expect((await call('DELETE', `/connect/calendar_bookings/${id}`, TOKEN.admin)).status).toBe(204);
    for (;;) {
      if ((await fetchObject(created!.eventId)).status === 404) break;
      await sleep(20);
    }
  });
});
