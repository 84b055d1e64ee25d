import { randomBytes } from 'node:crypto';
import { ErrorMessages } from '@leadbook/contract';
import { createConnectService, createManualClock, type ConnectService } from '@leadbook/server';
import { STUDIO_IDS as ID, studioFixture } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, coachCalls } from '../../../test-support/coach-calls';
import { NOW } from '../../../test-support/time';
import { createCalDavCalendar } from '../src';
import {
  iCalendar,
  putICalendar,
  radicaleInstalled,
  startRadicale,
  USER,
  vevent,
  type Radicale,
} from './radicale';

// The Monday after the test epoch: the studio coach's Berlin window 09:00-12:00 is 08:00Z-11:00Z.

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips.
describe.skipIf(!radicaleInstalled)('a service whose coach is linked to a Radicale calendar', () => {
  let radicale: Radicale;
  let service: ConnectService;
  let calendarUrl: string;
  beforeAll(async () => {
    radicale = await startRadicale();
    calendarUrl = await radicale.newCalendar();
    service = await createConnectService({
      clock: createManualClock(NOW),
      externalCalendars: {
        providers: {
          caldav: (connection) =>
            createCalDavCalendar({
              calendarUrl: String(connection['calendarUrl']),
              username: String(connection['username']),
              password: String(connection['password']),
              // Radicale listens on loopback here.
              allowPrivateUrls: true,
            }),
        },
        encryptionKeys: [{ id: 'test', key: randomBytes(32) }],
        // The default cache (60 s) on a clock that stands still: every search after the first
        // reuses its read.
      },
    });
    await service.admin.seed(studioFixture({ now: NOW }));
    await service.admin.externalCalendars.link(ID.organization, {
      resourceId: ID.resourceCoach,
      provider: 'caldav',
      connection: { calendarUrl, username: USER, password: 'secret' },
    });
  });
  afterAll(async () => {
    await service?.close();
    await radicale?.stop();
  });

  const { slotAt, book } = coachCalls(() => service);
  const freeAt = async (time: string, on = 1) => (await slotAt(time, on))?.available;

  it('a busy event in Radicale hides the slot; one added after a search blocks the booking despite the cache', async () => {
    await putICalendar(
      calendarUrl,
      'dentist',
      iCalendar(vevent('dentist@example.org', Date.parse(at('08:00')), Date.parse(at('08:30')))),
    );
    expect(await freeAt('08:00')).toBe(false);
    expect(await freeAt('10:00')).toBe(true);

    // Made busy in Radicale after the search: the cached search still offers it (stale), but the
    // booking reads its own interval from Radicale again and is refused.
    await putICalendar(
      calendarUrl,
      'call',
      iCalendar(vevent('call@example.org', Date.parse(at('10:15')), Date.parse(at('10:45')))),
    );
    expect(await freeAt('10:00')).toBe(true);
    const refused = await book('10:00', '11:00');
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(ErrorMessages.slotUnavailable);
    expect((await book('09:00', '10:00')).status).toBe(201);
  });

  it('50 concurrent bookings of a slot that became busy in Radicale after the search: none wins', async () => {
    // Tuesday: searched (and cached) while free, then made busy by another client.
    expect(await freeAt('09:00', 2)).toBe(true);
    await putICalendar(
      calendarUrl,
      'late-meeting',
      iCalendar(vevent('late@example.org', Date.parse(at('09:45', 2)), Date.parse(at('10:15', 2)))),
    );
    expect(await freeAt('09:00', 2)).toBe(true); // the stale cache still offers it
    const answers = await Promise.all(Array.from({ length: 50 }, () => book('09:00', '10:00', 2)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 400));
    expect(new Set(answers.map((answer) => answer.json['message']))).toEqual(
      new Set([ErrorMessages.slotUnavailable]),
    );
    // The slot next to it is free in Radicale, and exactly one of 50 concurrent bookings wins it.
    const next = await Promise.all(Array.from({ length: 50 }, () => book('08:00', '09:00', 2)));
    expect(next.filter((answer) => answer.status === 201)).toHaveLength(1);
  });
});
