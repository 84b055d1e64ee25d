/**
 * The Google calendar: busy times from `events.list` (recurring events expanded by Google), and
 * booking events written with `events.insert`, `events.patch` and `events.delete` of the Google
 * Calendar API v3, authorised with an OAuth refresh token. Every request goes through the SSRF
 * guard of `@leadbook/server` and every call is bounded by a timeout and the caller's signal.
 *
 * @module
 */
import {
  assertBusyRange,
  checkWebhookUrlSyntax,
  createGuardedFetch,
  ExternalCalendarError,
  type ExternalCalendar,
  type UrlGuardWording,
} from '@leadbook/server';
import ky, { isHTTPError, type Options } from 'ky';
import { googleError } from './errors';
import { readBusy, type EventsPage } from './busy';
import { insertBody, timeBody, type GoogleEvent } from './events';
import { createApiClient, requestFetch, retryOptions, type CallState, type RetryPolicy } from './http';
import type { GoogleCalendarOptions } from './options';
import { createTokenCache } from './token';

/** How the SSRF guard's refusals read for this adapter: they name its own option. */
const GOOGLE_URL_WORDING: UrlGuardWording = {
  subject: 'Google Calendar URL',
  allowOption: 'allowPrivateUrls of createGoogleCalendar()',
};
const required = ['calendarId', 'clientId', 'clientSecret', 'refreshToken'] as const;
const gone = (status: number) => status === 404 || status === 410;

/**
 * Creates the external calendar of one Google calendar. Its event ids are Google's event ids.
 *
 * @example
 * ```ts
 * import { createGoogleCalendar } from '@leadbook/calendar-google';
 *
 * const calendar = createGoogleCalendar({
 *   calendarId: 'primary',
 *   clientId: process.env.GOOGLE_CLIENT_ID!,
 *   clientSecret: process.env.GOOGLE_CLIENT_SECRET!,
 *   refreshToken: process.env.COACH_GOOGLE_REFRESH_TOKEN!,
 *   timezone: 'Europe/Berlin',
 * });
 * const busy = await calendar.busy({ startMs: Date.now(), endMs: Date.now() + 7 * 86_400_000 });
 * ```
 */
export function createGoogleCalendar(options: GoogleCalendarOptions): ExternalCalendar {
  for (const key of required) {
    if (typeof options[key] !== 'string' || options[key].length === 0) {
      throw new TypeError(`createGoogleCalendar: ${key} is required`);
    }
  }
  const allowPrivate = options.allowPrivateUrls ?? false;
  const baseUrl = options.baseUrl ?? 'https://www.googleapis.com/calendar/v3';
  const tokenUrl = options.tokenUrl ?? 'https://oauth2.googleapis.com/token';
  for (const [name, url] of [
    ['baseUrl', baseUrl],
    ['tokenUrl', tokenUrl],
  ] as const) {
    const check = checkWebhookUrlSyntax(url, { allowPrivate, wording: GOOGLE_URL_WORDING });
    if (!check.ok) throw new TypeError(`createGoogleCalendar: ${name} is refused: ${check.reason}`);
  }
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxPages = options.maxPages ?? 10;
  const zone = options.timezone ?? 'UTC';
  const retry: RetryPolicy = {
    limit: options.retryLimit ?? 3,
    delayMs: options.retryDelayMs ?? 500,
    maxWaitMs: options.maxRetryWaitMs ?? 5_000,
  };
  const fetch = requestFetch(
    options.fetch ??
      createGuardedFetch({
        allowPrivate,
        wording: GOOGLE_URL_WORDING,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      }),
  );
  const tokens = createTokenCache({
    tokenUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    refreshToken: options.refreshToken,
    http: ky.create({
      fetch,
      timeout: timeoutMs,
      totalTimeout: timeoutMs,
      retry: { ...retryOptions(retry, now), methods: ['post'] },
    }),
    now,
  });
  const api = createApiClient({ prefix: baseUrl, fetch, retry, tokens, now });
  const events = `calendars/${encodeURIComponent(options.calendarId)}/events`;
  const eventPath = (eventId: string) => {
    if (eventId.length === 0 || eventId.length > 1024) {
      throw new ExternalCalendarError(`the event id ${eventId.slice(0, 40)} is not a Google event id`, {
        retryable: false,
      });
    }
    return `${events}/${encodeURIComponent(eventId)}`;
  };

  /** Runs `work` with the caller's signal joined to the timeout; every failure becomes an ExternalCalendarError. */
  const call = async <T>(
    what: string,
    caller: AbortSignal | undefined,
    work: (request: Options) => Promise<T>,
  ) => {
    const signal = caller
      ? AbortSignal.any([caller, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    const state: CallState = { refreshedToken: false };
    try {
      signal.throwIfAborted();
      return await work({ signal, context: { call: state } });
    } catch (error) {
      throw googleError(error, what, signal);
    }
  };

  /** The id of the event with `uid`, for a creation Google refused as a duplicate (409). */
  const findByUid = async (uid: string, request: Options) => {
    const page = await api
      .get(events, {
        ...request,
        searchParams: { iCalUID: uid, showDeleted: 'true', fields: 'items(id,status)' },
      })
      .json<EventsPage>();
    const items = page.items ?? [];
    const live = items.find((item) => item.status !== 'cancelled' && typeof item.id === 'string');
    if (live?.id !== undefined) return live.id;
    throw new ExternalCalendarError(
      items.length > 0
        ? 'Google Calendar creating the event: an event with this UID was deleted from the calendar'
        : 'Google Calendar creating the event: Google reported a duplicate but lists no event with this UID',
      { retryable: items.length === 0, status: 409 },
    );
  };

  return {
    kind: 'google',
    async busy(range, callOptions = {}) {
      assertBusyRange(range);
      return call('reading busy times', callOptions.signal, async (request) => {
        return readBusy({ api, path: events, range, request, zone, maxPages });
      });
    },
    async createEvent(event, callOptions = {}) {
      return call('creating the event', callOptions.signal, async (request) => {
        let created: GoogleEvent;
        try {
          created = await api
            .post(events, { ...request, searchParams: { sendUpdates: 'none' }, json: insertBody(event) })
            .json<GoogleEvent>();
        } catch (error) {
          // 409: Google holds an event with this iCalUID, made by an earlier try of this creation.
          if (isHTTPError(error) && error.response.status === 409)
            return { eventId: await findByUid(event.uid, request) };
          throw error;
        }
        if (typeof created.id !== 'string') {
          throw new ExternalCalendarError('Google Calendar creating the event: the answer has no id', {
            retryable: true,
          });
        }
        return { eventId: created.id };
      });
    },
    async moveEvent(eventId, time, callOptions = {}) {
      return call('moving the event', callOptions.signal, async (request) => {
        // Google raises the event's `sequence` itself when its time changes.
        const moved = await api
          .patch(eventPath(eventId), {
            ...request,
            searchParams: { sendUpdates: 'none' },
            json: timeBody(time),
          })
          .json<GoogleEvent>();
        // A deleted event stays listed as cancelled for a while, and Google may still patch it.
        if (moved.status === 'cancelled') {
          throw new ExternalCalendarError('Google Calendar moving the event: the event was deleted', {
            retryable: false,
          });
        }
      });
    },
    async deleteEvent(eventId, callOptions = {}) {
      return call('deleting the event', callOptions.signal, async (request) => {
        try {
          await api.delete(eventPath(eventId), { ...request, searchParams: { sendUpdates: 'none' } });
        } catch (error) {
          // Gone already (404, or 410 for an event deleted before) is what a deletion wants.
          if (isHTTPError(error) && gone(error.response.status)) return;
          throw error;
        }
      });
    },
  };
}
