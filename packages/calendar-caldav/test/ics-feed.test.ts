import { bookingEventUid, type ExternalCalendar } from '@leadbook/server';
import { runExternalCalendarConformance } from '@leadbook/server/testing';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIcsFeedCalendar } from '../src';
import { startFeedServer, type FeedServer } from './feed-server';
import {
  AUTHORIZATION,
  iCalendar,
  putICalendar,
  radicaleInstalled,
  startRadicale,
  vevent,
  type Radicale,
} from './radicale';
import { BERLIN_VTIMEZONE } from './timezones';

const ZONE = 'Europe/Berlin';
const local = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const span = (startIso: string, endIso: string) => ({ startMs: local(startIso), endMs: local(endIso) });
const READ_ONLY = 'ICS feeds are read-only: the feed cannot receive bookings';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server?.close();
});

describe('ICS feed calendar', () => {
  let feeds = 0;
  runExternalCalendarConformance({
    name: 'ics feed (loopback HTTP)',
    create: async () => {
      const path = `/feeds/${++feeds}.ics`;
      const events: string[][] = [];
      server.publish(path, iCalendar());
      return {
        calendar: createIcsFeedCalendar({ url: `${server.origin}${path}`, allowPrivateUrls: true }),
        addExternalEvent: async (event) => {
          events.push(
            vevent(
              event.uid,
              event.startMs,
              event.endMs,
              ...(event.transparent ? ['TRANSP:TRANSPARENT'] : []),
              ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
            ),
          );
          server.publish(path, iCalendar(...events));
        },
        inspect: async () => null,
        dispose: async () => undefined,
      };
    },
    skip: [
      { test: "busy > Leadbook's own events are not read back as busy", reason: READ_ONLY },
      { test: 'events > createEvent puts the event in the calendar at its time', reason: READ_ONLY },
      { test: 'events > creating the same UID again returns the same event', reason: READ_ONLY },
      { test: 'events > moveEvent moves the event and raises its SEQUENCE', reason: READ_ONLY },
      { test: 'events > deleteEvent removes the event; deleting it again is done too', reason: READ_ONLY },
      { test: 'events > moving an event that is gone is an error no retry mends', reason: READ_ONLY },
    ],
  });

  it('a published feed blocks its single, all-day and recurring events, with EXDATE and a moved occurrence across the Berlin spring change', async () => {
    server.publish(
      '/coach.ics',
      iCalendar(
        BERLIN_VTIMEZONE,
        vevent('meeting@example.com', Date.parse('2030-03-04T09:00:00Z'), Date.parse('2030-03-04T10:00:00Z')),
        ['BEGIN:VEVENT', 'UID:holiday@example.com', 'DTSTAMP:20300101T000000Z'],
        ['DTSTART;VALUE=DATE:20300306', 'DTEND;VALUE=DATE:20300307', 'END:VEVENT'],
        // Mondays 18:00-19:00 from 18 March, four times; 25 March is off and 8 April moves to the 9th.
        ['BEGIN:VEVENT', 'UID:weekly@example.com', 'DTSTAMP:20300101T000000Z'],
        ['DTSTART;TZID=Europe/Berlin:20300318T180000', 'DTEND;TZID=Europe/Berlin:20300318T190000'],
        ['RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Berlin:20300325T180000', 'END:VEVENT'],
        ['BEGIN:VEVENT', 'UID:weekly@example.com', 'DTSTAMP:20300101T000000Z'],
        ['RECURRENCE-ID;TZID=Europe/Berlin:20300408T180000', 'DTSTART;TZID=Europe/Berlin:20300409T200000'],
        ['DTEND;TZID=Europe/Berlin:20300409T210000', 'END:VEVENT'],
        vevent(
          'free@example.com',
          local('2030-03-05T09:00'),
          local('2030-03-05T10:00'),
          'TRANSP:TRANSPARENT',
        ),
        vevent('off@example.com', local('2030-03-05T11:00'), local('2030-03-05T12:00'), 'STATUS:CANCELLED'),
        vevent(bookingEventUid('b-1'), local('2030-03-05T13:00'), local('2030-03-05T14:00')),
      ),
    );
    const calendar = createIcsFeedCalendar({
      url: `${server.origin}/coach.ics`,
      timezone: ZONE,
      allowPrivateUrls: true,
    });
    expect(await calendar.busy(span('2030-03-01T00:00', '2030-04-30T00:00'))).toEqual([
      { startMs: Date.parse('2030-03-04T09:00:00Z'), endMs: Date.parse('2030-03-04T10:00:00Z') },
      span('2030-03-06T00:00', '2030-03-07T00:00'),
      span('2030-03-18T18:00', '2030-03-18T19:00'),
      span('2030-04-01T18:00', '2030-04-01T19:00'),
      span('2030-04-09T20:00', '2030-04-09T21:00'),
    ]);
    // The busy read is clipped to the range asked for.
    expect(await calendar.busy(span('2030-03-04T10:30', '2030-03-05T00:00'))).toEqual([
      { startMs: local('2030-03-04T10:30'), endMs: Date.parse('2030-03-04T10:00:00Z') },
    ]);
  });

  it('a webcal:// link is fetched as https', async () => {
    const seen: string[] = [];
    const calendar = createIcsFeedCalendar({
      url: 'webcal://calendar.example.com/feeds/coach.ics',
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(iCalendar(), { headers: { 'content-type': 'text/calendar' } });
      },
    });
    expect(await calendar.busy(span('2030-03-01T00:00', '2030-03-02T00:00'))).toEqual([]);
    expect(seen).toEqual(['https://calendar.example.com/feeds/coach.ics']);
  });

  it('createEvent, moveEvent and deleteEvent are refused, and no retry mends that', async () => {
    const calendar: ExternalCalendar = createIcsFeedCalendar({
      url: `${server.origin}/coach.ics`,
      allowPrivateUrls: true,
    });
    const time = { ...span('2030-03-04T09:00', '2030-03-04T10:00'), timezone: ZONE };
    for (const call of [
      calendar.createEvent({ uid: bookingEventUid('b-2'), summary: 'Trial', ...time }),
      calendar.moveEvent('whatever', time),
      calendar.deleteEvent('whatever'),
    ]) {
      await expect(call).rejects.toMatchObject({
        retryable: false,
        message: expect.stringMatching(/ICS feeds are read-only/),
      });
    }
  });
});

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips
// this test rather than fail it.
describe.skipIf(!radicaleInstalled)('ICS feed of a Radicale calendar', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  it('reads the calendar Radicale exports on a GET of the collection', async () => {
    const calendarUrl = await radicale.newCalendar();
    await putICalendar(
      calendarUrl,
      'daily',
      iCalendar(BERLIN_VTIMEZONE, [
        'BEGIN:VEVENT',
        'UID:daily@example.com',
        'DTSTAMP:20300101T000000Z',
        'DTSTART;TZID=Europe/Berlin:20300330T083000',
        'DTEND;TZID=Europe/Berlin:20300330T090000',
        'RRULE:FREQ=DAILY;COUNT=3',
        'EXDATE;TZID=Europe/Berlin:20300331T083000',
        'END:VEVENT',
      ]),
    );
    await putICalendar(
      calendarUrl,
      'single',
      iCalendar(vevent('single@example.com', local('2030-03-31T12:00'), local('2030-03-31T13:00'))),
    );
    const calendar = createIcsFeedCalendar({
      url: calendarUrl,
      timezone: ZONE,
      allowPrivateUrls: true,
      // The test Radicale lets only its owner read; a published feed needs no credentials.
      fetch: (input, init) => fetch(input, { ...init, headers: { authorization: AUTHORIZATION } }),
    });
    expect(await calendar.busy(span('2030-03-29T00:00', '2030-04-02T00:00'))).toEqual([
      span('2030-03-30T08:30', '2030-03-30T09:00'),
      span('2030-03-31T12:00', '2030-03-31T13:00'),
      span('2030-04-01T08:30', '2030-04-01T09:00'),
    ]);
  });
});
