import { bookingEventUid, type ExternalCalendar } from '@leadbook/server';
import { DateTime } from 'luxon';
import { fetchCalendarObjects } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalDavCalendar } from '../src';
import { readEvent } from '../src/event-ics';
import {
  AUTHORIZATION,
  iCalendar,
  putICalendar,
  radicaleInstalled,
  startRadicale,
  vevent,
  type Radicale,
} from './radicale';
import { BERLIN_VTIMEZONE, NEW_YORK_VTIMEZONE } from './timezones';

const HOUR = 3_600_000;
/** A wall-clock time in a zone, as epoch milliseconds. */
const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
const span = (startIso: string, endIso: string, zone: string) => ({
  startMs: local(startIso, zone),
  endMs: local(endIso, zone),
});

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips
// these tests rather than fail them.
describe.skipIf(!radicaleInstalled)('CalDAV busy times and write-back against Radicale', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });
  const calendarIn = async (timezone: string) => {
    const calendarUrl = await radicale.newCalendar();
    const calendar: ExternalCalendar = createCalDavCalendar({
      calendarUrl,
      username: 'coach',
      password: 'secret',
      timezone,
      allowPrivateUrls: true,
    });
    return { calendarUrl, calendar };
  };

  it('a single event and an all-day event (a day of the calendar zone) are busy', async () => {
    const zone = 'Europe/Berlin';
    const { calendarUrl, calendar } = await calendarIn(zone);
    const meeting = span('2030-03-04T10:00', '2030-03-04T11:30', zone);
    await putICalendar(
      calendarUrl,
      'meeting',
      iCalendar(vevent('meeting@example.com', meeting.startMs, meeting.endMs)),
    );
    await putICalendar(
      calendarUrl,
      'holiday',
      iCalendar([
        'BEGIN:VEVENT',
        'UID:holiday@example.com',
        'DTSTAMP:20300101T000000Z',
        'DTSTART;VALUE=DATE:20300306',
        'DTEND;VALUE=DATE:20300307',
        'SUMMARY:Day off',
        'END:VEVENT',
      ]),
    );
    const week = span('2030-03-04T00:00', '2030-03-11T00:00', zone);
    expect(await calendar.busy(week)).toEqual([meeting, span('2030-03-06T00:00', '2030-03-07T00:00', zone)]);
  });

  it('a weekly event with EXDATE in Berlin keeps its local time across the spring change', async () => {
    const zone = 'Europe/Berlin';
    const { calendarUrl, calendar } = await calendarIn(zone);
    // Clocks go forward on Sunday 2030-03-31; the 25 March occurrence is excluded.
    await putICalendar(
      calendarUrl,
      'weekly',
      iCalendar(BERLIN_VTIMEZONE, [
        'BEGIN:VEVENT',
        'UID:weekly@example.com',
        'DTSTAMP:20300101T000000Z',
        'DTSTART;TZID=Europe/Berlin:20300318T090000',
        'DTEND;TZID=Europe/Berlin:20300318T100000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE;TZID=Europe/Berlin:20300325T090000',
        'SUMMARY:Team call',
        'END:VEVENT',
      ]),
    );
    const busy = await calendar.busy(span('2030-03-01T00:00', '2030-05-01T00:00', zone));
    expect(busy).toEqual([
      span('2030-03-18T09:00', '2030-03-18T10:00', zone),
      span('2030-04-01T09:00', '2030-04-01T10:00', zone),
      span('2030-04-08T09:00', '2030-04-08T10:00', zone),
    ]);
    // 09:00 was 08:00 UTC before the change and 07:00 UTC after it.
    expect(busy.map((interval) => new Date(interval.startMs).getUTCHours())).toEqual([8, 7, 7]);
  });

  it('a daily event in New York keeps its local time across both changes; a cancelled occurrence is free', async () => {
    const zone = 'America/New_York';
    const { calendarUrl, calendar } = await calendarIn('UTC');
    // Clocks go forward on 2030-03-10 and back on 2030-11-03.
    await putICalendar(
      calendarUrl,
      'daily',
      iCalendar(NEW_YORK_VTIMEZONE, [
        'BEGIN:VEVENT',
        'UID:daily@example.com',
        'DTSTAMP:20300101T000000Z',
        'DTSTART;TZID=America/New_York:20300308T090000',
        'DTEND;TZID=America/New_York:20300308T093000',
        'RRULE:FREQ=DAILY;UNTIL=20301110T000000Z',
        'EXDATE;TZID=America/New_York:20300309T090000',
        'SUMMARY:Stand-up',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:daily@example.com',
        'DTSTAMP:20300101T000000Z',
        'RECURRENCE-ID;TZID=America/New_York:20300311T090000',
        'DTSTART;TZID=America/New_York:20300311T090000',
        'DTEND;TZID=America/New_York:20300311T093000',
        'STATUS:CANCELLED',
        'SUMMARY:Stand-up',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:daily@example.com',
        'DTSTAMP:20300101T000000Z',
        'RECURRENCE-ID;TZID=America/New_York:20300312T090000',
        'DTSTART;TZID=America/New_York:20300312T140000',
        'DTEND;TZID=America/New_York:20300312T150000',
        'SUMMARY:Stand-up, moved',
        'END:VEVENT',
      ]),
    );
    expect(await calendar.busy(span('2030-03-07T00:00', '2030-03-13T00:00', zone))).toEqual([
      span('2030-03-08T09:00', '2030-03-08T09:30', zone),
      span('2030-03-10T09:00', '2030-03-10T09:30', zone),
      span('2030-03-12T14:00', '2030-03-12T15:00', zone),
    ]);
    expect(await calendar.busy(span('2030-11-02T00:00', '2030-11-04T00:00', zone))).toEqual([
      span('2030-11-02T09:00', '2030-11-02T09:30', zone),
      span('2030-11-03T09:00', '2030-11-03T09:30', zone),
    ]);
    expect((await calendar.busy(span('2030-11-02T00:00', '2030-11-04T00:00', zone)))[1]!.startMs).toBe(
      Date.parse('2030-11-03T14:00:00Z'),
    );
  });

  it('events marked free and cancelled events are not busy, in a recurring series too', async () => {
    const zone = 'Europe/Berlin';
    const { calendarUrl, calendar } = await calendarIn(zone);
    const day = span('2030-03-04T00:00', '2030-03-05T00:00', zone);
    await putICalendar(
      calendarUrl,
      'free',
      iCalendar(
        vevent(
          'free@example.com',
          day.startMs + 9 * HOUR,
          day.startMs + 10 * HOUR,
          'TRANSP:TRANSPARENT',
          'RRULE:FREQ=DAILY;COUNT=3',
        ),
      ),
    );
    await putICalendar(
      calendarUrl,
      'cancelled',
      iCalendar(
        vevent('cancelled@example.com', day.startMs + 11 * HOUR, day.startMs + 12 * HOUR, 'STATUS:CANCELLED'),
      ),
    );
    expect(await calendar.busy(day)).toEqual([]);
  });

  it('the booking event is written to Radicale, moved with a higher SEQUENCE and deleted, as a second client sees', async () => {
    const zone = 'Europe/Berlin';
    const { calendarUrl, calendar } = await calendarIn(zone);
    const uid = bookingEventUid('b-42');
    const first = span('2030-03-04T09:00', '2030-03-04T10:00', zone);
    const { eventId } = await calendar.createEvent({
      uid,
      summary: 'Trial session',
      timezone: zone,
      ...first,
    });
    // Another client (tsdav's own object listing) reads the collection.
    const seen = async () =>
      (
        await fetchCalendarObjects({
          calendar: { url: calendarUrl },
          headers: { authorization: AUTHORIZATION },
        })
      ).map((object) => ({ url: object.url, ...readEvent(String(object.data)) }));
    expect(await seen()).toEqual([{ url: expect.stringContaining('.ics'), uid, ...first, sequence: 0 }]);
    const second = span('2030-03-05T15:00', '2030-03-05T16:30', zone);
    await calendar.moveEvent(eventId, { timezone: zone, ...second });
    expect(await seen()).toMatchObject([{ uid, ...second, sequence: 1 }]);
    await calendar.deleteEvent(eventId);
    expect(await seen()).toEqual([]);
  });

  it('a loopback calendar is refused unless allowPrivateUrls is set, also behind a host name', async () => {
    const calendarUrl = await radicale.newCalendar();
    // The refusal names the calendar and this adapter's option, never the webhooks' ones.
    expect(() => createCalDavCalendar({ calendarUrl })).toThrow(
      /^calendarUrl is refused: the calendar URL points to a non-public address: .*set allowPrivateUrls of createCalDavCalendar\(\) to allow them/,
    );
    const behindName = createCalDavCalendar({
      calendarUrl: calendarUrl.replace('127.0.0.1', 'caldav.example.com'),
      lookup: async () => ['127.0.0.1'],
    });
    const error = await behindName.busy({ startMs: 0, endMs: HOUR }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ExternalCalendarError', retryable: false });
    expect(String((error as Error).message)).toMatch(
      /the calendar URL points to a non-public address: caldav\.example\.com \(127\.0\.0\.1\).*allowPrivateUrls of createCalDavCalendar\(\)/,
    );
    expect(String((error as Error).message)).not.toMatch(/webhook/i);
  });

  it('a calendar the server does not have fails the read instead of showing as free', async () => {
    const calendarUrl = `${radicale.origin}/someone-else/calendar/`;
    const calendar = createCalDavCalendar({
      calendarUrl,
      username: 'coach',
      password: 'secret',
      allowPrivateUrls: true,
    });
    const error = await calendar.busy({ startMs: 0, endMs: HOUR }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ExternalCalendarError', status: 404, retryable: false });
  });
});
