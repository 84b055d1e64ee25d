/**
 * The Zoom provider inside a service: a booking's meeting is created through Zoom's API (the msw
 * fake), shows on the booking through Connect, and is deleted with the booking.
 */
import type { CalendarBooking } from '@leadbook/contract';
import { createConnectService, createManualClock } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN, studioFixture } from '@leadbook/server/studio';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createZoomMeetingProvider } from '../src';
import { ACCOUNT_ID, API, CLIENT_ID, CLIENT_SECRET, fakeZoom, HOST } from './zoom-api';

const zoom = fakeZoom();
beforeAll(() => zoom.server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => zoom.server.close());

const NOW = Date.parse('2024-01-07T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number, hour: number) =>
  new Date(NOW - 12 * 3_600_000 + days * DAY + hour * 3_600_000).toISOString();

/** Waits (a bounded number of short real-time steps) until `check` holds. */
async function eventually(check: () => Promise<boolean>) {
  for (let step = 0; step < 200; step++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

it('books, creates the meeting through Zoom, and deletes it with the booking', async () => {
  const clock = createManualClock(NOW);
  const provider = createZoomMeetingProvider({
    accountId: ACCOUNT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    now: () => clock.now(),
  });
  const service = await createConnectService({ clock, meetings: { providers: [provider] } });
  await service.admin.seed(studioFixture({ now: NOW }));
  await service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
    provider: 'zoom',
    hosts: { [ID.resourceCoach]: HOST },
  });
  const send = (method: string, path: string, token: string, body?: unknown) =>
    service.fetch(
      new Request(`http://x${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  const response = await send('POST', '/connect/calendar_bookings/', TOKEN.write, {
    calendarId: ID.calendarBerlin,
    appointmentTypeId: ID.appointmentTypeTrial,
    resourceId: ID.resourceCoach,
    startDateTime: at(1, 8),
    endDateTime: at(1, 9),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as CalendarBooking;
  let booking: CalendarBooking | undefined;
  await eventually(async () => {
    booking = (await (
      await send('GET', `/connect/calendar_bookings/${id}`, TOKEN.read)
    ).json()) as CalendarBooking;
    return booking.meetingStatus === 'created';
  });
  expect(booking).toMatchObject({
    meetingProvider: 'zoom',
    meetingExternalId: '85746065001',
    meetingUrl: 'https://zoom.us/j/85746065001?pwd=abc',
    meetingPassword: '123456',
    meetingHostUserId: HOST,
    meetingExternalStartTime: at(1, 8),
  });
  expect(zoom.meetings.get('85746065001')).toMatchObject({
    host: HOST,
    duration: 60,
    timezone: 'Europe/Berlin',
  });

  expect((await send('DELETE', `/connect/calendar_bookings/${id}`, TOKEN.admin)).status).toBe(204);
  await eventually(async () => zoom.meetings.size === 0);
  expect(zoom.seen.at(-1)).toMatchObject({ method: 'DELETE', url: `${API}/meetings/85746065001` });
  await service.close();
});
