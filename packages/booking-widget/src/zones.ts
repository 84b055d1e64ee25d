/**
 * Time-zone arithmetic on `Intl` alone (no zone database in the bundle): the local calendar day of
 * an instant in a zone, the instant of a local midnight, and formatting.
 *
 * @module
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function parts(ms: number, zone: string): Record<string, number> {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, format);
  }
  const out: Record<string, number> = {};
  for (const part of format.formatToParts(ms))
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms`, in milliseconds. */
export function zoneOffset(ms: number, zone: string): number {
  const p = parts(ms, zone);
  const wall = Date.UTC(p['year']!, p['month']! - 1, p['day'], p['hour'], p['minute'], p['second']);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The calendar day (`YYYY-MM-DD`) of the instant `ms` in `zone`. */
export function dayOf(ms: number, zone: string): string {
  const p = parts(ms, zone);
  return `${p['year']}-${String(p['month']).padStart(2, '0')}-${String(p['day']).padStart(2, '0')}`;
}

/**
 * The instant at which the day `day` (`YYYY-MM-DD`) starts in `zone`: its midnight, or the first
 * instant after it where a DST change skips midnight.
 */
export function startOfDay(day: string, zone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes: the offset at the first guess may differ from the one at the answer across a change.
  let ms = wall - zoneOffset(wall, zone);
  ms = wall - zoneOffset(ms, zone);
  return dayOf(ms, zone) === day ? ms : ms + 3_600_000;
}

/** Whether `zone` is an IANA zone this browser knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the browser runs in. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every zone the browser knows, for the zone picker (empty where `Intl` cannot list them). */
export function timeZones(): string[] {
  return (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
}

/** The time of day of `ms` in `zone`, in `locale`'s style (`14:30`, `2:30 PM`). */
export function formatTime(ms: number, zone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(ms);
}

/** A plain day (`YYYY-MM-DD`) written out in `locale`, e.g. `Sunday, 29 March 2026`. */
export function formatDay(day: string, locale: string, style: 'long' | 'month' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'month'
      ? { timeZone: 'UTC', month: 'long', year: 'numeric' }
      : { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(locale, options).format(Date.parse(`${day}T00:00:00Z`));
}
