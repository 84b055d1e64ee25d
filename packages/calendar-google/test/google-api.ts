/**
 * A fake of the parts of Google's APIs the calendar uses, as msw handlers that mirror Google's
 * documented requests and answers:
 *
 * - `POST https://oauth2.googleapis.com/token`, form-encoded `grant_type=refresh_token`,
 *   `client_id`, `client_secret`, `refresh_token`: `{ access_token, expires_in, scope, token_type }`;
 *   a revoked refresh token gets 400 `{ error: 'invalid_grant', error_description }`, an unknown
 *   client 401 `{ error: 'invalid_client' }`.
 * - Calendar API v3 under `https://www.googleapis.com/calendar/v3/calendars/{calendarId}/events`:
 *   `GET` (events.list: `timeMin`/`timeMax` overlap, `iCalUID`, `showDeleted`, `maxResults`,
 *   `pageToken`), `POST` (events.insert: 409 `duplicate` for a known `iCalUID`), `PATCH
 *   /{eventId}` (events.patch: `sequence` raised when the time changes), `DELETE /{eventId}`
 *   (events.delete: 204; 410 `deleted` for a deleted event, 404 `notFound` for an unknown one).
 *   Deleted events stay stored as `status: 'cancelled'`, as Google keeps them.
 * - Errors in Google's form `{ error: { code, message, errors: [{ domain, reason, message }], status } }`;
 *   a missing or unknown bearer token gets 401 `authError`.
 *
 * Every request is recorded; answers can be scripted.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const CLIENT_ID = '1234-abc.apps.googleusercontent.com';
export const CLIENT_SECRET = 'GOCSPX-secret';
export const REFRESH_TOKEN = '1//0refresh-token';
export const CALENDAR_ID = 'coach@example.com';
export const TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const API = 'https://www.googleapis.com/calendar/v3';
export const EVENTS_URL = `${API}/calendars/${encodeURIComponent(CALENDAR_ID)}/events`;

/** A request as Google received it. */
export interface Seen {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** A time of an event: `dateTime` (RFC 3339) or `date` (all-day). */
export interface FakeTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** An event the fake holds (Google's `events` resource, the fields used). */
export interface FakeEvent {
  id: string;
  iCalUID: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  transparency?: 'opaque' | 'transparent';
  summary?: string;
  description?: string;
  start: FakeTime;
  end: FakeTime;
  sequence: number;
  attendees?: Array<{ email: string; self?: boolean; responseStatus: string }>;
}

/** An error answer in Google's form. */
export const googleErrorResponse = (
  code: number,
  reason: string,
  message: string,
  headers?: Record<string, string>,
) =>
  HttpResponse.json(
    { error: { code, message, errors: [{ domain: 'global', reason, message }] } },
    { status: code, ...(headers ? { headers } : {}) },
  );

/** 403 `rateLimitExceeded`, as Google answers a calendar's rate limit. */
export const rateLimited = () => googleErrorResponse(403, 'rateLimitExceeded', 'Rate Limit Exceeded');

/** The epoch milliseconds of a timed event's time (the fake compares all-day dates as UTC days). */
const ms = (time: FakeTime) => Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);

const isTime = (value: unknown): value is FakeTime =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FakeTime).dateTime === 'string' &&
  !Number.isNaN(Date.parse((value as FakeTime).dateTime!)) &&
  (/[zZ]|[+-]\d\d:\d\d$/.test((value as FakeTime).dateTime!) ||
    typeof (value as FakeTime).timeZone === 'string');

/** The fake and its msw server. */
export function fakeGoogle() {
  const seen: Seen[] = [];
  const events = new Map<string, FakeEvent>();
  const tokens = new Set<string>();
  const scripted: Array<{ match: (method: string, url: URL) => boolean; answer: () => Response }> = [];
  const state = { issued: 0, nextId: 1, refreshRevoked: false, pageSize: 2500, timeZone: 'Europe/Berlin' };

  const record = async (request: Request) => {
    const text = await request.clone().text();
    const type = request.headers.get('content-type') ?? '';
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers.entries()),
      body: !text
        ? null
        : type.includes('json')
          ? JSON.parse(text)
          : Object.fromEntries(new URLSearchParams(text)),
    });
    const url = new URL(request.url);
    const index = scripted.findIndex((entry) => entry.match(request.method, url));
    return index < 0 ? null : scripted.splice(index, 1)[0]!.answer();
  };
  const unauthorised = (request: Request) =>
    tokens.has(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '')
      ? null
      : googleErrorResponse(401, 'authError', 'Invalid Credentials');
  const badRequest = (message: string) => googleErrorResponse(400, 'invalid', message);
  const notFound = () => googleErrorResponse(404, 'notFound', 'Not Found');
  const ours = (params: Record<string, unknown>) => params['calendarId'] === CALENDAR_ID;

  const handlers = [
    http.post(TOKEN_URL, async ({ request }) => {
      const scriptedAnswer = await record(request);
      if (scriptedAnswer) return scriptedAnswer;
      const form = new URLSearchParams(await request.text());
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
        return HttpResponse.json(
          { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
          { status: 401 },
        );
      }
      if (
        form.get('grant_type') !== 'refresh_token' ||
        form.get('refresh_token') !== REFRESH_TOKEN ||
        state.refreshRevoked
      ) {
        return HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
          { status: 400 },
        );
      }
      const token = `ya29.token-${++state.issued}`;
      tokens.add(token);
      return HttpResponse.json({
        access_token: token,
        expires_in: 3599,
        scope: 'https://www.googleapis.com/auth/calendar.events',
        token_type: 'Bearer',
      });
    }),
    http.get(`${API}/calendars/:calendarId/events`, async ({ request, params }) => {
      const answer = (await record(request)) ?? unauthorised(request);
      if (answer) return answer;
      if (!ours(params)) return notFound();
      const query = new URL(request.url).searchParams;
      const uid = query.get('iCalUID');
      const timeMin = query.get('timeMin');
      const timeMax = query.get('timeMax');
      if (uid === null && (timeMin === null || timeMax === null)) return badRequest('Missing time range.');
      const showDeleted = query.get('showDeleted') === 'true';
      const all = [...events.values()].filter(
        (event) =>
          (showDeleted || event.status !== 'cancelled') &&
          (uid === null || event.iCalUID === uid) &&
          (timeMin === null || ms(event.end) > Date.parse(timeMin)) &&
          (timeMax === null || ms(event.start) < Date.parse(timeMax)),
      );
      const offset = Number(query.get('pageToken') ?? 0);
      const size = Math.min(Number(query.get('maxResults') ?? 250), 2500, state.pageSize);
      const items = all.slice(offset, offset + size);
      return HttpResponse.json({
        kind: 'calendar#events',
        summary: CALENDAR_ID,
        updated: '2030-01-01T00:00:00.000Z',
        timeZone: state.timeZone,
        accessRole: 'owner',
        items: items.map((event) => ({ kind: 'calendar#event', ...event })),
        ...(offset + size < all.length ? { nextPageToken: String(offset + size) } : {}),
      });
    }),
    http.post(`${API}/calendars/:calendarId/events`, async ({ request, params }) => {
      const answer = (await record(request)) ?? unauthorised(request);
      if (answer) return answer;
      if (!ours(params)) return notFound();
      const body = (await request.json()) as Partial<FakeEvent>;
      if (!isTime(body.start) || !isTime(body.end))
        return badRequest('Missing time zone definition for start time.');
      if (ms(body.end) < ms(body.start))
        return googleErrorResponse(400, 'timeRangeEmpty', 'The specified time range is empty.');
      if (
        typeof body.iCalUID === 'string' &&
        [...events.values()].some((event) => event.iCalUID === body.iCalUID)
      ) {
        return googleErrorResponse(409, 'duplicate', 'The requested identifier already exists.');
      }
      const id = `evt${String(state.nextId++).padStart(6, '0')}`;
      const event: FakeEvent = {
        ...body,
        id,
        iCalUID: body.iCalUID ?? `${id}@google.com`,
        status: 'confirmed',
        start: body.start,
        end: body.end,
        sequence: 0,
      };
      events.set(id, event);
      return HttpResponse.json({
        kind: 'calendar#event',
        etag: '"1"',
        htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
        ...event,
      });
    }),
    http.patch(`${API}/calendars/:calendarId/events/:eventId`, async ({ request, params }) => {
      const answer = (await record(request)) ?? unauthorised(request);
      if (answer) return answer;
      const event = events.get(String(params['eventId']));
      if (!ours(params) || !event) return notFound();
      const body = (await request.json()) as Partial<FakeEvent>;
      if ((body.start && !isTime(body.start)) || (body.end && !isTime(body.end)))
        return badRequest('Invalid start or end.');
      const moved = { ...event, ...body, id: event.id, iCalUID: event.iCalUID };
      if (ms(moved.start) !== ms(event.start) || ms(moved.end) !== ms(event.end)) moved.sequence += 1;
      events.set(event.id, moved);
      return HttpResponse.json({ kind: 'calendar#event', ...moved });
    }),
    http.delete(`${API}/calendars/:calendarId/events/:eventId`, async ({ request, params }) => {
      const answer = (await record(request)) ?? unauthorised(request);
      if (answer) return answer;
      const event = events.get(String(params['eventId']));
      if (!ours(params) || !event) return notFound();
      if (event.status === 'cancelled')
        return googleErrorResponse(410, 'deleted', 'Resource has been deleted');
      events.set(event.id, { ...event, status: 'cancelled' });
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    server: setupServer(...handlers),
    seen,
    events,
    state,
    /** Puts an event in the calendar as the calendar's owner would. */
    add(event: Omit<FakeEvent, 'id' | 'sequence' | 'status'> & Partial<Pick<FakeEvent, 'status'>>) {
      const id = `ext${String(state.nextId++).padStart(6, '0')}`;
      events.set(id, { status: 'confirmed', sequence: 0, ...event, id });
      return id;
    },
    /** Makes Google refuse every access token issued so far (as when they expire early). */
    expireAccessTokens: () => tokens.clear(),
    /** Answers the next request matching `method` and `path` (a substring of the URL) with `answer`. */
    script(method: string, path: string, answer: () => Response) {
      scripted.push({ match: (m, url) => m === method && url.href.includes(path), answer });
    },
    /** The requests to the Calendar API (not the token endpoint). */
    apiRequests: () => seen.filter((request) => request.url.href.startsWith(API)),
    /** The requests to the token endpoint. */
    tokenRequests: () => seen.filter((request) => request.url.href.startsWith(TOKEN_URL)),
    reset() {
      seen.length = 0;
      events.clear();
      tokens.clear();
      scripted.length = 0;
      Object.assign(state, {
        issued: 0,
        nextId: 1,
        refreshRevoked: false,
        pageSize: 2500,
        timeZone: 'Europe/Berlin',
      });
    },
  };
}
