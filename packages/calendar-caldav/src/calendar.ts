/**
 * The CalDAV external calendar: busy times from a `calendar-query` REPORT with a time range
 * (tsdav), expanded with ical.js; booking events written with PUT (`If-None-Match: *` to create,
 * `If-Match` to move) and removed with DELETE. Every call goes through the SSRF guard of
 * `@leadbook/server` and is bounded by a timeout.
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
import { calendarQuery, createCalendarObject, deleteCalendarObject, updateCalendarObject } from 'tsdav';
import { movedEventICalendar, newEventICalendar } from './event-ics';
import { busyFromICalendar } from './expand';
import { authorisedFetch, boundedCall, cappedResponse, statusError } from './http';

/** Options of {@link createCalDavCalendar}. */
export interface CalDavCalendarOptions {
  /** The calendar collection's URL, such as `https://dav.example.com/alice/work/`. */
  calendarUrl: string;
  /** The user name of HTTP Basic authentication, if the server asks for one. */
  username?: string;
  /** The password (or app password) of HTTP Basic authentication. */
  password?: string;
  /** The IANA zone of the calendar's all-day and floating events. Default: `UTC`. */
  timezone?: string;
  /** The longest a call may take, in milliseconds, on top of the caller's signal. Default: 10000. */
  timeoutMs?: number;
  /**
   * Allow a calendar on loopback, private or link-local addresses (a CalDAV server on the same
   * host or network). Default: false, as for webhooks' `allowPrivateUrls`.
   */
  allowPrivateUrls?: boolean;
  /** The resolver of host names the guard checks. Default: the operating system's. */
  lookup?: HostLookup;
  /**
   * The fetch every call goes through. Default: the SSRF-guarded fetch of `@leadbook/server`
   * (`createGuardedFetch`); a fetch of your own replaces that guard.
   */
  fetch?: typeof fetch;
  /** The largest answer a read takes, in bytes; a larger one fails the read. Default: 10000000 (10 MB). */
  maxResponseBytes?: number;
  /** The most occurrences walked per recurring event. Default: 50000. */
  maxOccurrences?: number;
  /** The clock of `DTSTAMP`, in epoch milliseconds. Default: `Date.now`. */
  now?: () => number;
}

/** How the SSRF guard's refusals read for a calendar: they name this adapter's own option. */
const CALENDAR_URL_WORDING: UrlGuardWording = {
  subject: 'calendar URL',
  allowOption: 'allowPrivateUrls of createCalDavCalendar()',
};

const timeRangeValue = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const calendarData = (props: Record<string, unknown> | undefined): unknown => {
  const data = props?.['calendarData'] as { _cdata?: unknown; _text?: unknown } | string | undefined;
  return typeof data === 'object' && data !== null ? (data._cdata ?? data._text) : data;
};

/**
 * Creates the external calendar of one CalDAV collection (Radicale, Nextcloud, iCloud, Fastmail,
 * Baïkal, ...). Its events' ids are their object URLs within the collection.
 *
 * @example
 * ```ts
 * import { createCalDavCalendar } from '@leadbook/calendar-caldav';
 *
 * const calendar = createCalDavCalendar({
 *   calendarUrl: 'https://dav.example.com/alice/work/',
 *   username: 'alice',
 *   password: process.env.CALDAV_PASSWORD!,
 *   timezone: 'Europe/Berlin',
 * });
 * const busy = await calendar.busy({ startMs: Date.now(), endMs: Date.now() + 7 * 86_400_000 });
 * ```
 */
export function createCalDavCalendar(options: CalDavCalendarOptions): ExternalCalendar {
  const allowPrivate = options.allowPrivateUrls ?? false;
  const check = checkWebhookUrlSyntax(options.calendarUrl, { allowPrivate, wording: CALENDAR_URL_WORDING });
  if (!check.ok) throw new TypeError(`calendarUrl is refused: ${check.reason}`);
  const calendarUrl = options.calendarUrl.endsWith('/') ? options.calendarUrl : `${options.calendarUrl}/`;
  const authorization =
    options.username === undefined
      ? undefined
      : `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
  const base =
    options.fetch ??
    createGuardedFetch({
      allowPrivate,
      wording: CALENDAR_URL_WORDING,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  const fetch = authorisedFetch(base, authorization);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const maxResponseBytes = options.maxResponseBytes ?? 10_000_000;
  const expandOptions = {
    timezone: options.timezone ?? 'UTC',
    maxOccurrences: options.maxOccurrences ?? 50_000,
  };

  const call = <T>(
    what: string,
    caller: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<T>,
  ) => boundedCall(what, caller, timeoutMs, work);
  /** The object URL of an event id, refused unless it lies within the calendar. */
  const objectUrl = (eventId: string) => {
    const url = new URL(eventId, calendarUrl).href;
    if (!url.startsWith(calendarUrl) || url.length === calendarUrl.length) {
      throw new ExternalCalendarError(`the event id ${eventId} is not an event of this calendar`, {
        retryable: false,
      });
    }
    return url;
  };

  return {
    kind: 'caldav',
    async busy(range, callOptions = {}) {
      assertBusyRange(range);
      return call('reading busy times', callOptions.signal, async (signal) => {
        // One REPORT with the data: tsdav's fetchCalendarObjects makes two requests and reads an
        // error answer as "no events", which would show a busy calendar as free.
        const strict: typeof globalThis.fetch = async (input, init) => {
          const response = await fetch(input, init);
          if (response.status !== 207 && !response.ok)
            throw statusError('reading busy times', response.status);
          return cappedResponse(response, maxResponseBytes);
        };
        const responses = await calendarQuery({
          url: calendarUrl,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          filters: {
            'comp-filter': {
              _attributes: { name: 'VCALENDAR' },
              'comp-filter': {
                _attributes: { name: 'VEVENT' },
                'time-range': {
                  _attributes: { start: timeRangeValue(range.startMs), end: timeRangeValue(range.endMs) },
                },
              },
            },
          },
          depth: '1',
          fetchOptions: { signal },
          fetch: strict,
        });
        const texts = responses.map((response) => {
          const data = calendarData(response.props);
          if (typeof data !== 'string') {
            throw new ExternalCalendarError('reading busy times: an event came without its data', {
              retryable: true,
              ...(response.status === undefined ? {} : { status: response.status }),
            });
          }
          return data;
        });
        return mergeBusyIntervals(busyFromICalendar(texts, range, expandOptions), range);
      });
    },
    async createEvent(event, callOptions = {}) {
      return call('creating the event', callOptions.signal, async (signal) => {
        const filename = `${encodeURIComponent(event.uid)}.ics`;
        const response = await createCalendarObject({
          calendar: { url: calendarUrl },
          filename,
          iCalString: newEventICalendar(event, now()),
          fetchOptions: { signal },
          fetch,
        });
        // 412: an object of this name exists already, made by an earlier try of this creation.
        if (!response.ok && response.status !== 412) throw statusError('creating the event', response.status);
        return { eventId: new URL(filename, calendarUrl).href };
      });
    },
    async moveEvent(eventId, time, callOptions = {}) {
      return call('moving the event', callOptions.signal, async (signal) => {
        const url = objectUrl(eventId);
        const current = await fetch(url, { method: 'GET', signal });
        if (!current.ok) throw statusError('moving the event', current.status);
        const text = await (await cappedResponse(current, maxResponseBytes)).text();
        const data = movedEventICalendar(text, time, now());
        const etag = current.headers.get('etag') ?? undefined;
        const response = await updateCalendarObject({
          calendarObject: { url, data, ...(etag === undefined ? {} : { etag }) },
          fetchOptions: { signal },
          fetch,
        });
        if (!response.ok) throw statusError('moving the event', response.status);
      });
    },
    async deleteEvent(eventId, callOptions = {}) {
      return call('deleting the event', callOptions.signal, async (signal) => {
        const response = await deleteCalendarObject({
          calendarObject: { url: objectUrl(eventId) },
          fetchOptions: { signal },
          fetch,
        });
        // Gone already (404, 410) is what a deletion wants.
        if (!response.ok && response.status !== 404 && response.status !== 410) {
          throw statusError('deleting the event', response.status);
        }
      });
    },
  };
}
