/**
 * How the Google calendar meets Google's failures, against the msw fake: an access token refused
 * (401) is replaced once; a revoked refresh token is an error no retry mends; rate limits (403
 * `rateLimitExceeded`, 429 with `Retry-After`) and outages are retried with bounded backoff, then
 * fail retryable; other refusals fail at once; the caller's signal ends a call, backoff included.
 */
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_SECRET, fakeGoogle, googleErrorResponse, rateLimited, REFRESH_TOKEN } from './google-api';
import { at, calendar, DAY, failure, timed } from './harness';

const google = fakeGoogle();
beforeAll(() => google.server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => google.reset());
afterAll(() => google.server.close());

const listRequests = () => google.apiRequests().filter((request) => request.method === 'GET');

describe('OAuth', () => {
  it('a 401 gets a new token and the call succeeds with it', async () => {
    google.add({ iCalUID: 'busy@example.com', ...timed(at(9), at(10)) });
    const cal = calendar();
    await cal.busy(DAY);
    google.expireAccessTokens();
    expect(await cal.busy(DAY)).toEqual([{ startMs: at(9), endMs: at(10) }]);
    expect(google.tokenRequests()).toHaveLength(2);
    expect(listRequests().map((request) => request.headers['authorization'])).toEqual([
      'Bearer ya29.token-1',
      'Bearer ya29.token-1',
      'Bearer ya29.token-2',
    ]);
  });

  it('a second 401 within the call fails it, not retryable, after one new token', async () => {
    const cal = calendar();
    const invalid = () => googleErrorResponse(401, 'authError', 'Invalid Credentials');
    google.script('GET', '/events', invalid);
    google.script('GET', '/events', invalid);
    const error = await failure(cal.busy(DAY));
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toContain('authError');
    expect(google.tokenRequests()).toHaveLength(2);
    expect(listRequests()).toHaveLength(2);
  });

  it('a revoked refresh token (400 invalid_grant) fails every call with a clear, secret-free message', async () => {
    google.state.refreshRevoked = true;
    const error = await failure(calendar().busy(DAY));
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(400);
    expect(error.message).toContain('invalid_grant');
    expect(error.message).toContain('connect the Google account again');
    expect(error.message).not.toContain(REFRESH_TOKEN);
    expect(error.message).not.toContain(CLIENT_SECRET);
    expect(google.tokenRequests()).toHaveLength(1);
    expect(listRequests()).toHaveLength(0);
  });

  it('a wrong client secret (401 invalid_client) is not retryable either', async () => {
    const error = await failure(
      calendar({ clientSecret: 'wrong' }).createEvent({
        uid: 'b@leadbook.events',
        summary: 'x',
        startMs: at(9),
        endMs: at(10),
        timezone: 'UTC',
      }),
    );
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toContain('invalid_client');
  });
});

describe('rate limits and outages', () => {
  it('403 rateLimitExceeded is retried with backoff, then the call succeeds', async () => {
    google.add({ iCalUID: 'busy@example.com', ...timed(at(9), at(10)) });
    google.script('GET', '/events', rateLimited);
    google.script('GET', '/events', () =>
      googleErrorResponse(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'),
    );
    expect(await calendar().busy(DAY)).toEqual([{ startMs: at(9), endMs: at(10) }]);
    expect(listRequests()).toHaveLength(3);
  });

  it('a rate limit that outlasts the attempts fails retryable after retryLimit + 1 attempts', async () => {
    for (let i = 0; i < 10; i++) google.script('GET', '/events', rateLimited);
    const error = await failure(calendar({ retryLimit: 2 }).busy(DAY));
    expect(error).toMatchObject({ retryable: true, status: 403 });
    expect(error.message).toContain('rateLimitExceeded');
    expect(listRequests()).toHaveLength(3);
  });

  it('429 waits its Retry-After; one longer than maxRetryWaitMs fails at once, retryable', async () => {
    const tooMany = (seconds: number) => () =>
      googleErrorResponse(429, 'rateLimitExceeded', 'Too Many Requests', { 'retry-after': String(seconds) });
    google.script('GET', '/events', tooMany(0));
    await expect(calendar().busy(DAY)).resolves.toEqual([]);
    expect(listRequests()).toHaveLength(2);

    google.script('GET', '/events', tooMany(3600));
    const error = await failure(calendar().busy(DAY));
    expect(error).toMatchObject({ retryable: true, status: 429 });
    expect(listRequests()).toHaveLength(3);
  });

  it('5xx is retried; other 4xx (such as 403 forbidden) fail at once, not retryable', async () => {
    google.script('POST', '/events', () => googleErrorResponse(503, 'backendError', 'Backend Error'));
    const event = {
      uid: 'b-1@leadbook.events',
      summary: 'x',
      startMs: at(9),
      endMs: at(10),
      timezone: 'UTC',
    };
    const { eventId } = await calendar().createEvent(event);
    expect(google.events.get(eventId)?.iCalUID).toBe('b-1@leadbook.events');

    google.script('DELETE', '/events', () => googleErrorResponse(403, 'forbidden', 'Forbidden'));
    const error = await failure(calendar().deleteEvent(eventId));
    expect(error).toMatchObject({ retryable: false, status: 403 });
    expect(google.apiRequests().filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('403 quotaExceeded (usage limits, lifted after hours) fails at once, retryable later', async () => {
    google.script('GET', '/events', () =>
      googleErrorResponse(403, 'quotaExceeded', 'Calendar usage limits exceeded.'),
    );
    const error = await failure(calendar().busy(DAY));
    expect(error).toMatchObject({ retryable: true, status: 403 });
    expect(listRequests()).toHaveLength(1);
  });

  it('an outage that outlasts the attempts fails retryable', async () => {
    for (let i = 0; i < 10; i++)
      google.script('PATCH', '/events', () => googleErrorResponse(500, 'backendError', 'x'));
    const id = google.add({ iCalUID: 'b-1@leadbook.events', ...timed(at(9), at(10)) });
    const error = await failure(
      calendar().moveEvent(id, { startMs: at(11), endMs: at(12), timezone: 'UTC' }),
    );
    expect(error).toMatchObject({ retryable: true, status: 500 });
    expect(google.apiRequests()).toHaveLength(4);
  });
});

describe('signals', () => {
  it('the caller aborting during a backoff ends the call there, retryable', async () => {
    const controller = new AbortController();
    google.script('GET', '/events', () => {
      // Google asks for a 4-second wait; the caller gives up while it lasts.
      setTimeout(() => controller.abort(), 0);
      return googleErrorResponse(429, 'rateLimitExceeded', 'Too Many Requests', { 'retry-after': '4' });
    });
    const error = await failure(calendar().busy(DAY, { signal: controller.signal }));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('aborted or timed out');
    expect(listRequests()).toHaveLength(1);
  });

  it('timeoutMs ends a call whose answer does not come', async () => {
    google.script('GET', '/events', () => new HttpResponse(new ReadableStream({ start: () => undefined })));
    const error = await failure(calendar({ timeoutMs: 50, retryLimit: 0 }).busy(DAY));
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringContaining('aborted or timed out'),
    });
  });
});
