/**
 * Local dates and wall times of a calendar zone, and their conversion to epoch milliseconds.
 *
 * Local dates are "day numbers" (days since 1970-01-01 in the proleptic Gregorian calendar), so
 * iterating days, reading weekdays and comparing validity dates is integer arithmetic. Only the
 * step from a local wall time to an instant needs the zone rules, and that goes through luxon.
 *
 * @module
 */
import { DateTime, IANAZone } from 'luxon';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Minutes in a local day; `24:00` is this many minutes after midnight. */
export const MINUTES_PER_DAY = 1_440;

/** A local calendar date. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

// Howard Hinnant's days_from_civil / civil_from_days: exact for every Gregorian date.
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function civilFromDays(dayNumber: number): CivilDate {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday (Monday = 1 ... Sunday = 7) of a day number; day 0 was a Thursday. */
export function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

const TIME_PATTERN = /^(\d{2}):(\d{2})$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Minutes after local midnight of an `HH:mm` wall time, or null when malformed.
 * `24:00` is accepted only when `allowEndOfDay` is set.
 */
export function parseWallTime(value: string, allowEndOfDay: boolean): number | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59) return null;
  if (hour < 24) return hour * 60 + minute;
  return allowEndOfDay && hour === 24 && minute === 0 ? MINUTES_PER_DAY : null;
}

/** Day number of a `yyyy-MM-dd` calendar date, or null when malformed or not a real date. */
export function parseLocalDate(value: string): number | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const dayNumber = daysFromCivil(year, month, day);
  const back = civilFromDays(dayNumber);
  return back.month === month && back.day === day ? dayNumber : null;
}

// Zone offsets at 00:00 UTC of each day, by zone. Reading them through Intl costs microseconds each
// and the runtime's time-zone rules do not change while it runs, so every search and booking shares
// them. Bounded per zone (20,000 days is about 55 years).
const dayStartOffsets = new Map<string, Map<number, number>>();
const OFFSET_DAYS_KEPT = 20_000;

/** The UTC offset (minutes) of `zone` at 00:00 UTC of a day number, shared process-wide. */
export function offsetAtDayStart(zone: IANAZone, dayNumber: number): number {
  let days = dayStartOffsets.get(zone.name);
  if (!days) {
    days = new Map();
    dayStartOffsets.set(zone.name, days);
  }
  let offset = days.get(dayNumber);
  if (offset === undefined) {
    if (days.size >= OFFSET_DAYS_KEPT) days.clear();
    offset = zone.offset(dayNumber * DAY_MS);
    days.set(dayNumber, offset);
  }
  return offset;
}

// Whether the offset is the same from 00:00 UTC of `day - 1` to 00:00 UTC of `day + 2` (assuming,
// like the resolver below, that a zone never changes its offset and back within a day).
function steadyAround(zone: IANAZone, day: number, offset: number): boolean {
  return (
    offsetAtDayStart(zone, day - 1) === offset &&
    offsetAtDayStart(zone, day + 1) === offset &&
    offsetAtDayStart(zone, day + 2) === offset
  );
}

/** Day number of the local date on which an instant falls in `zone`. */
export function localDayNumber(epochMs: number, zone: string): number {
  const ianaZone = IANAZone.create(zone);
  const utcDay = Math.floor(epochMs / DAY_MS);
  const offset = offsetAtDayStart(ianaZone, utcDay);
  if (steadyAround(ianaZone, utcDay, offset)) return Math.floor((epochMs + offset * MINUTE_MS) / DAY_MS);
  const local = DateTime.fromMillis(epochMs, { zone });
  return daysFromCivil(local.year, local.month, local.day);
}

/** Maps a local wall time (day number, minutes after midnight) to an epoch millisecond. */
export type WallClockResolver = (dayNumber: number, minuteOfDay: number) => number;

/**
 * A memoised wall-time resolver for one zone. A wall time that falls in a DST gap moves forward
 * by the length of the gap (luxon's default: 02:30 on a 02:00->03:00 day is 03:30); a wall time
 * that occurs twice resolves to its first occurrence (the earlier offset). Luxon alone picks the
 * occurrence whose offset matches the offset in force now, so that rule is applied here.
 *
 * Reading zone rules costs microseconds per call, so they are read once per local day: a day whose
 * offset is the same from the day before to the day after it has no transition (like luxon, this
 * assumes a zone never changes its offset and back within a day), and its wall times are plain
 * arithmetic. Only days next to a transition resolve each wall time through luxon, once.
 */
export function createWallClockResolver(zone: string): WallClockResolver {
  const ianaZone = IANAZone.create(zone);
  const memo = new Map<number, number>();
  return (dayNumber, minuteOfDay) => {
    const wallDay = dayNumber + Math.floor(minuteOfDay / MINUTES_PER_DAY);
    const wallMinute = minuteOfDay % MINUTES_PER_DAY;
    const wall = wallDay * DAY_MS + wallMinute * MINUTE_MS;
    // Every instant showing a wall time of `wallDay` lies within a day of that day (offsets < 24h).
    const offset = offsetAtDayStart(ianaZone, wallDay);
    if (steadyAround(ianaZone, wallDay, offset)) {
      return wall - offset * MINUTE_MS;
    }
    let resolved = memo.get(wall);
    if (resolved === undefined) {
      resolved = resolveWallTime(zone, wallDay, wallMinute);
      memo.set(wall, resolved);
    }
    return resolved;
  };
}

/** Resolves one wall time with luxon: gaps move forward, repeated times take the earlier offset. */
export function resolveWallTime(zone: string, dayNumber: number, minuteOfDay: number): number {
  const { year, month, day } = civilFromDays(dayNumber);
  const local = DateTime.fromObject(
    { year, month, day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 },
    { zone },
  );
  const resolved = local.toMillis();
  // The wall time read as if it were UTC; `wall - offset` is an instant showing it.
  const wall = dayNumber * DAY_MS + minuteOfDay * MINUTE_MS;
  const offsetBefore = local.zone.offset(wall - DAY_MS);
  if (offsetBefore === local.offset) return resolved;
  const earlier = wall - offsetBefore * MINUTE_MS;
  return earlier < resolved && local.zone.offset(earlier) === offsetBefore ? earlier : resolved;
}
