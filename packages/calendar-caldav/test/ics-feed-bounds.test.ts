import { isExternalCalendarError } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIcsFeedCalendar } from '../src';
import { startFeedServer, type FeedServer } from './feed-server';
import { iCalendar, vevent } from './radicale';

const DAY_2030 = { startMs: Date.parse('2030-03-04T00:00:00Z'), endMs: Date.parse('2030-03-05T00:00:00Z') };
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('ICS feed reads are bounded and fail closed', () => {
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const feed = (path: string, options: { maxBytes?: number; timeoutMs?: number } = {}) =>
    createIcsFeedCalendar({ url: `${server.origin}${path}`, allowPrivateUrls: true, ...options });

  it('a feed larger than maxBytes fails the read, and no retry mends that', async () => {
    const events = Array.from({ length: 40 }, (_, n) =>
      vevent(`e${n}@example.com`, DAY_2030.startMs + n * 60_000, DAY_2030.startMs + (n + 1) * 60_000),
    );
    server.publish('/big.ics', iCalendar(...events));
    const error = await rejection(feed('/big.ics', { maxBytes: 2000 }).busy(DAY_2030));
    expect(isExternalCalendarError(error) && !error.retryable).toBe(true);
    expect(String((error as Error).message)).toBe(
      'reading busy times: the ICS feed is larger than 2000 bytes',
    );
    // The same feed within the bound is read.
    expect(await feed('/big.ics').busy(DAY_2030)).toEqual([
      { startMs: DAY_2030.startMs, endMs: DAY_2030.startMs + 40 * 60_000 },
    ]);
  });

  it('a 404 is an error no retry mends; a 500 is retryable; neither reads as free', async () => {
    server.publish('/broken.ics', { status: 500 });
    const missing = await rejection(feed('/missing.ics').busy(DAY_2030));
    expect(missing).toMatchObject({ retryable: false, status: 404 });
    expect(String((missing as Error).message)).toMatch(/the ICS feed server answered HTTP 404/);
    expect(await rejection(feed('/broken.ics').busy(DAY_2030))).toMatchObject({
      retryable: true,
      status: 500,
    });
  });

  it('a feed that is not iCalendar (a login page) fails the read', async () => {
    server.publish('/login.ics', '<html><body>Sign in</body></html>');
    const error = await rejection(feed('/login.ics').busy(DAY_2030));
    expect(isExternalCalendarError(error) && !error.retryable).toBe(true);
    expect(String((error as Error).message)).toMatch(/not valid iCalendar/);
  });

  it('a server that never answers fails the read at timeoutMs, as a retryable error', async () => {
    server.publish('/slow.ics', 'hang');
    const error = await rejection(feed('/slow.ics', { timeoutMs: 200 }).busy(DAY_2030));
    expect(isExternalCalendarError(error) && error.retryable).toBe(true);
    expect(String((error as Error).message)).toMatch(/aborted or timed out/);
  });

  it("the caller's signal stops a read that is waiting", async () => {
    server.publish('/slow-too.ics', 'hang');
    const controller = new AbortController();
    const pending = rejection(feed('/slow-too.ics').busy(DAY_2030, { signal: controller.signal }));
    // Abort once the request has reached the server.
    while (server.requests('/slow-too.ics') === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await pending;
    expect(isExternalCalendarError(error) && error.retryable).toBe(true);
  });

  it('a host name that resolves to a private address is refused at the connection', async () => {
    const calendar = createIcsFeedCalendar({
      url: 'https://feeds.example.com/coach.ics',
      lookup: async () => ['10.0.0.7'],
    });
    const error = await rejection(calendar.busy(DAY_2030));
    expect(isExternalCalendarError(error) && !error.retryable).toBe(true);
    expect(String((error as Error).message)).toMatch(
      /10\.0\.0\.7.*allowPrivateUrls of createIcsFeedCalendar\(\)/,
    );
  });

  it('a loopback URL, a URL with credentials or another scheme is refused at creation', () => {
    expect(() => createIcsFeedCalendar({ url: 'http://127.0.0.1:8080/coach.ics' })).toThrow(
      /^url is refused: the ICS feed URL points to a non-public address/,
    );
    expect(() => createIcsFeedCalendar({ url: 'https://alice:pw@feeds.example.com/coach.ics' })).toThrow(
      'url is refused: the ICS feed URL must not contain credentials',
    );
    expect(() => createIcsFeedCalendar({ url: 'file:///etc/passwd' })).toThrow(
      'url is refused: the ICS feed URL must use http or https, not file',
    );
  });
});
