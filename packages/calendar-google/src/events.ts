/**
 * Google Calendar events in and out: which listed events are busy and when (timed and all-day),
 * and the bodies of the events Leadbook writes.
 *
 * @module
 */
import {
  ExternalCalendarError,
  isLeadbookEventUid,
  type BusyInterval,
  type CalendarEventInput,
  type CalendarEventTime,
} from '@leadbook/server';
import { DateTime } from 'luxon';

/** A time of a Google event: `dateTime` (RFC 3339) for timed events, `date` for all-day ones. */
export interface GoogleEventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** The fields of a Google event (`events` resource) the calendar reads. */
export interface GoogleEvent {
  id?: string;
  iCalUID?: string;
  status?: string;
  transparency?: string;
  start?: GoogleEventTime;
  end?: GoogleEventTime;
  attendees?: Array<{ self?: boolean; responseStatus?: string }>;
}

/** The `fields` of the events list a busy read asks for: only what {@link busyOf} reads. */
export const BUSY_FIELDS =
  'nextPageToken,timeZone,items(id,iCalUID,status,transparency,start,end,attendees(self,responseStatus))';

/** An instant of an event time in epoch milliseconds; an all-day date starts at midnight in `zone`. */
function instant(time: GoogleEventTime | undefined, zone: string): number | undefined {
  if (time?.dateTime !== undefined) {
    const ms = Date.parse(time.dateTime);
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (time?.date !== undefined) {
    const day = DateTime.fromISO(time.date, { zone });
    return day.isValid ? day.toMillis() : undefined;
  }
  return undefined;
}

/**
 * The busy interval of a listed event, or null when it does not make the calendar busy: marked
 * free (`transparency: transparent`), cancelled, declined by the calendar's owner (as Google's own
 * free/busy leaves it out) or one of Leadbook's own events (by its `iCalUID`). All-day events'
 * dates are days in `zone` (the calendar's time zone).
 *
 * @throws ExternalCalendarError (not retryable) for an event whose times do not read: a busy read
 * fails rather than show that time free.
 */
export function busyOf(event: GoogleEvent, zone: string): BusyInterval | null {
  if (event.status === 'cancelled' || event.transparency === 'transparent') return null;
  if (event.iCalUID !== undefined && isLeadbookEventUid(event.iCalUID)) return null;
  if (event.attendees?.some((attendee) => attendee.self === true && attendee.responseStatus === 'declined')) {
    return null;
  }
  const startMs = instant(event.start, zone);
  const endMs = instant(event.end, zone);
  if (startMs === undefined || endMs === undefined) {
    throw new ExternalCalendarError(
      `Google Calendar reading busy times: the event ${String(event.id)} has no readable start or end`,
      { retryable: false },
    );
  }
  return endMs > startMs ? { startMs, endMs } : null;
}

/** An instant as Google's `dateTime` takes it: RFC 3339 in UTC, whole seconds. */
const googleTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The `start` and `end` of an event at `time`, shown in its time zone. */
export function timeBody(time: CalendarEventTime) {
  return {
    start: { dateTime: googleTime(time.startMs), timeZone: time.timezone },
    end: { dateTime: googleTime(time.endMs), timeZone: time.timezone },
  };
}

/** The `events.insert` body of a booking's event: its UID as `iCalUID`, busy (opaque), no reminders. */
export function insertBody(event: CalendarEventInput) {
  return {
    iCalUID: event.uid,
    summary: event.summary.slice(0, 1024),
    ...(event.description === undefined ? {} : { description: event.description.slice(0, 8192) }),
    ...timeBody(event),
    transparency: 'opaque',
  };
}
