/**
 * The Google calendar's HTTP contract, against msw handlers that mirror Google's documented
 * requests and answers (no network): the conformance suite, the token request, the events.list
 * read (free, cancelled, declined, own and all-day events; pages), and creation, move and
 * deletion with Google's answers to them.
 */
import { bookingEventUid } from '@leadbook/server';
import { runExternalCalendarConformance } from '@leadbook/server/testing';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CALENDAR_ID,
  CLIENT_ID,
  CLIENT_SECRET,
  EVENTS_URL,
  fakeGoogle,
  REFRESH_TOKEN,
  TOKEN_URL,
} from './google-api';
import { at, calendar, DAY, failure, iso, T0, timed } from './harness';

const google = fakeGoogle();
beforeAll(() => google.server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => google.reset());
afterAll(() => google.server.close());

runExternalCalendarConformance({
  name: 'google (msw)',
  create: async () => {
    google.reset();
    return {
      calendar: calendar(),
      addExternalEvent: async (event) => {
        google.add({
          iCalUID: event.uid,
          ...timed(event.startMs, event.endMs),
          ...(event.transparent ? { transparency: 'transparent' } : {}),
          ...(event.cancelled ? { status: 'cancelled' } : {}),
        });
      },
      inspect: async (id) => {
        const event = google.events.get(id);
        if (!event || event.status === 'cancelled') return null;
        const startMs = Date.parse(event.start.dateTime!);
        const endMs = Date.parse(event.end.dateTime!);
        return { uid: event.iCalUID, startMs, endMs, sequence: event.sequence };
      },
      dispose: async () => undefined,
    };
  },
});

describe('Google Calendar HTTP contract', () => {
  it('gets a token with the refresh-token grant, then lists the range with it', async () => {
    await calendar().busy(DAY);
    const [token, list] = google.seen;
    expect(token).toMatchObject({
      method: 'POST',
      url: new URL(TOKEN_URL),
      body: {
        grant_type: 'refresh_token',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        refresh_token: REFRESH_TOKEN,
      },
    });
    expect(token!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(list!.method).toBe('GET');
    expect(list!.url.href.startsWith(EVENTS_URL)).toBe(true);
    expect(list!.headers['authorization']).toBe('Bearer ya29.token-1');
    expect(Object.fromEntries(list!.url.searchParams)).toMatchObject({
      timeMin: iso(T0),
      timeMax: iso(at(24)),
      singleEvents: 'true',
      showDeleted: 'false',
      maxResults: '2500',
    });
  });

  it('reuses the token until shortly before it expires', async () => {
    let now = T0;
    const cal = calendar({ now: () => now });
    await cal.busy(DAY);
    now += 58 * 60_000;
    await cal.busy(DAY);
    expect(google.tokenRequests()).toHaveLength(1);
    now += 2 * 60_000; // 60 minutes after issue, within the 1-minute margin of expires_in 3599
    await cal.busy(DAY);
    expect(google.tokenRequests()).toHaveLength(2);
  });

  it('creates the event with its UID as iCalUID, its zone, and no notifications', async () => {
    const { eventId } = await calendar().createEvent({
      uid: bookingEventUid('b-1'),
      summary: 'Trial session',
      description: 'Booking b-1',
      startMs: at(9),
      endMs: at(10),
      timezone: 'Europe/Berlin',
    });
    const insert = google.apiRequests().at(-1)!;
    expect(insert.method).toBe('POST');
    expect(insert.url.searchParams.get('sendUpdates')).toBe('none');
    expect(insert.body).toEqual({
      iCalUID: bookingEventUid('b-1'),
      summary: 'Trial session',
      description: 'Booking b-1',
      start: { dateTime: '2030-03-04T09:00:00Z', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-04T10:00:00Z', timeZone: 'Europe/Berlin' },
      transparency: 'opaque',
    });
    expect(google.events.get(eventId)?.iCalUID).toBe(bookingEventUid('b-1'));
  });

  it('a creation Google refuses as a duplicate returns the event an earlier try made', async () => {
    const earlier = google.add({ iCalUID: bookingEventUid('b-1'), ...timed(at(9), at(10)) });
    const { eventId } = await calendar().createEvent({
      uid: bookingEventUid('b-1'),
      summary: 'Trial session',
      startMs: at(9),
      endMs: at(10),
      timezone: 'UTC',
    });
    expect(eventId).toBe(earlier);
    const lookup = google.apiRequests().at(-1)!;
    expect(lookup.url.searchParams.get('iCalUID')).toBe(bookingEventUid('b-1'));
    expect(google.events.size).toBe(1);
  });

  it('moves with events.patch of start and end only', async () => {
    const id = google.add({ iCalUID: bookingEventUid('b-1'), summary: 'Kept', ...timed(at(9), at(10)) });
    await calendar().moveEvent(id, { startMs: at(11), endMs: at(12), timezone: 'America/New_York' });
    const patch = google.apiRequests().at(-1)!;
    expect(patch.method).toBe('PATCH');
    expect(patch.url.pathname.endsWith(`/events/${id}`)).toBe(true);
    expect(patch.body).toEqual({
      start: { dateTime: '2030-03-04T11:00:00Z', timeZone: 'America/New_York' },
      end: { dateTime: '2030-03-04T12:00:00Z', timeZone: 'America/New_York' },
    });
    expect(google.events.get(id)).toMatchObject({ summary: 'Kept', sequence: 1 });
  });

  it('moving an unknown (404) or deleted event fails, not retryable', async () => {
    expect((await failure(calendar().moveEvent('nope', { ...DAY, timezone: 'UTC' }))).retryable).toBe(false);
    const id = google.add({ iCalUID: 'x@example.com', ...timed(at(9), at(10)), status: 'cancelled' });
    const error = await failure(calendar().moveEvent(id, { startMs: at(1), endMs: at(2), timezone: 'UTC' }));
    expect(error).toMatchObject({ retryable: false, message: expect.stringContaining('deleted') });
  });

  it('deleting an event Google answers 404 or 410 for is done', async () => {
    const id = google.add({ iCalUID: 'x@example.com', ...timed(at(9), at(10)), status: 'cancelled' });
    await expect(calendar().deleteEvent(id)).resolves.toBeUndefined();
    await expect(calendar().deleteEvent('never-was')).resolves.toBeUndefined();
    expect(google.apiRequests().map((request) => request.method)).toEqual(['DELETE', 'DELETE']);
  });
});

describe('busy times from events.list', () => {
  it('leaves out events the owner declined, and reads all-day dates in the calendar zone', async () => {
    google.add({
      iCalUID: 'declined@example.com',
      ...timed(at(9), at(10)),
      attendees: [{ email: CALENDAR_ID, self: true, responseStatus: 'declined' }],
    });
    google.add({
      iCalUID: 'accepted@example.com',
      ...timed(at(11), at(12)),
      attendees: [{ email: CALENDAR_ID, self: true, responseStatus: 'accepted' }],
    });
    google.add({ iCalUID: 'day@example.com', start: { date: '2030-03-05' }, end: { date: '2030-03-06' } });
    google.state.timeZone = 'Europe/Berlin';
    const range = { startMs: T0, endMs: at(72) };
    expect(await calendar().busy(range)).toEqual([
      { startMs: at(11), endMs: at(12) },
      // 2030-03-05 in Berlin (UTC+1 in March before the DST change).
      { startMs: at(23), endMs: at(47) },
    ]);
  });

  it('reads every page, and fails closed past maxPages', async () => {
    for (let hour = 0; hour < 5; hour++)
      google.add({ iCalUID: `e${hour}@example.com`, ...timed(at(hour * 2), at(hour * 2 + 1)) });
    google.state.pageSize = 2;
    expect(await calendar().busy(DAY)).toHaveLength(5);
    expect(google.apiRequests().map((request) => request.url.searchParams.get('pageToken'))).toEqual([
      null,
      '2',
      '4',
    ]);
    const error = await failure(calendar({ maxPages: 2 }).busy(DAY));
    expect(error).toMatchObject({
      retryable: false,
      message: expect.stringContaining('more than 5000 events'),
    });
  });

  it('an event whose times do not read fails the read rather than show the time free', async () => {
    google.script('GET', '/events', () =>
      HttpResponse.json({
        timeZone: 'UTC',
        items: [{ id: 'odd', iCalUID: 'odd@example.com', start: {}, end: {} }],
      }),
    );
    expect((await failure(calendar().busy(DAY))).retryable).toBe(false);
  });
});
