/**
 * The server's calendar feed of a resource (`GET /public/calendar-feeds/{token}.ics`) imported into
 * a real CalDAV server: each event of the feed, byte for byte, PUT into a Radicale collection as
 * its own calendar object, and the whole feed uploaded onto a collection at once; read back with
 * tsdav and ical.js. Radicale checks every object it stores, so a feed it refuses fails here.
 */
import {
  bookingEventUid,
  createConnectService,
  createManualClock,
  type ConnectService,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN, studioFixture } from '@leadbook/server/studio';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { fetchCalendarObjects } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW } from '../../../test-support/time';
import { AUTHORIZATION, radicaleInstalled, startRadicale, type Radicale } from './radicale';

const HOUR_MS = 3_600_000;

/** The feed's header lines and each `VEVENT` block, as the server wrote them (CRLF, folded). */
function splitFeed(text: string): { header: string; events: Array<{ uid: string; block: string }> } {
  const start = text.indexOf('BEGIN:VEVENT');
  const header = start === -1 ? text.replace('END:VCALENDAR\r\n', '') : text.slice(0, start);
  const blocks = text.match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g) ?? [];
  return {
    header,
    events: blocks.map((block) => ({ uid: /\r\nUID:([^\r]*)\r\n/.exec(block)![1]!, block })),
  };
}

const berlin = (ms: number) =>
  DateTime.fromMillis(ms, { zone: 'Europe/Berlin' }).toFormat('yyyy-MM-dd HH:mm');

/** The events of a collection as another client (tsdav, ical.js) reads them, by start. */
async function readBack(calendarUrl: string) {
  const objects = await fetchCalendarObjects({
    calendar: { url: calendarUrl },
    headers: { authorization: AUTHORIZATION },
  });
  return objects
    .map((object) => {
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(String(object.data))).getFirstSubcomponent('vevent')!,
      );
      const startMs = event.startDate.toJSDate().getTime();
      return {
        uid: event.uid,
        sequence: event.sequence,
        summary: event.summary,
        start: berlin(startMs),
        startMs,
      };
    })
    .sort((a, b) => a.startMs - b.startMs)
    .map(({ startMs: _startMs, ...rest }) => rest);
}

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips.
describe.skipIf(!radicaleInstalled)('a calendar feed imported into Radicale', () => {
  let radicale: Radicale;
  let service: ConnectService;
  let feedPath: string;
  beforeAll(async () => {
    radicale = await startRadicale();
    service = await createConnectService({ clock: createManualClock(NOW) });
    await service.admin.seed(studioFixture({ now: NOW }));
    ({ path: feedPath } = await service.admin.calendarFeeds.create(ID.organization, {
      resourceId: ID.resourceCoach,
    }));
  });
  afterAll(async () => {
    await service?.close();
    await radicale?.stop();
  });

  const connect = async (method: string, path: string, body: unknown) => {
    const response = await service.fetch(
      new Request(`http://service.test${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { id: string };
  };
  const interval = (startIso: string) => ({
    startDateTime: startIso,
    endDateTime: new Date(Date.parse(startIso) + HOUR_MS).toISOString(),
  });
  const book = (startIso: string) =>
    connect('POST', '/connect/calendar_bookings/', {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      ...interval(startIso),
    });
  const feed = async () => {
    const response = await service.fetch(new Request(`http://service.test${feedPath}`));
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    return response.text();
  };
  /** PUTs each event of the feed as its own object, as a client importing the feed does. */
  const importEvents = async (calendarUrl: string) => {
    const { header, events } = splitFeed(await feed());
    for (const { uid, block } of events) {
      const name = encodeURIComponent(uid.replace(/@.*/, ''));
      const response = await fetch(`${calendarUrl}${name}.ics`, {
        method: 'PUT',
        headers: { authorization: AUTHORIZATION, 'content-type': 'text/calendar; charset=utf-8' },
        body: `${header}${block}END:VCALENDAR\r\n`,
      });
      expect([uid, response.status, response.ok && 'stored']).toEqual([uid, response.status, 'stored']);
    }
  };

  it('stores every event with its UID, SEQUENCE and local time, across the Berlin DST change, and after a move', async () => {
    // 09:00 Berlin on both sides of 2024-03-31 (08:00Z in winter, 07:00Z in summer).
    const winter = await book('2024-03-29T08:00:00.000Z');
    const summer = await book('2024-04-01T07:00:00.000Z');
    const calendarUrl = await radicale.newCalendar();
    await importEvents(calendarUrl);
    expect(await readBack(calendarUrl)).toEqual([
      { uid: bookingEventUid(winter.id), sequence: 0, summary: 'Trial session', start: '2024-03-29 09:00' },
      { uid: bookingEventUid(summer.id), sequence: 0, summary: 'Trial session', start: '2024-04-01 09:00' },
    ]);
    // Moved to 10:00 Berlin: the next import updates the same object, one SEQUENCE higher.
    await connect('PATCH', `/connect/calendar_bookings/${winter.id}`, interval('2024-03-29T09:00:00.000Z'));
    await importEvents(calendarUrl);
    expect(await readBack(calendarUrl)).toEqual([
      { uid: bookingEventUid(winter.id), sequence: 1, summary: 'Trial session', start: '2024-03-29 10:00' },
      { uid: bookingEventUid(summer.id), sequence: 0, summary: 'Trial session', start: '2024-04-01 09:00' },
    ]);
  });

  it('accepts the whole feed uploaded onto a collection at once', async () => {
    const calendarUrl = await radicale.newCalendar();
    const text = await feed();
    const response = await fetch(calendarUrl, {
      method: 'PUT',
      headers: { authorization: AUTHORIZATION, 'content-type': 'text/calendar; charset=utf-8' },
      body: text,
    });
    expect(response.ok).toBe(true);
    const uids = splitFeed(text).events.map((event) => event.uid);
    expect(uids.length).toBeGreaterThan(1);
    expect((await readBack(calendarUrl)).map((event) => event.uid).sort()).toEqual([...uids].sort());
  });
});
