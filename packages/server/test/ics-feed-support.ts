/**
 * What the calendar feed tests share: a studio service on a manual clock, the coach's feed, Connect
 * calls that book, move and delete, and the feed read back and parsed with ical.js.
 */
import ICAL from 'ical.js';
import { createManualClock, createSqlJsStorage, type ManualClock, type SqlJsStorage } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { NOW } from '../../../test-support/time';
import { createHarness, type AdapterKind, type CallResult, type Harness } from './harness';

/** One event of a feed, as ical.js reads it. */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  startMs: number;
  endMs: number;
  summary: string;
  description: string;
  lastModifiedMs: number;
}

/** The events of an iCalendar text, in the order written. */
export function parseFeed(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const modified = component.getFirstPropertyValue('last-modified') as ICAL.Time;
    return {
      uid: event.uid,
      sequence: event.sequence,
      startMs: event.startDate.toJSDate().getTime(),
      endMs: event.endDate.toJSDate().getTime(),
      summary: event.summary,
      description: event.description,
      lastModifiedMs: modified.toJSDate().getTime(),
    };
  });
  return { calendar, events };
}

/** A feed world: the service, its clock and storage, and the coach's feed. */
export interface FeedWorld {
  h: Harness;
  clock: ManualClock;
  storage: SqlJsStorage;
  /** The coach's feed path, as `create` returned it. */
  path: string;
  feedId: string;
  get(path?: string, headers?: Record<string, string>): Promise<CallResult>;
  book(startIso: string, extra?: Record<string, unknown>): Promise<{ id: string }>;
  move(id: string, startIso: string): Promise<CallResult>;
  remove(id: string): Promise<CallResult>;
}

const HOUR_MS = 3_600_000;

/** A studio service on a clock at the test epoch with a feed of the coach's bookings. */
export async function feedWorld(kind: AdapterKind = 'fetch'): Promise<FeedWorld> {
  const clock = createManualClock(NOW);
  const storage = await createSqlJsStorage();
  const h = await createHarness(kind, { clock, storage });
  const feed = await h.service.admin.calendarFeeds.create(ID.organization, { resourceId: ID.resourceCoach });
  const interval = (startIso: string) => ({
    startDateTime: startIso,
    endDateTime: new Date(Date.parse(startIso) + HOUR_MS).toISOString(),
  });
  return {
    h,
    clock,
    storage,
    path: feed.path,
    feedId: feed.id,
    get: (path = feed.path, headers = {}) => h.call('GET', path, { headers }),
    async book(startIso, extra = {}) {
      const res = await h.call('POST', '/connect/calendar_bookings/', {
        token: TOKEN.write,
        body: {
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          resourceId: ID.resourceCoach,
          ...interval(startIso),
          ...extra,
        },
      });
      if (res.status !== 201) throw new Error(`booking ${startIso}: ${res.status} ${res.text}`);
      return res.json as { id: string };
    },
    move: (id, startIso) =>
      h.call('PATCH', `/connect/calendar_bookings/${id}`, { token: TOKEN.write, body: interval(startIso) }),
    remove: (id) => h.call('DELETE', `/connect/calendar_bookings/${id}`, { token: TOKEN.admin }),
  };
}
