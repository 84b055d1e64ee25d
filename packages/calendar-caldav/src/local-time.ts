/**
 * Local times to instants by the rule of RFC 5545 (3.3.5, and 3.3.10 for recurrence instances): a
 * local time that a DST change skips is read with the UTC offset before the gap (02:30 on Berlin's
 * spring-forward day is 03:30 summer time); a local time that a change repeats is its first
 * occurrence (the earlier instant, still in summer time). Neither ical.js nor luxon resolves both
 * cases that way, so the rule is applied here over their offsets.
 *
 * @module
 */
import ICAL from 'ical.js';
import { IANAZone } from 'luxon';

type Timezone = InstanceType<typeof ICAL.Timezone>;

/** The UTC offset, in milliseconds, that a zone has at an instant (epoch milliseconds). */
export type OffsetAt = (utcMs: number) => number;

const DAY = 86_400_000;

/**
 * The instant of a local time, given as its fields read as if they were UTC (`Date.UTC(...)`):
 * the earliest instant whose local time it is, or, when a change skips it, the instant the offset
 * before the change gives. Assumes a zone changes its offset at most once within a day each side.
 */
export function resolveLocalTime(wallMs: number, offsetAt: OffsetAt): number {
  const before = wallMs - offsetAt(wallMs - DAY);
  const after = wallMs - offsetAt(wallMs + DAY);
  const valid = [before, after].filter((utcMs) => offsetAt(utcMs) === wallMs - utcMs);
  return valid.length === 0 ? before : Math.min(...valid);
}

/** The offsets of an IANA zone, from the tz database luxon reads. */
export const ianaOffsetAt = (zone: string): OffsetAt => {
  const iana = IANAZone.create(zone);
  return (utcMs) => iana.offset(utcMs) * 60_000;
};

interface Change {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  utcOffset: number;
  prevUtcOffset: number;
}

/** A zone's changes as sorted instants and the offsets from them on, per zone and covered year. */
const expanded = new WeakMap<Timezone, { year: number; at: number[]; offsets: number[]; initial: number }>();

function changesOf(zone: Timezone, year: number) {
  const known = expanded.get(zone);
  if (known !== undefined && known.year >= year) return known;
  // Asking for an offset makes ical.js expand the zone's changes to at least that year (and
  // five more); its list of changes is in UTC, sorted.
  zone.utcOffset(ICAL.Time.fromData({ year, month: 12, day: 31 }));
  const changes = zone.changes as Change[];
  const at = changes.map((c) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second));
  const entry = {
    year,
    at,
    offsets: changes.map((c) => c.utcOffset * 1000),
    initial: (changes[0]?.prevUtcOffset ?? 0) * 1000,
  };
  expanded.set(zone, entry);
  return entry;
}

/** The offsets of a zone the data defines (VTIMEZONE), from the changes ical.js expands it into. */
export const vtimezoneOffsetAt =
  (zone: Timezone): OffsetAt =>
  (utcMs) => {
    const { at, offsets, initial } = changesOf(zone, new Date(utcMs).getUTCFullYear() + 1);
    // The last change at or before the instant.
    let low = 0;
    let high = at.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (at[middle]! <= utcMs) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? initial : offsets[low - 1]!;
  };
