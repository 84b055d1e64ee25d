/**
 * The Zoom provider's HTTP contract, against msw handlers that mirror Zoom's documented requests and
 * answers (no network): the token request, the meeting requests (method, path, headers, body), the
 * token cache, a 401 with a new token, 404 on delete, 429 with Retry-After, and the conformance suite.
 */
import { isMeetingProviderError, type MeetingProviderError } from '@leadbook/server';
import { runMeetingProviderConformance } from '@leadbook/server/testing';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createZoomMeetingProvider, type ZoomMeetingProviderOptions } from '../src';
import {
  ACCOUNT_ID,
  API,
  CLIENT_ID,
  CLIENT_SECRET,
  fakeZoom,
  HOST,
  rateLimited,
  TOKEN_URL,
} from './zoom-api';

const zoom = fakeZoom();
beforeAll(() => zoom.server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => zoom.reset());
afterAll(() => zoom.server.close());

const T0 = Date.parse('2030-03-01T12:00:00Z');
const provider = (options: Partial<ZoomMeetingProviderOptions> = {}) =>
  createZoomMeetingProvider({
    accountId: ACCOUNT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    now: () => T0,
    ...options,
  });
const request = {
  bookingId: 'b-1',
  hostUserId: HOST,
  topic: 'Trial session',
  startTime: '2030-03-04T09:00:00.000Z',
  durationMinutes: 60,
  timezone: 'Europe/Berlin',
};
const ref = (externalId: string) => ({ externalId, hostUserId: HOST, bookingId: 'b-1' });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(isMeetingProviderError(error)).toBe(true);
      return error as MeetingProviderError;
    },
  );

runMeetingProviderConformance({
  name: 'zoom (msw)',
  create: async () => {
    zoom.reset();
    return {
      provider: provider(),
      hostUserId: HOST,
      inspect: async (id) => {
        const meeting = zoom.meetings.get(id);
        return meeting ? { startTime: meeting.start_time, durationMinutes: meeting.duration } : null;
      },
      dispose: async () => undefined,
    };
  },
});

describe('Zoom HTTP contract', () => {
  it('gets a token with the account credentials grant, then creates a scheduled meeting', async () => {
    const created = await provider().create(request);
    const [token, create] = zoom.seen;
    expect(token).toMatchObject({
      method: 'POST',
      url: `${TOKEN_URL}?grant_type=account_credentials&account_id=${ACCOUNT_ID}`,
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
    });
    expect(create).toMatchObject({
      method: 'POST',
      url: `${API}/users/coach%40example.com/meetings`,
      headers: { authorization: 'Bearer token-1', 'content-type': 'application/json' },
      body: {
        topic: 'Trial session',
        type: 2,
        start_time: '2030-03-04T09:00:00Z',
        duration: 60,
        timezone: 'Europe/Berlin',
        agenda: 'Leadbook booking b-1',
      },
    });
    expect(created).toEqual({
      externalId: '85746065001',
      joinUrl: 'https://zoom.us/j/85746065001?pwd=abc',
      password: '123456',
      startTime: '2030-03-04T09:00:00.000Z',
    });
  });

  it('moves a meeting with PATCH /meetings/{id} and deletes it with DELETE /meetings/{id}', async () => {
    const zoomProvider = provider();
    const { externalId } = await zoomProvider.create(request);
    await zoomProvider.update(ref(externalId), {
      startTime: '2030-03-05T15:30:00Z',
      durationMinutes: 45,
      timezone: 'UTC',
    });
    await zoomProvider.delete(ref(externalId));
    expect(
      zoom.seen
        .slice(2)
        .map(({ method, url, headers, body }) => ({ method, url, auth: headers['authorization'], body })),
    ).toEqual([
      {
        method: 'PATCH',
        url: `${API}/meetings/${externalId}`,
        auth: 'Bearer token-1',
        body: { start_time: '2030-03-05T15:30:00Z', duration: 45, timezone: 'UTC' },
      },
      { method: 'DELETE', url: `${API}/meetings/${externalId}`, auth: 'Bearer token-1', body: null },
    ]);
  });

  it('caches the token until a minute before it expires', async () => {
    let now = T0;
    const zoomProvider = provider({ now: () => now });
    await zoomProvider.create(request);
    await Promise.all([zoomProvider.create(request), zoomProvider.create(request)]);
    expect(zoom.issued()).toBe(1);
    now = T0 + (3599 - 60) * 1000;
    await zoomProvider.create(request);
    expect(zoom.issued()).toBe(2);
  });

  it('a 401 to a token that expired early gets a new token and one more try', async () => {
    const zoomProvider = provider();
    await zoomProvider.create(request);
    zoom.revokeTokens();
    const created = await zoomProvider.create(request);
    expect(created.externalId).toBe('85746065002');
    expect(
      zoom.seen.map((entry) => `${entry.method} ${entry.headers['authorization']?.slice(0, 12)}`),
    ).toEqual([
      'POST Basic Y2xpZW',
      'POST Bearer token',
      'POST Bearer token',
      'POST Basic Y2xpZW',
      'POST Bearer token',
    ]);
    expect(zoom.seen.at(-1)!.headers['authorization']).toBe('Bearer token-2');
  });

  it('treats 404 on delete as done', async () => {
    await expect(provider().delete(ref('999'))).resolves.toBeUndefined();
    expect(zoom.seen.at(-1)).toMatchObject({ method: 'DELETE', url: `${API}/meetings/999` });
  });

  it('waits out a short 429 Retry-After within the call', async () => {
    zoom.script('POST', '/meetings', () => rateLimited(0));
    const created = await provider().create(request);
    expect(created.externalId).toBe('85746065001');
    expect(zoom.seen.filter((entry) => entry.url.includes('/meetings'))).toHaveLength(2);
  });

  it('hands a long 429 Retry-After to the service: retryable, with the wait, and no second request', async () => {
    zoom.script('POST', '/meetings', () => rateLimited(3600));
    const error = await failure(provider().create(request));
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 3_600_000 });
    expect(error.message).toMatch(/^Zoom create meeting: HTTP 429 \(code 429: You have reached/);
    expect(zoom.seen.filter((entry) => entry.url.includes('/meetings'))).toHaveLength(1);
  });

  it('never repeats a creation after an outage (a second POST could make a second meeting)', async () => {
    zoom.script('POST', '/meetings', () =>
      HttpResponse.json({ code: 500, message: 'oops' }, { status: 500 }),
    );
    const error = await failure(provider().create(request));
    expect(error).toMatchObject({ retryable: true, status: 500 });
    expect(zoom.seen.filter((entry) => entry.url.includes('/meetings'))).toHaveLength(1);
  });

  it('repeats a move after an outage, and an unknown meeting is a failure no retry mends', async () => {
    const zoomProvider = provider({ retryLimit: 1 });
    const { externalId } = await zoomProvider.create(request);
    zoom.script(
      'PATCH',
      '/meetings/',
      () => new HttpResponse(null, { status: 503, headers: { 'retry-after': '0' } }),
    );
    await zoomProvider.update(ref(externalId), {
      startTime: '2030-03-05T15:30:00Z',
      durationMinutes: 45,
      timezone: 'UTC',
    });
    expect(zoom.meetings.get(externalId)!.start_time).toBe('2030-03-05T15:30:00Z');
    const error = await failure(
      zoomProvider.update(ref('999'), {
        startTime: '2030-03-05T15:30:00Z',
        durationMinutes: 45,
        timezone: 'UTC',
      }),
    );
    expect(error).toMatchObject({
      retryable: false,
      status: 404,
      message: 'Zoom update meeting: HTTP 404 (code 3001: Meeting does not exist: 999.)',
    });
  });

  it('refused credentials fail without a retry, and the message carries no secret', async () => {
    const error = await failure(provider({ clientSecret: 'wrong-secret' }).create(request));
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toBe('Zoom token: HTTP 401');
    expect(JSON.stringify(error.message)).not.toContain('wrong-secret');
    expect(zoom.seen).toHaveLength(1);
  });

  it('requires the credentials', () => {
    expect(() => createZoomMeetingProvider({ accountId: '', clientId: 'a', clientSecret: 'b' })).toThrow(
      /accountId is required/,
    );
  });
});
