/**
 * A fake of the parts of Zoom's API the provider uses, as msw handlers that mirror Zoom's documented
 * requests and answers: the Server-to-Server OAuth token endpoint (`POST /oauth/token` with
 * `grant_type=account_credentials`, HTTP Basic client credentials; `{ access_token, token_type,
 * expires_in, scope }`), and `POST /v2/users/{userId}/meetings` (201 with the meeting),
 * `PATCH /v2/meetings/{meetingId}` (204) and `DELETE /v2/meetings/{meetingId}` (204), which answer
 * 401 `{ code: 124, message: 'Invalid access token.' }` to an unknown or revoked token and 404
 * `{ code: 3001 }` to an unknown meeting. Every request is recorded; answers can be scripted.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const ACCOUNT_ID = 'acc-123';
export const CLIENT_ID = 'client-abc';
export const CLIENT_SECRET = 'secret-xyz';
export const HOST = 'coach@example.com';
export const TOKEN_URL = 'https://zoom.us/oauth/token';
export const API = 'https://api.zoom.us/v2';

/** A request as Zoom received it. */
export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A meeting the fake holds. */
export interface FakeMeeting {
  id: number;
  host: string;
  topic: string;
  start_time: string;
  duration: number;
  timezone: string;
  agenda?: string;
}

/** The fake and its msw server. */
export function fakeZoom() {
  const seen: Seen[] = [];
  const meetings = new Map<string, FakeMeeting>();
  const tokens = new Set<string>();
  const scripted: Array<{ match: (method: string, url: URL) => boolean; answer: () => Response }> = [];
  let issued = 0;
  let nextId = 85_746_065_001;

  const record = async (request: Request) => {
    const text = await request.clone().text();
    seen.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: text ? JSON.parse(text) : null,
    });
  };
  const scriptedAnswer = (request: Request) => {
    const url = new URL(request.url);
    const index = scripted.findIndex((entry) => entry.match(request.method, url));
    return index < 0 ? null : scripted.splice(index, 1)[0]!.answer();
  };
  const authorised = (request: Request) =>
    tokens.has(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
  const invalidToken = () =>
    HttpResponse.json({ code: 124, message: 'Invalid access token.' }, { status: 401 });
  const noMeeting = (id: string) =>
    HttpResponse.json({ code: 3001, message: `Meeting does not exist: ${id}.` }, { status: 404 });

  const handlers = [
    http.post(TOKEN_URL, async ({ request }) => {
      await record(request);
      const scriptedResponse = scriptedAnswer(request);
      if (scriptedResponse) return scriptedResponse;
      const url = new URL(request.url);
      const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (
        request.headers.get('authorization') !== basic ||
        url.searchParams.get('grant_type') !== 'account_credentials' ||
        url.searchParams.get('account_id') !== ACCOUNT_ID
      ) {
        return HttpResponse.json(
          { reason: 'Invalid client_id or client_secret', error: 'invalid_client' },
          { status: 401 },
        );
      }
      const token = `token-${++issued}`;
      tokens.add(token);
      return HttpResponse.json({
        access_token: token,
        token_type: 'bearer',
        expires_in: 3599,
        scope: 'meeting:write:admin',
      });
    }),
    http.post(`${API}/users/:userId/meetings`, async ({ request, params }) => {
      await record(request);
      const scriptedResponse = scriptedAnswer(request);
      if (scriptedResponse) return scriptedResponse;
      if (!authorised(request)) return invalidToken();
      const body = (await request.json()) as Omit<FakeMeeting, 'id' | 'host'>;
      const id = nextId++;
      const meeting = { ...body, id, host: String(params['userId']) };
      meetings.set(String(id), meeting);
      return HttpResponse.json(
        {
          uuid: 'aDYlohsHRtCd4ii1uC2+hA==',
          id,
          host_id: 'KDcuGIm1QgePTO8WbOqwIQ',
          host_email: meeting.host,
          topic: body.topic,
          type: 2,
          status: 'waiting',
          start_time: body.start_time,
          duration: body.duration,
          timezone: body.timezone,
          agenda: body.agenda,
          created_at: '2024-01-07T12:00:00Z',
          start_url: `https://zoom.us/s/${id}?zak=secret`,
          join_url: `https://zoom.us/j/${id}?pwd=abc`,
          password: '123456',
          settings: {},
        },
        { status: 201 },
      );
    }),
    http.patch(`${API}/meetings/:meetingId`, async ({ request, params }) => {
      await record(request);
      const scriptedResponse = scriptedAnswer(request);
      if (scriptedResponse) return scriptedResponse;
      if (!authorised(request)) return invalidToken();
      const id = String(params['meetingId']);
      const meeting = meetings.get(id);
      if (!meeting) return noMeeting(id);
      meetings.set(id, { ...meeting, ...((await request.json()) as Partial<FakeMeeting>) });
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${API}/meetings/:meetingId`, async ({ request, params }) => {
      await record(request);
      const scriptedResponse = scriptedAnswer(request);
      if (scriptedResponse) return scriptedResponse;
      if (!authorised(request)) return invalidToken();
      const id = String(params['meetingId']);
      if (!meetings.delete(id)) return noMeeting(id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    server: setupServer(...handlers),
    seen,
    meetings,
    /** Revokes every token issued so far (Zoom answers 401 to them from now on). */
    revokeTokens: () => tokens.clear(),
    /** The number of tokens issued. */
    issued: () => issued,
    /** Answers the next request matching `method` and `path` (a substring of the URL) with `answer`. */
    script(method: string, path: string, answer: () => Response) {
      scripted.push({ match: (m, url) => m === method && url.href.includes(path), answer });
    },
    reset() {
      seen.length = 0;
      meetings.clear();
      tokens.clear();
      scripted.length = 0;
      issued = 0;
      nextId = 85_746_065_001;
    },
  };
}

/** A 429 with `Retry-After` (seconds), as Zoom answers a rate limit. */
export const rateLimited = (seconds: number) =>
  HttpResponse.json(
    {
      code: 429,
      message: 'You have reached the maximum per-second rate limit for this API. Try again later.',
    },
    { status: 429, headers: { 'retry-after': String(seconds) } },
  );
