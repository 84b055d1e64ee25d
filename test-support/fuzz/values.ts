/**
 * Hostile values the mutations draw from: odd text, extreme and malformed date-times, numbers at
 * the edges of what JSON and JavaScript agree on, and ids that are not quite UUIDs. Each list names
 * inputs that broke (or could break) a parser, a database or a date library somewhere.
 *
 * @module
 */
import type { Random } from './random';

/** Text that is valid JSON but hard on storage, regexes and renderers. */
export const ODD_TEXT: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800', // a lone high surrogate
  '\udc00x', // a lone low surrogate
  '\ud83d\ude00', // an emoji (a valid pair)
  '\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67', // a ZWJ sequence
  '\u202eevil.exe\u202dtxt', // right-to-left override
  'שלום עולם', // right-to-left script
  'e\u0301'.repeat(50), // combining marks
  '\ufeffbom',
  '\uffff\ufffe',
  'İı', // case folding that changes length
  'line\r\nbreak\u2028sep',
  "'; DROP TABLE leads; --",
  '%00%ZZ%',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '\\u0000',
  '\t\v\f',
  '𝕳𝖊𝖑𝖑𝖔',
];

/**
 * Date-time strings: the edges of the year range, offsets that name no instant, leap seconds,
 * impossible days, and shapes a lenient parser might take.
 */
export const ODD_DATES: readonly string[] = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2024-01-08T08:00:00+99:99',
  '2024-01-08T08:00:00-23:59',
  '2024-01-08T08:00:00+24:00',
  '2024-01-08T08:00:00-00:00',
  '2016-12-31T23:59:60Z', // a leap second
  '2024-02-30T10:00:00Z',
  '2023-02-29T10:00:00Z',
  '2024-13-01T10:00:00Z',
  '2024-01-08T24:00:00Z',
  '2024-01-08T08:00:00.123456789Z',
  '2024-01-08t08:00:00z',
  '2024-01-08T08:00:00',
  '2024-01-08',
  '2024-01-08 08:00:00Z',
  '1970-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '2038-01-19T03:14:08Z',
  '20240108T080000Z',
  'Mon, 08 Jan 2024 08:00:00 GMT',
  '1704700800000',
  'NaN',
  'Invalid Date',
];

/** Numbers JSON can carry that code often mishandles. */
export const ODD_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 2,
  -(2 ** 63),
  4_294_967_296,
];

/** Path ids that are not UUIDs (as sent: percent-encoded where that is the point). */
export const ODD_IDS: readonly string[] = [
  '%00',
  'abc%00def',
  '%ZZ',
  '%',
  '%E0%A4%A', // a truncated UTF-8 sequence
  '%ED%A0%80', // a surrogate encoded as UTF-8 (invalid)
  '%F0%9F%98%80', // an emoji
  '%20',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'undefined',
  '0',
  '-1',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '11111111-1111-4111-8111-11111111111', // one digit short
  '{11111111-1111-4111-8111-111111111111}',
  '11111111111141118111111111111111',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAA1',
  "1'%20OR%20'1'='1",
  'x'.repeat(5_000),
];

/** A fresh-looking valid v4 UUID that names nothing. */
export const unknownUuid = (random: Random): string =>
  `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-8${hex(random, 3)}-${hex(random, 12)}`;

function hex(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += '0123456789abcdef'[random.int(16)];
  return out;
}

/** A string of `length` characters drawn from `alphabet`. */
export function longText(random: Random, length: number, alphabet = 'ab€😀\u0301 '): string {
  // A repeated chunk: building megabytes character by character would cost more than the request.
  let chunk = '';
  for (let i = 0; i < 64; i++) chunk += alphabet[random.int(alphabet.length)];
  return chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length);
}

/** Any JSON value of a random type (for wrong-type mutations). */
export function anyValue(random: Random): unknown {
  return random.pick<() => unknown>([
    () => random.pick(ODD_NUMBERS),
    () => random.pick(ODD_TEXT),
    () => random.pick(ODD_DATES),
    () => random.chance(0.5),
    () => null,
    () => [],
    () => ({}),
    () => [random.pick(ODD_TEXT), random.pick(ODD_NUMBERS)],
    () => ({ nested: random.pick(ODD_TEXT) }),
    () => unknownUuid(random),
  ])();
}

/**
 * Whole weeks to move a valid interval by: it keeps its weekday and time of day, so it can still
 * match a weekly slot, years or millennia away (year 2, the zone's local mean time of 1880, 9996,
 * and past 9999, where `toISOString` writes a six-digit year).
 */
export const WEEK_SHIFTS: readonly number[] = [
  -1, -2, -53, -522, -5_218, -105_500, 52, 5_218, 416_000, 420_000,
];

const WEEK_MS = 7 * 86_400_000;

/** `iso` moved by `weeks` whole weeks, as `toISOString` writes it (undefined if not a date-time). */
export function shiftByWeeks(iso: string, weeks: number): string | undefined {
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d\d-\d\dT/.test(iso) || !Number.isFinite(ms)) return undefined;
  const shifted = new Date(ms + weeks * WEEK_MS);
  return Number.isFinite(shifted.getTime()) ? shifted.toISOString() : undefined;
}
