/**
 * The SSRF guard on the Google calendar's default fetch (the guarded fetch of `@leadbook/server`,
 * which msw does not intercept): private URLs are refused when the calendar is made, a host name
 * that resolves to a private address is refused when connecting, and with `allowPrivateUrls` the
 * calendar talks to a stand-in of Google on loopback through the same fetch.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleCalendar } from '../src';
import { CLIENT_ID, CLIENT_SECRET, REFRESH_TOKEN } from './google-api';
import { at, DAY, failure, iso } from './harness';

const credentials = {
  calendarId: 'primary',
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  refreshToken: REFRESH_TOKEN,
  retryDelayMs: 1,
};

describe('SSRF guard', () => {
  it('refuses a private baseUrl or tokenUrl when the calendar is made, naming the option', () => {
    expect(() =>
      createGoogleCalendar({ ...credentials, baseUrl: 'http://127.0.0.1:8080/calendar/v3' }),
    ).toThrow(/baseUrl is refused: .*allowPrivateUrls of createGoogleCalendar\(\)/);
    expect(() =>
      createGoogleCalendar({ ...credentials, tokenUrl: 'http://169.254.169.254/latest/meta-data' }),
    ).toThrow(/tokenUrl is refused/);
    expect(() => createGoogleCalendar({ ...credentials, baseUrl: 'ftp://example.com/' })).toThrow(TypeError);
  });

  it('refuses to connect where a host name resolves to a private address, without retrying', async () => {
    const looked: string[] = [];
    const calendar = createGoogleCalendar({
      ...credentials,
      lookup: async (host) => {
        looked.push(host);
        return ['10.1.2.3'];
      },
    });
    const error = await failure(calendar.busy(DAY));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('oauth2.googleapis.com (10.1.2.3) is private');
    expect(looked).toEqual(['oauth2.googleapis.com']);
  });
});

describe('allowPrivateUrls', () => {
  const seen: Array<{ method: string; url: string; authorization?: string; body: string }> = [];
  let server: Server;
  let base: string;
  const read = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    return body;
  };
  beforeAll(async () => {
    server = createServer((request, response) => {
      void read(request).then((body) => {
        seen.push({
          method: request.method!,
          url: request.url!,
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
          body,
        });
        response.setHeader('content-type', 'application/json');
        if (request.url === '/token') {
          response.end(
            JSON.stringify({ access_token: 'ya29.local', expires_in: 3599, token_type: 'Bearer' }),
          );
        } else {
          const item = {
            id: 'e1',
            iCalUID: 'e1@example.com',
            start: { dateTime: iso(at(9)) },
            end: { dateTime: iso(at(10)) },
          };
          response.end(JSON.stringify({ timeZone: 'UTC', items: [item] }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lets the calendar use a server on loopback through the guarded fetch', async () => {
    const calendar = createGoogleCalendar({
      ...credentials,
      baseUrl: `${base}/calendar/v3`,
      tokenUrl: `${base}/token`,
      allowPrivateUrls: true,
    });
    expect(await calendar.busy(DAY)).toEqual([{ startMs: at(9), endMs: at(10) }]);
    expect(new URLSearchParams(seen[0]!.body).get('grant_type')).toBe('refresh_token');
    expect(seen[1]).toMatchObject({ method: 'GET', authorization: 'Bearer ya29.local' });
    expect(seen[1]!.url).toMatch(/^\/calendar\/v3\/calendars\/primary\/events\?/);
  });
});
