/**
 * `Date.prototype.toISOString` written straight into bytes by integer arithmetic, for the
 * availability response, which writes one pair of instants per distinct candidate start (tens of
 * thousands in a long search): making, joining and encoding a string for each showed in its
 * response time.
 *
 * @module
 */
import { civilFromDays } from './availability/local-time';

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z plus 1 ms: later years need `toISOString`'s six-digit form. */
const END_OF_YEAR_9999 = 253_402_300_800_000;

/** The length of `toISOString`'s answer from 1970 to 9999, in characters and UTF-8 bytes. */
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
 * Writes `new Date(ms).toISOString()` as {@link ISO_INSTANT_LENGTH} ASCII bytes at `at`.
 *
 * @returns False, writing nothing, for an instant outside 1970 to 9999 or not a whole millisecond:
 *   its text is then `toISOString`'s and may be longer.
 */
export function writeIsoInstant(target: Uint8Array, at: number, ms: number): boolean {
  if (!(ms >= 0 && ms < END_OF_YEAR_9999 && Number.isInteger(ms))) return false;
  const days = Math.floor(ms / DAY_MS);
  const { year, month, day } = civilFromDays(days);
  let rest = ms - days * DAY_MS;
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
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
  digits(target, at + 23, rest - second * 1000, 3);
  target[at + 23] = 90; // Z
  return true;
}
