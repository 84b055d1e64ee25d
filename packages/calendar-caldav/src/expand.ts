/**
 * Busy intervals from iCalendar data, with ical.js: each VEVENT and its recurrence (RRULE, RDATE,
 * EXDATE, overridden occurrences by RECURRENCE-ID) expanded over the range asked for. Times in a
 * zone the data defines (VTIMEZONE) convert with that definition; a TZID without a definition is
 * read as the IANA zone of that name; all-day and floating times are wall-clock times of the
 * calendar's zone. A local time that a DST change skips or repeats is read by RFC 5545's rule
 * (`./local-time`). Free (TRANSP:TRANSPARENT), cancelled (STATUS:CANCELLED) and Leadbook's own
 * events are left out.
 *
 * @module
 */
import {
  ExternalCalendarError,
  isLeadbookEventUid,
  type BusyInterval,
  type BusyRange,
} from '@leadbook/server';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { ianaOffsetAt, resolveLocalTime, vtimezoneOffsetAt } from './local-time';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** Options of {@link busyFromICalendar}. */
export interface ExpandOptions {
  /** The IANA zone of all-day and floating times (the calendar's zone). */
  timezone: string;
  /**
   * The most occurrences walked per recurring event, from its first one on. An event with more
   * before the range ends (a minutely rule running for years) fails the read rather than hide busy
   * time.
   */
  maxOccurrences: number;
}

/**
 * The epoch milliseconds of an ical.js time, resolving zones as the module says and local times
 * that a DST change skips or repeats by the rule of RFC 5545 (see `resolveLocalTime`).
 */
function instant(time: Time, tzid: string | undefined, timezone: string): number {
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  const wallMs = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.isDate ? 0 : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
  );
  if (zone !== undefined && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating') {
    return resolveLocalTime(wallMs, vtimezoneOffsetAt(zone));
  }
  // A floating time: a TZID the data did not define names an IANA zone; otherwise the calendar's.
  const named =
    !time.isDate && tzid !== undefined && DateTime.local({ zone: tzid }).isValid ? tzid : timezone;
  return resolveLocalTime(wallMs, ianaOffsetAt(named));
}

const tzidOf = (component: Component, name: 'dtstart' | 'dtend'): string | undefined => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
};

/** Whether an occurrence whose component is `component` counts as busy. */
function counts(component: Component): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/** The busy intervals of one event (a master and its overridden occurrences) that reach the range. */
function eventIntervals(
  master: Component,
  exceptions: Component[],
  range: BusyRange,
  options: ExpandOptions,
  out: BusyInterval[],
): void {
  const event = new ICAL.Event(master, { exceptions, strictExceptions: false });
  /**
   * The interval from `start` to `end` when it reaches the range. `ownEnd`: the end is the event's
   * DTEND in its own zone, not a time ical.js computed in the start's zone.
   */
  const push = (component: Component, start: Time, end: Time, ownEnd = true) => {
    if (!counts(component)) return;
    const startTzid = tzidOf(component, 'dtstart');
    const startMs = instant(start, startTzid, options.timezone);
    const endTzid = ownEnd ? (tzidOf(component, 'dtend') ?? startTzid) : startTzid;
    const endMs = Math.max(startMs, instant(end, endTzid, options.timezone));
    if (endMs > range.startMs && startMs < range.endMs) out.push({ startMs, endMs });
  };
  if (!event.isRecurring()) {
    push(master, event.startDate, event.endDate);
    return;
  }
  // Overridden occurrences (RECURRENCE-ID) count at their own time, wherever they moved to.
  for (const exception of exceptions) {
    const moved = new ICAL.Event(exception);
    push(exception, moved.startDate, moved.endDate);
  }
  const iterator = event.iterator();
  const startTzid = tzidOf(master, 'dtstart');
  // Every occurrence lasts the master's exact duration (RFC 5545, 3.8.5.3): elapsed time, so that
  // an occurrence across a DST change lasts as long as the others. A DTEND in a zone of its own or a
  // date (all-day) span is kept as ical.js computes it.
  const exact =
    master.hasProperty('dtend') && !event.startDate.isDate && tzidOf(master, 'dtend') === startTzid
      ? instant(event.endDate, startTzid, options.timezone) -
        instant(event.startDate, startTzid, options.timezone)
      : undefined;
  for (let walked = 0; ; walked++) {
    const next = iterator.next();
    if (!next || instant(next, startTzid, options.timezone) >= range.endMs) return;
    if (walked >= options.maxOccurrences) {
      throw new ExternalCalendarError(
        `the recurring event ${event.uid} has more than ${options.maxOccurrences} occurrences before the range ends`,
        { retryable: false },
      );
    }
    const details = event.getOccurrenceDetails(next);
    if (details.item !== event || !counts(master)) continue;
    if (exact === undefined) {
      push(master, details.startDate, details.endDate, false);
      continue;
    }
    const startMs = instant(details.startDate, startTzid, options.timezone);
    const endMs = startMs + Math.max(0, exact);
    if (endMs > range.startMs && startMs < range.endMs) out.push({ startMs, endMs });
  }
}

/**
 * The busy intervals (unmerged, in no order) that the events of iCalendar objects have within
 * `range`.
 *
 * @throws ExternalCalendarError (not retryable) when an object does not parse, or a recurring
 * event has more than `maxOccurrences` occurrences before the range ends.
 */
export function busyFromICalendar(
  texts: Iterable<string>,
  range: BusyRange,
  options: ExpandOptions,
): BusyInterval[] {
  const out: BusyInterval[] = [];
  for (const text of texts) {
    let root: Component;
    try {
      root = new ICAL.Component(ICAL.parse(text));
    } catch (cause) {
      throw new ExternalCalendarError('an event of the calendar is not valid iCalendar', {
        retryable: false,
        cause,
      });
    }
    const byUid = new Map<string, { master?: Component; exceptions: Component[] }>();
    for (const vevent of root.getAllSubcomponents('vevent')) {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
      if (isLeadbookEventUid(uid)) continue;
      const override = vevent.hasProperty('recurrence-id');
      // A second event under one UID (feeds without UIDs have them) is an event of its own.
      const key = override || byUid.get(uid)?.master === undefined ? uid : `${uid}\u0000${byUid.size}`;
      const entry = byUid.get(key) ?? { exceptions: [] };
      if (override) entry.exceptions.push(vevent);
      else entry.master = vevent;
      byUid.set(key, entry);
    }
    for (const { master, exceptions } of byUid.values()) {
      // Occurrences without their master (an invitation to one occurrence) are single events.
      if (master === undefined)
        for (const single of exceptions) eventIntervals(single, [], range, options, out);
      else eventIntervals(master, exceptions, range, options, out);
    }
  }
  return out;
}
