/**
 * Booking times formatted for people: in the calendar's zone, in the lead's locale, the zone named.
 *
 * @module
 */
import { DateTime } from 'luxon';

/** The fallback locale when none is known or the one given is not a valid BCP 47 tag. */
export const DEFAULT_NOTIFICATION_LOCALE = 'en';

/**
 * `locale` when it is a BCP 47 tag `Intl` formats dates in, otherwise
 * {@link DEFAULT_NOTIFICATION_LOCALE}, never the process's locale.
 *
 * @example
 * ```ts
 * notificationLocale('de-DE'); // 'de-DE'
 * notificationLocale('not a locale'); // 'en'
 * ```
 */
export function notificationLocale(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_NOTIFICATION_LOCALE;
  try {
    // A well-formed tag Intl has no data for would otherwise fall back to the process's locale.
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? DEFAULT_NOTIFICATION_LOCALE;
  } catch {
    return DEFAULT_NOTIFICATION_LOCALE;
  }
}

/**
 * A booking's time span for people: the date and start-end times in `timezone` and `locale`,
 * followed by the zone's IANA name and its abbreviation or offset at the start, such as
 * `Tuesday, December 8, 2026, 10:00 AM – 10:30 AM (Europe/Berlin, GMT+1)`. A span ending on
 * another local day shows both dates. The process time zone never enters it.
 *
 * @example
 * ```ts
 * formatBookingTime(startMs, endMs, 'Europe/Berlin', 'de');
 * ```
 */
export function formatBookingTime(startMs: number, endMs: number, timezone: string, locale: string): string {
  const start = DateTime.fromMillis(startMs, { zone: timezone }).setLocale(locale);
  if (!start.isValid) throw new RangeError(`unknown time zone: ${timezone}`);
  // Intl's range format shows one date for a same-day span and both dates otherwise.
  const span = new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).formatRange(startMs, endMs);
  return `${span} (${timezone}, ${start.toFormat('ZZZZ')})`;
}
