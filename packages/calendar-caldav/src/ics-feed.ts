/**
 * The ICS feed calendar: the busy times of a published, read-only `.ics` feed (a calendar's
 * "secret address in iCal format", a `webcal://` subscription link), fetched with one GET through
 * the SSRF guard of `@leadbook/server` and expanded with ical.js like CalDAV data. Bookings cannot
 * be written to a feed.
 *
 * @module
 */
import {
  assertBusyRange,
  checkWebhookUrlSyntax,
  createGuardedFetch,
  ExternalCalendarError,
  mergeBusyIntervals,
  type ExternalCalendar,
  type HostLookup,
  type UrlGuardWording,
} from '@leadbook/server';
import { busyFromICalendar } from './expand';
import { boundedCall, cappedResponse } from './http';

/** Options of {@link createIcsFeedCalendar}. */
export interface IcsFeedCalendarOptions {
  /** The feed's URL: `https://`, `http://` or `webcal://` (fetched as `https://`). */
  url: string;
  /** The IANA zone of the feed's all-day and floating events. Default: `UTC`. */
  timezone?: string;
  /** The longest a read may take, in milliseconds, on top of the caller's signal. Default: 10000. */
  timeoutMs?: number;
  /** Allow a feed on loopback, private or link-local addresses. Default: false. */
  allowPrivateUrls?: boolean;
  /** The resolver of host names the guard checks. Default: the operating system's. */
  lookup?: HostLookup;
  /**
   * The fetch every read goes through. Default: the SSRF-guarded fetch of `@leadbook/server`
   * (`createGuardedFetch`); a fetch of your own replaces that guard.
   */
  fetch?: typeof fetch;
  /** The largest feed read, in bytes; a larger one fails the read. Default: 5000000 (5 MB). */
  maxBytes?: number;
  /** The most occurrences walked per recurring event. Default: 50000. */
  maxOccurrences?: number;
}

const FEED_URL_WORDING: UrlGuardWording = {
  subject: 'ICS feed URL',
  allowOption: 'allowPrivateUrls of createIcsFeedCalendar()',
};
const FEED_SERVER = 'the ICS feed server';

/** `webcal://` is the subscription scheme of calendar apps for an https feed. */
const feedUrl = (url: string) => url.replace(/^webcals?:\/\//i, 'https://');

/** The error of a feed answer that is not a success: a 4xx other than 408 and 429 is not retried. */
const statusError = (status: number) =>
  new ExternalCalendarError(`reading busy times: ${FEED_SERVER} answered HTTP ${status}`, {
    retryable: status === 408 || status === 429 || status >= 500,
    status,
  });

const readOnly = async (what: string): Promise<never> => {
  throw new ExternalCalendarError(
    `${what}: ICS feeds are read-only; link a CalDAV or other writable calendar to receive bookings`,
    { retryable: false },
  );
};

/**
 * Creates the external calendar of a read-only ICS feed. `busy` reads the whole feed on each call
 * (the service caches busy times per link for its `cacheTtlMs`); `createEvent`, `moveEvent` and
 * `deleteEvent` reject with a non-retryable `ExternalCalendarError`, so a feed must not be the
 * link that receives bookings.
 *
 * @example
 * ```ts
 * import { createIcsFeedCalendar } from '@leadbook/calendar-caldav';
 *
 * const calendar = createIcsFeedCalendar({
 *   url: 'webcal://calendar.example.com/feeds/alice/8f2c.ics',
 *   timezone: 'Europe/Berlin',
 * });
 * const busy = await calendar.busy({ startMs: Date.now(), endMs: Date.now() + 7 * 86_400_000 });
 * ```
 */
export function createIcsFeedCalendar(options: IcsFeedCalendarOptions): ExternalCalendar {
  const allowPrivate = options.allowPrivateUrls ?? false;
  const url = feedUrl(options.url);
  const check = checkWebhookUrlSyntax(url, { allowPrivate, wording: FEED_URL_WORDING });
  if (!check.ok) throw new TypeError(`url is refused: ${check.reason}`);
  const fetch =
    options.fetch ??
    createGuardedFetch({
      allowPrivate,
      wording: FEED_URL_WORDING,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5_000_000;
  const expandOptions = {
    timezone: options.timezone ?? 'UTC',
    maxOccurrences: options.maxOccurrences ?? 50_000,
  };

  return {
    kind: 'ics',
    async busy(range, callOptions = {}) {
      assertBusyRange(range);
      const what = 'reading busy times';
      return boundedCall(
        what,
        callOptions.signal,
        timeoutMs,
        async (signal) => {
          const response = await fetch(url, {
            headers: { accept: 'text/calendar, */*;q=0.5' },
            signal,
          });
          if (!response.ok) {
            await response.body?.cancel();
            throw statusError(response.status);
          }
          const text = await (await cappedResponse(response, maxBytes, `${what}: the ICS feed`)).text();
          return mergeBusyIntervals(busyFromICalendar([text], range, expandOptions), range);
        },
        FEED_SERVER,
      );
    },
    createEvent: () => readOnly('creating the event'),
    moveEvent: () => readOnly('moving the event'),
    deleteEvent: () => readOnly('deleting the event'),
  };
}
