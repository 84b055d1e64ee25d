/**
 * The iCalendar objects Leadbook writes: a booking's event (times in UTC, `SEQUENCE:0`, busy),
 * and the same object moved to a new time with `SEQUENCE` one higher.
 *
 * @module
 */
import { ExternalCalendarError, type CalendarEventInput, type TimeSpan } from '@leadbook/server';
import ICAL from 'ical.js';

type Component = InstanceType<typeof ICAL.Component>;

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

/** The iCalendar text of a new booking event, stamped at `nowMs`. */
export function newEventICalendar(event: CalendarEventInput, nowMs: number): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.updatePropertyWithValue('prodid', '-//Leadbook//Leadbook Connect//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  const vevent = new ICAL.Component('vevent');
  vevent.updatePropertyWithValue('uid', event.uid);
  vevent.updatePropertyWithValue('dtstamp', utc(nowMs));
  vevent.updatePropertyWithValue('dtstart', utc(event.startMs));
  vevent.updatePropertyWithValue('dtend', utc(event.endMs));
  vevent.updatePropertyWithValue('summary', event.summary);
  if (event.description !== undefined) vevent.updatePropertyWithValue('description', event.description);
  vevent.updatePropertyWithValue('sequence', 0);
  vevent.updatePropertyWithValue('transp', 'OPAQUE');
  vevent.updatePropertyWithValue('status', 'CONFIRMED');
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}

const mainEvent = (text: string): { root: Component; vevent: Component } => {
  try {
    const root = new ICAL.Component(ICAL.parse(text));
    const vevent = root.getAllSubcomponents('vevent').find((c) => !c.hasProperty('recurrence-id'));
    if (vevent) return { root, vevent };
  } catch (cause) {
    throw new ExternalCalendarError('the event is not valid iCalendar', { retryable: false, cause });
  }
  throw new ExternalCalendarError('the event holds no VEVENT', { retryable: false });
};

/** The event's UID, start, end and SEQUENCE, read from its iCalendar text. */
export function readEvent(text: string): { uid: string; startMs: number; endMs: number; sequence: number } {
  const { vevent } = mainEvent(text);
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    startMs: event.startDate.toUnixTime() * 1000,
    endMs: event.endDate.toUnixTime() * 1000,
    sequence: event.sequence ?? 0,
  };
}

/** `text` with its event moved to `time` (in UTC), `SEQUENCE` one higher, stamped at `nowMs`. */
export function movedEventICalendar(text: string, time: TimeSpan, nowMs: number): string {
  const { root, vevent } = mainEvent(text);
  const sequence = Number(vevent.getFirstPropertyValue('sequence') ?? 0);
  vevent.removeAllProperties('duration');
  vevent.updatePropertyWithValue('dtstart', utc(time.startMs));
  vevent.updatePropertyWithValue('dtend', utc(time.endMs));
  vevent.updatePropertyWithValue('sequence', (Number.isFinite(sequence) ? sequence : 0) + 1);
  vevent.updatePropertyWithValue('dtstamp', utc(nowMs));
  return root.toString();
}
