/**
 * The options of `createGoogleCalendar`.
 *
 * @module
 */
import type { HostLookup } from '@leadbook/server';

/** Options of `createGoogleCalendar`. */
export interface GoogleCalendarOptions {
  /** The calendar's id: `primary`, or an id such as `c_abc123@group.calendar.google.com`. */
  calendarId: string;
  /** The OAuth client's id (Google Cloud console, Credentials). */
  clientId: string;
  /** The OAuth client's secret. */
  clientSecret: string;
  /** The refresh token the calendar's owner granted (scope `https://www.googleapis.com/auth/calendar.events`). */
  refreshToken: string;
  /** The IANA zone of all-day events when Google's answer names none. Default: `UTC`. */
  timezone?: string;
  /** The longest a call may take, in milliseconds, retries included, on top of the caller's signal. Default: 10000. */
  timeoutMs?: number;
  /** Retries of one request after a rate limit, an outage or a network error. Default: 3 (4 attempts). */
  retryLimit?: number;
  /** The first backoff between attempts, in milliseconds; it doubles each time, with full jitter. Default: 500. */
  retryDelayMs?: number;
  /**
   * The longest wait between attempts, in milliseconds. A `Retry-After` longer than this fails the
   * call (retryable) rather than wait: the caller retries later. Default: 5000.
   */
  maxRetryWaitMs?: number;
  /** The most pages (of 2,500 events) one busy read takes; a range with more fails. Default: 10. */
  maxPages?: number;
  /** The API base. Default: `https://www.googleapis.com/calendar/v3`. */
  baseUrl?: string;
  /** The OAuth token endpoint. Default: `https://oauth2.googleapis.com/token`. */
  tokenUrl?: string;
  /** Allow `baseUrl` and `tokenUrl` on loopback, private or link-local addresses (a test server). Default: false. */
  allowPrivateUrls?: boolean;
  /** The resolver of host names the SSRF guard checks. Default: the operating system's. */
  lookup?: HostLookup;
  /**
   * The fetch every request goes through. Default: the SSRF-guarded fetch of `@leadbook/server`
   * (`createGuardedFetch`); a fetch of your own replaces that guard.
   */
  fetch?: typeof fetch;
  /** The clock of the access token's expiry, in epoch milliseconds. Default: `Date.now`. */
  now?: () => number;
}
