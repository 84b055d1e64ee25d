/**
 * The `.ics` invite attached to booking messages (iTIP, RFC 5546): `METHOD:REQUEST` adds or moves
 * the event, `METHOD:CANCEL` removes it. Every invite of a booking carries the same UID, and
 * `SEQUENCE` grows with each reschedule, so a mail client updates one event instead of adding a
 * second.
 *
 * Times are written in UTC (`DTSTART:20261208T090000Z`). A UTC time names one instant that every
 * client applies the same way, whereas a `TZID` needs a matching `VTIMEZONE` built from tzdata, and
 * clients that mishandle one put the event at the wrong hour. Clients show the event in the reader's
 * own zone either way; the message text names the calendar's zone.
 *
 * @module
 */
import ICAL from 'ical.js';

/** A person in an invite. */
export interface InviteParty {
  /** The email address. */
  email: string;
  /** The display name, if known. */
  name?: string | null;
}

/** What {@link buildInvite} writes. */
export interface InviteInput {
  /** `REQUEST` to add or move the event, `CANCEL` to remove it. */
  method: 'REQUEST' | 'CANCEL';
  /** The event's UID, the same for every invite of one booking (`bookingEventUid(bookingId)`). */
  uid: string;
  /** 0 for the first invite, one more on each reschedule; a cancellation repeats the latest. */
  sequence: number;
  /** Start, epoch milliseconds. */
  startMs: number;
  /** End, epoch milliseconds. */
  endMs: number;
  /** When the invite is made (`DTSTAMP`), epoch milliseconds from the service's clock. */
  nowMs: number;
  /** The event's title. */
  summary: string;
  /** An optional description. */
  description?: string;
  /** The sender, written as `ORGANIZER`. */
  organizer: InviteParty;
  /** The lead, written as `ATTENDEE`. */
  attendee: InviteParty;
  /** The meeting's join URL, written as `URL` and `LOCATION`; `null` when there is none. */
  meetingUrl: string | null;
}

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

const party = (name: string, who: InviteParty, parameters: Record<string, string>) => {
  const property = new ICAL.Property(name);
  property.setValue(`mailto:${who.email}`);
  if (who.name) property.setParameter('cn', who.name);
  for (const [key, value] of Object.entries(parameters)) property.setParameter(key, value);
  return property;
};

/**
 * The iCalendar text of an invite, folded and escaped as RFC 5545 asks (ical.js writes it).
 *
 * @example
 * ```ts
 * const ics = buildInvite({
 *   method: 'REQUEST', uid: bookingEventUid('b_1'), sequence: 0, startMs, endMs, nowMs,
 *   summary: 'Trial lesson', organizer: { email: 'studio@example.com' },
 *   attendee: { email: 'ada@example.com', name: 'Ada' }, meetingUrl: null,
 * });
 * ```
 */
export function buildInvite(input: InviteInput): string {
  if (!Number.isSafeInteger(input.sequence) || input.sequence < 0) {
    throw new RangeError('an invite SEQUENCE is a non-negative integer');
  }
  const calendar = new ICAL.Component('vcalendar');
  calendar.updatePropertyWithValue('prodid', '-//Leadbook//Leadbook Connect//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', input.method);
  const event = new ICAL.Component('vevent');
  event.updatePropertyWithValue('uid', input.uid);
  event.updatePropertyWithValue('sequence', input.sequence);
  event.updatePropertyWithValue('dtstamp', utc(input.nowMs));
  event.updatePropertyWithValue('dtstart', utc(input.startMs));
  event.updatePropertyWithValue('dtend', utc(input.endMs));
  event.updatePropertyWithValue('summary', input.summary);
  if (input.description) event.updatePropertyWithValue('description', input.description);
  if (input.meetingUrl) {
    event.updatePropertyWithValue('url', input.meetingUrl);
    event.updatePropertyWithValue('location', input.meetingUrl);
  }
  event.addProperty(party('organizer', input.organizer, {}));
  event.addProperty(
    party('attendee', input.attendee, {
      role: 'REQ-PARTICIPANT',
      // The lead booked the time themselves, so they have accepted it.
      partstat: 'ACCEPTED',
      rsvp: 'FALSE',
    }),
  );
  event.updatePropertyWithValue('status', input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  event.updatePropertyWithValue('transp', 'OPAQUE');
  calendar.addSubcomponent(event);
  return calendar.toString();
}
