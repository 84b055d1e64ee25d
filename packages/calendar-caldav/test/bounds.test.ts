import { createServer, type Server, type Socket } from 'node:net';
import { isExternalCalendarError } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalDavCalendar } from '../src';

const HOUR = 3_600_000;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('CalDAV calendar calls are bounded and fail closed', () => {
  // A server that accepts connections and never answers.
  let silent: Server;
  const sockets: Socket[] = [];
  let silentUrl: string;
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/coach/calendar/`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a server that never answers fails the read at timeoutMs, as a retryable error', async () => {
    const calendar = createCalDavCalendar({ calendarUrl: silentUrl, allowPrivateUrls: true, timeoutMs: 200 });
    const error = await rejection(calendar.busy({ startMs: 0, endMs: HOUR }));
    expect(isExternalCalendarError(error) && error.retryable).toBe(true);
    expect(String((error as Error).message)).toMatch(/aborted or timed out/);
  });

  it("the caller's aborted signal stops a call that is waiting", async () => {
    const calendar = createCalDavCalendar({ calendarUrl: silentUrl, allowPrivateUrls: true });
    const controller = new AbortController();
    const pending = rejection(calendar.deleteEvent(`${silentUrl}a.ics`, { signal: controller.signal }));
    controller.abort();
    expect(isExternalCalendarError(await pending)).toBe(true);
  });

  it('a server that is down fails the read as a retryable error, never as free', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const calendar = createCalDavCalendar({
      calendarUrl: `http://127.0.0.1:${port}/coach/calendar/`,
      allowPrivateUrls: true,
    });
    const error = await rejection(calendar.busy({ startMs: 0, endMs: HOUR }));
    expect(isExternalCalendarError(error) && error.retryable).toBe(true);
  });

  it('an event id outside the calendar is refused before any request', async () => {
    let requests = 0;
    const calendar = createCalDavCalendar({
      calendarUrl: 'https://dav.example.com/coach/calendar/',
      fetch: async () => {
        requests++;
        return new Response(null, { status: 204 });
      },
    });
    for (const eventId of [
      'https://evil.example.com/coach/calendar/a.ics',
      '../other/a.ics',
      'https://dav.example.com/coach/calendar/',
    ]) {
      const error = await rejection(calendar.deleteEvent(eventId));
      expect(isExternalCalendarError(error) && !error.retryable).toBe(true);
    }
    expect(requests).toBe(0);
  });

  it('an answer larger than maxResponseBytes fails the read', async () => {
    const calendar = createCalDavCalendar({
      calendarUrl: 'https://dav.example.com/coach/calendar/',
      maxResponseBytes: 1000,
      fetch: async () =>
        new Response(`<?xml version="1.0"?><multistatus xmlns="DAV:">${' '.repeat(5000)}</multistatus>`, {
          status: 207,
          headers: { 'content-type': 'application/xml' },
        }),
    });
    const error = await rejection(calendar.busy({ startMs: 0, endMs: HOUR }));
    expect(String((error as Error).message)).toMatch(/larger than 1000 bytes/);
    expect(isExternalCalendarError(error) && !error.retryable).toBe(true);
  });

  it('a calendar URL with credentials or another scheme is refused at creation', () => {
    expect(() => createCalDavCalendar({ calendarUrl: 'https://alice:pw@dav.example.com/cal/' })).toThrow(
      'calendarUrl is refused: the calendar URL must not contain credentials',
    );
    expect(() => createCalDavCalendar({ calendarUrl: 'file:///etc/passwd' })).toThrow(
      'calendarUrl is refused: the calendar URL must use http or https, not file',
    );
  });
});
