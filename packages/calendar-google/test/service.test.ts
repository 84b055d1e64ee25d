/**
 * The Google calendar inside a service, against the msw fake of Google: a busy event hides the
 * slot; one added after a search blocks the booking despite the cache (the booking re-reads);
 * Leadbook's own event is not read back as busy; a revoked refresh token fails closed.
 */
import { randomBytes } from 'node:crypto';
import { ErrorMessages } from '@leadbook/contract';
import {
  bookingEventUid,
  createConnectService,
  createManualClock,
  type ConnectService,
} from '@leadbook/server';
import { STUDIO_IDS as ID, studioFixture } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, coachCalls } from '../../../test-support/coach-calls';
import { NOW } from '../../../test-support/time';
import { createGoogleCalendar } from '../src';
import { CALENDAR_ID, CLIENT_ID, CLIENT_SECRET, fakeGoogle, REFRESH_TOKEN } from './google-api';

const google = fakeGoogle();
// The Monday after the test epoch: the studio coach's Berlin window 09:00-12:00 is 08:00Z-11:00Z.
const busyEvent = (uid: string, start: string, end: string) =>
  google.add({
    iCalUID: uid,
    start: { dateTime: start, timeZone: 'Europe/Berlin' },
    end: { dateTime: end, timeZone: 'Europe/Berlin' },
  });

describe('a service whose coach is linked to a Google calendar', () => {
  let service: ConnectService;
  beforeAll(async () => {
    google.server.listen({ onUnhandledFrame: 'error' });
    service = await createConnectService({
      clock: createManualClock(NOW),
      externalCalendars: {
        providers: {
          google: (connection) =>
            createGoogleCalendar({
              calendarId: String(connection['calendarId']),
              refreshToken: String(connection['refreshToken']),
              clientId: CLIENT_ID,
              clientSecret: CLIENT_SECRET,
              // msw intercepts the global fetch, not the guarded one (see guard.test.ts).
              fetch: (input, init) => fetch(input, init),
              retryDelayMs: 1,
            }),
        },
        encryptionKeys: [{ id: 'test', key: randomBytes(32) }],
      },
    });
    await service.admin.seed(studioFixture({ now: NOW }));
    await service.admin.externalCalendars.link(ID.organization, {
      resourceId: ID.resourceCoach,
      provider: 'google',
      connection: { calendarId: CALENDAR_ID, refreshToken: REFRESH_TOKEN },
    });
  });
  afterAll(async () => {
    await service?.close();
    google.server.close();
  });

  const { slotAt, book } = coachCalls(() => service);

  it('a busy event in Google hides the slot; one added after a search blocks the booking despite the cache', async () => {
    busyEvent('dentist@example.org', at('08:00'), at('08:30'));
    // Leadbook's own event (from an earlier write-back) is not read back as busy.
    busyEvent(bookingEventUid('earlier'), at('09:00'), at('10:00'));
    expect((await slotAt('08:00'))?.available).toBe(false);
    expect((await slotAt('09:00'))?.available).toBe(true);
    expect((await slotAt('10:00'))?.available).toBe(true);

    busyEvent('call@example.org', at('10:15'), at('10:45'));
    expect((await slotAt('10:00'))?.available).toBe(true); // the cached search is stale
    const refused = await book('10:00', '11:00');
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(ErrorMessages.slotUnavailable);
    expect((await book('09:00', '10:00')).status).toBe(201);
  });

  it('a revoked refresh token: availability fails closed, booking is refused', async () => {
    google.state.refreshRevoked = true;
    google.expireAccessTokens();
    // Wednesday: not yet read, so not cached.
    expect(await slotAt('09:00', 3)).toMatchObject({
      available: false,
      unavailableReason: 'externalCalendarUnavailable',
    });
    const refused = await book('09:00', '10:00', 3);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(ErrorMessages.slotUnavailable);
  });
});
