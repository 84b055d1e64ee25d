/**
 * The Zoom meeting provider: `POST /users/{userId}/meetings`, `PATCH /meetings/{meetingId}` and
 * `DELETE /meetings/{meetingId}` of Zoom's REST API (v2), authorised with a Server-to-Server OAuth
 * token. ky does the HTTP: timeouts, retries with backoff, `Retry-After`, and the one retry with a
 * new token after a 401.
 *
 * @module
 */
import type { CreatedMeeting, MeetingProvider, MeetingTime } from '@leadbook/server';
import { MeetingProviderError } from '@leadbook/server';
import ky, { isHTTPError, type KyInstance, type ShouldRetryState } from 'ky';
import { retryAfterMs, zoomError } from './errors';
import { createTokenCache } from './token';

/** Options of {@link createZoomMeetingProvider}. */
export interface ZoomMeetingProviderOptions {
  /** The Server-to-Server OAuth app's account id. */
  accountId: string;
  /** The app's client id. */
  clientId: string;
  /** The app's client secret. */
  clientSecret: string;
  /** The API base. Default: `https://api.zoom.us/v2`. */
  apiBaseUrl?: string;
  /** The token endpoint. Default: `https://zoom.us/oauth/token`. */
  tokenUrl?: string;
  /** Per-request timeout in milliseconds. Default: 10000. */
  timeoutMs?: number;
  /** Retries within one call (rate limits and, except for creations, outages). Default: 2. */
  retryLimit?: number;
  /**
   * The longest `Retry-After` waited for within a call, in milliseconds. Default: 10000. A longer
   * one (a daily limit) fails the call with `retryAfterMs`, and the service retries it then.
   */
  maxRetryAfterMs?: number;
  /** Extra fields of the meeting-creation body, such as `{ settings: { waiting_room: true } }`. */
  meetingDefaults?: Record<string, unknown>;
  /** The fetch to use. Default: the global fetch. */
  fetch?: typeof fetch;
  /** The clock of the token's expiry, in epoch milliseconds. Default: `Date.now`. */
  now?: () => number;
}

/** Zoom's answer to a creation (the fields used). */
interface ZoomMeeting {
  id?: unknown;
  join_url?: unknown;
  password?: unknown;
  start_time?: unknown;
}

/** An instant as Zoom's `start_time` takes it: `yyyy-MM-ddTHH:mm:ssZ`, UTC. */
const zoomTime = (iso: string) => new Date(Date.parse(iso)).toISOString().replace(/\.\d{3}Z$/, 'Z');

const timeBody = (time: MeetingTime) => ({
  start_time: zoomTime(time.startTime),
  duration: time.durationMinutes,
  timezone: time.timezone,
});

/**
 * Creates the Zoom meeting provider. Meetings are scheduled meetings (`type: 2`) hosted by the
 * booking's host user (a Zoom user id or e-mail of the account); the app needs the scopes
 * `meeting:write:meeting:admin`, `meeting:update:meeting:admin` and `meeting:delete:meeting:admin`
 * (or the classic `meeting:write:admin`).
 *
 * @example
 * ```ts
 * import { createConnectService } from '@leadbook/server';
 * import { createZoomMeetingProvider } from '@leadbook/meetings-zoom';
 *
 * const zoom = createZoomMeetingProvider({
 *   accountId: process.env.ZOOM_ACCOUNT_ID!,
 *   clientId: process.env.ZOOM_CLIENT_ID!,
 *   clientSecret: process.env.ZOOM_CLIENT_SECRET!,
 * });
 * const service = await createConnectService({ meetings: { providers: [zoom] } });
 * ```
 */
export function createZoomMeetingProvider(options: ZoomMeetingProviderOptions): MeetingProvider {
  for (const key of ['accountId', 'clientId', 'clientSecret'] as const) {
    if (typeof options[key] !== 'string' || options[key].length === 0) {
      throw new TypeError(`createZoomMeetingProvider: ${key} is required`);
    }
  }
  const now = options.now ?? Date.now;
  const timeout = options.timeoutMs ?? 10_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 10_000;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  const tokens = createTokenCache(async () => {
    try {
      const answer = await ky
        .post(options.tokenUrl ?? 'https://zoom.us/oauth/token', {
          searchParams: { grant_type: 'account_credentials', account_id: options.accountId },
          headers: { authorization: `Basic ${basic}` },
          fetch: fetchFn,
          timeout,
          retry: { limit: options.retryLimit ?? 2, methods: ['post'], maxRetryAfter },
        })
        .json<{ access_token?: unknown; expires_in?: unknown }>();
      if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number') {
        throw new MeetingProviderError('Zoom token: the answer has no access_token', { retryable: true });
      }
      return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in };
    } catch (error) {
      throw await zoomError(error, 'token', now);
    }
  }, now);

  const prefix = options.apiBaseUrl ?? 'https://api.zoom.us/v2';
  const api: KyInstance = ky.create({
    prefix,
    fetch: fetchFn,
    timeout,
    retry: {
      limit: options.retryLimit ?? 2,
      methods: ['post', 'patch', 'delete'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      afterStatusCodes: [429, 503],
      maxRetryAfter,
      // A wait longer than a call should take is the service's to schedule.
      shouldRetry: ({ error }: ShouldRetryState) =>
        isHTTPError(error) &&
        error.response.status === 429 &&
        (retryAfterMs(error.response, now) ?? 0) > maxRetryAfter
          ? false
          : undefined,
    },
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          request.headers.set('authorization', `Bearer ${await tokens.get()}`);
        },
      ],
      afterResponse: [
        async ({ request, response }) => {
          if (response.status !== 401) return;
          // The token expired early or was revoked: one more try with a new one.
          const used = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
          tokens.invalidate(used);
          const fresh = await tokens.get();
          if (fresh === used) return;
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${fresh}`);
          return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED', delay: 0 });
        },
      ],
    },
  });

  // A creation is repeated only when Zoom said it did not process it (429): a repeated POST after
  // an outage or a lost answer could create a second meeting.
  const createRetry = {
    // `undefined` leaves a short 429 to ky's own handling, which waits its Retry-After.
    shouldRetry: ({ error }: ShouldRetryState) =>
      isHTTPError(error) &&
      error.response.status === 429 &&
      (retryAfterMs(error.response, now) ?? 0) <= maxRetryAfter
        ? undefined
        : false,
  };

  return {
    name: 'zoom',
    host: URL.canParse(prefix) ? new URL(prefix).hostname : undefined,
    async create(request, callOptions = {}): Promise<CreatedMeeting> {
      let meeting: ZoomMeeting;
      try {
        meeting = await api
          .post(`users/${encodeURIComponent(request.hostUserId)}/meetings`, {
            json: {
              ...options.meetingDefaults,
              topic: request.topic.slice(0, 200),
              type: 2,
              ...timeBody(request),
              agenda: `Leadbook booking ${request.bookingId}`,
            },
            retry: {
              ...createRetry,
              limit: options.retryLimit ?? 2,
              methods: ['post'],
              afterStatusCodes: [429],
              statusCodes: [429],
              maxRetryAfter,
            },
            ...(callOptions.signal ? { signal: callOptions.signal } : {}),
          })
          .json<ZoomMeeting>();
      } catch (error) {
        throw await zoomError(error, 'create meeting', now);
      }
      if (
        (typeof meeting.id !== 'number' && typeof meeting.id !== 'string') ||
        typeof meeting.join_url !== 'string'
      ) {
        throw new MeetingProviderError('Zoom create meeting: the answer has no id or join_url', {
          retryable: false,
        });
      }
      return {
        externalId: String(meeting.id),
        joinUrl: meeting.join_url,
        password: typeof meeting.password === 'string' && meeting.password !== '' ? meeting.password : null,
        startTime:
          typeof meeting.start_time === 'string'
            ? new Date(Date.parse(meeting.start_time)).toISOString()
            : request.startTime,
      };
    },
    async update(meeting, time, callOptions = {}) {
      try {
        await api.patch(`meetings/${encodeURIComponent(meeting.externalId)}`, {
          json: timeBody(time),
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        });
      } catch (error) {
        throw await zoomError(error, 'update meeting', now);
      }
    },
    async delete(meeting, callOptions = {}) {
      try {
        await api.delete(`meetings/${encodeURIComponent(meeting.externalId)}`, {
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        });
      } catch (error) {
        // Already gone: what a deletion wants.
        if (isHTTPError(error) && error.response.status === 404) return;
        throw await zoomError(error, 'delete meeting', now);
      }
    },
  };
}
