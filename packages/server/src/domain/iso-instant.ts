/**
 * `Date.prototype.toISOString` by integer arithmetic. V8's own takes 1.1–1.4 µs a call on Node 20,
 * which showed in the availability response (thousands of distinct instants per search); this takes
 * about a quarter of that. The answer is the same for every instant (see the test).
 *
 * @module
 */
import { civilFromDays } from './availability/local-time';

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z plus 1 ms: later years need `toISOString`'s six-digit form. */
const END_OF_YEAR_9999 = 253_402_300_800_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** Whether the integer arithmetic below covers `ms` (whole milliseconds, 1970 to 9999). */
const inRange = (ms: number) => ms >= 0 && ms < END_OF_YEAR_9999 && Number.isInteger(ms);

/** The UTC fields of an instant in range. */
function fieldsOf(ms: number) {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  return { year, month, day, hour, minute, second, milli: rest - second * 1000 };
}

/**
 * `new Date(ms).toISOString()`: the same string for every instant from 1970 to 9999 (whole
 * milliseconds), and `toISOString` itself outside them (it throws for an invalid time, as
 * `toISOString` does).
 */
export function isoInstant(ms: number): string {
  if (!inRange(ms)) return new Date(ms).toISOString();
  const { year, month, day, hour, minute, second, milli } = fieldsOf(ms);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hour)}:${pad2(minute)}:${pad2(second)}.${pad3(milli)}Z`;
}

/** The length of {@link isoInstant}'s answer from 1970 to 9999, in characters and UTF-8 bytes. */
export const ISO_INSTANT_LENGTH = 24;

const ZERO = 48;

/** Writes `value` as `width` decimal digits ending before `end`. */
function digits(target: Uint8Array, end: number, value: number, width: number): void {
  for (let i = end - 1; i >= end - width; i--) {
    const next = Math.floor(value / 10);
    target[i] = ZERO + value - next * 10;
    value = next;
  }
}

/**
 * Writes {@link isoInstant}'s answer as {@link ISO_INSTANT_LENGTH} ASCII bytes at `at`, without
 * making a string (the availability response writes thousands per search).
 *
 * @returns False, writing nothing, for an instant outside 1970 to 9999 or not a whole millisecond:
 *   its text is then {@link isoInstant}'s and may be longer.
 */
export function writeIsoInstant(target: Uint8Array, at: number, ms: number): boolean {
  if (!inRange(ms)) return false;
  const { year, month, day, hour, minute, second, milli } = fieldsOf(ms);
  digits(target, at + 4, year, 4);
  target[at + 4] = 45; // -
  digits(target, at + 7, month, 2);
  target[at + 7] = 45;
  digits(target, at + 10, day, 2);
  target[at + 10] = 84; // T
  digits(target, at + 13, hour, 2);
  target[at + 13] = 58; // :
  digits(target, at + 16, minute, 2);
  target[at + 16] = 58;
  digits(target, at + 19, second, 2);
  target[at + 19] = 46; // .
  digits(target, at + 23, milli, 3);
  target[at + 23] = 90; // Z
  return true;
}
