/**
 * The iCalendar (RFC 5545) text of a resource's calendar feed: one `VEVENT` per booking, with the
 * booking's stable UID (`bookingEventUid`), a `SEQUENCE` that grows with each move, and `DTSTAMP`
 * and `LAST-MODIFIED` at the booking's last change, so the text changes only when a booking does.
 * The feed has no `METHOD`: it is a published calendar, not an iTIP message, so RFC 5545 reads
 * `DTSTAMP` as the time the event was last revised.
 *
 * Times are written in UTC (`DTSTART:20261208T090000Z`), as the booking invites are: a UTC time
 * names one instant that every calendar app applies alike, whereas a `TZID` needs a matching
 * `VTIMEZONE` built from tzdata, which some apps mishandle. Apps show the events in the reader's
 * own zone; `X-WR-TIMEZONE` names the resource's calendar zone for those that use it.
 *
 * @module
 */
import ICAL from 'ical.js';
import { refold } from './fold';

/** One event of a feed. */
export interface FeedEvent {
  /** The event's UID (`bookingEventUid(bookingId)`). */
  uid: string;
  /** 0 as booked, one more on each move. */
  sequence: number;
  /** Start, epoch milliseconds. */
  startMs: number;
  /** End, epoch milliseconds. */
  endMs: number;
  /** When the booking was made, epoch milliseconds (`CREATED`). */
  createdMs: number;
  /** When the booking last changed, epoch milliseconds (`DTSTAMP`, `LAST-MODIFIED`). */
  modifiedMs: number;
  /** The title: the appointment type's name. */
  summary: string;
  /** A line for staff, such as the booking's reference. */
  description: string;
}

/** What {@link buildFeed} writes. */
export interface FeedInput {
  /** The calendar's name in apps (`X-WR-CALNAME`): the resource's name. */
  name: string;
  /** The IANA zone of the resource's calendar (`X-WR-TIMEZONE`), if known. */
  timezone: string | null;
  /** How often apps should fetch the feed again, in minutes. */
  refreshMinutes: number;
  /** The events, in the order they are written. */
  events: readonly FeedEvent[];
}

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

function eventOf(input: FeedEvent): InstanceType<typeof ICAL.Component> {
  const event = new ICAL.Component('vevent');
  event.updatePropertyWithValue('uid', input.uid);
  event.updatePropertyWithValue('sequence', input.sequence);
  event.updatePropertyWithValue('dtstamp', utc(input.modifiedMs));
  event.updatePropertyWithValue('created', utc(input.createdMs));
  event.updatePropertyWithValue('last-modified', utc(input.modifiedMs));
  event.updatePropertyWithValue('dtstart', utc(input.startMs));
  event.updatePropertyWithValue('dtend', utc(input.endMs));
  event.updatePropertyWithValue('summary', input.summary);
  event.updatePropertyWithValue('description', input.description);
  event.updatePropertyWithValue('status', 'CONFIRMED');
  event.updatePropertyWithValue('transp', 'OPAQUE');
  event.updatePropertyWithValue('class', 'PRIVATE');
  return event;
}

/**
 * The feed's iCalendar text, escaped as RFC 5545 asks (ical.js writes it), folded at 75 octets,
 * every line ended by CRLF.
 *
 * @example
 * ```ts
 * const ics = buildFeed({
 *   name: 'Room 1', timezone: 'Europe/Berlin', refreshMinutes: 15,
 *   events: [{ uid: bookingEventUid('b_1'), sequence: 0, startMs, endMs, createdMs, modifiedMs,
 *     summary: 'Trial lesson', description: 'Booking b_1' }],
 * });
 * ```
 */
export function buildFeed(input: FeedInput): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.updatePropertyWithValue('prodid', '-//Leadbook//Leadbook calendar feed//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('x-wr-calname', input.name);
  if (input.timezone) calendar.updatePropertyWithValue('x-wr-timezone', input.timezone);
  // RFC 7986's refresh hint, and the older one Outlook and Apple Calendar read.
  const refresh = `PT${input.refreshMinutes}M`;
  calendar.updatePropertyWithValue('refresh-interval', ICAL.Duration.fromString(refresh));
  calendar.updatePropertyWithValue('x-published-ttl', refresh);
  for (const event of input.events) calendar.addSubcomponent(eventOf(event));
  return `${refold(calendar.toString())}\r\n`;
}
