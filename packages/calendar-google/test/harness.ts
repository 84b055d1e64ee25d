/** What the msw-backed tests share: the injected clock, the calendar under test, small helpers. */
import { isExternalCalendarError, type ExternalCalendarError } from '@leadbook/server';
import { expect } from 'vitest';
import { createGoogleCalendar, type GoogleCalendarOptions } from '../src';
import { CALENDAR_ID, CLIENT_ID, CLIENT_SECRET, REFRESH_TOKEN } from './google-api';

export const HOUR = 3_600_000;
/** The injected clock: a Monday, 00:00 UTC. */
export const T0 = Date.parse('2030-03-04T00:00:00Z');
export const at = (hours: number) => T0 + hours * HOUR;
export const iso = (ms: number) => new Date(ms).toISOString();
export const DAY = { startMs: T0, endMs: at(24) };

export const calendar = (options: Partial<GoogleCalendarOptions> = {}) =>
  createGoogleCalendar({
    calendarId: CALENDAR_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    refreshToken: REFRESH_TOKEN,
    // msw intercepts the global fetch; the guarded default fetch is tested in guard.test.ts.
    fetch: (input, init) => fetch(input, init),
    retryDelayMs: 1,
    now: () => T0,
    ...options,
  });
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(isExternalCalendarError(error)).toBe(true);
      return error as ExternalCalendarError;
    },
  );
export const timed = (startMs: number, endMs: number) => ({
  start: { dateTime: iso(startMs), timeZone: 'UTC' },
  end: { dateTime: iso(endMs), timeZone: 'UTC' },
});
