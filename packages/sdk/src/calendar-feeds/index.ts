/**
 * Calendar feed URLs (extension): the address staff subscribe to in their calendar app to see a
 * resource's bookings. The feed itself needs no client: calendar apps fetch it.
 *
 * @module
 */
import { calendarFeedPath, CALENDAR_FEED_TOKEN_PATTERN } from '@leadbook/contract';

/** Options of {@link calendarFeedUrl}. */
export interface CalendarFeedUrlOptions {
  /**
   * Write the URL with the `webcal:` scheme, which makes a browser hand the link to the calendar
   * app (Apple Calendar, Outlook) as a subscription. Default: false (the https URL, which Google
   * Calendar's "From URL" needs).
   */
  webcal?: boolean;
}

/**
 * The URL of a resource's calendar feed, from where the service is mounted and the feed's token
 * (shown once by `service.admin.calendarFeeds.create` or `rotate`). The URL is a secret: anyone
 * who has it sees the resource's booking times until the token is rotated.
 *
 * @param baseUrl Where the host mounts the service, such as `https://booking.example.com` (a path
 *   prefix is kept).
 * @param token The feed token (`lbfeed_` and 43 base64url characters).
 * @throws TypeError for a base URL that is not http(s) or a string that is not a feed token.
 * @example
 * ```ts
 * import { calendarFeedUrl } from '@leadbook/sdk';
 *
 * calendarFeedUrl('https://booking.example.com', feed.token);
 * // 'https://booking.example.com/public/calendar-feeds/lbfeed_....ics'
 * calendarFeedUrl('https://booking.example.com', feed.token, { webcal: true });
 * // 'webcal://booking.example.com/public/calendar-feeds/lbfeed_....ics'
 * ```
 */
export function calendarFeedUrl(
  baseUrl: string,
  token: string,
  options: CalendarFeedUrlOptions = {},
): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(`calendarFeedUrl: baseUrl is not a URL: ${baseUrl}`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new TypeError(`calendarFeedUrl: baseUrl must be an http(s) URL, got ${base.protocol}`);
  }
  if (!CALENDAR_FEED_TOKEN_PATTERN.test(token)) {
    throw new TypeError('calendarFeedUrl: token is not a calendar feed token (lbfeed_...)');
  }
  const url = `${base.origin}${base.pathname.replace(/\/+$/, '')}${calendarFeedPath(token)}`;
  return options.webcal ? url.replace(/^https?:/, 'webcal:') : url;
}
