/**
 * The external calendar conformance suite: every adapter of the external calendar port (the
 * in-memory calendar, `@leadbook/calendar-caldav`, an adapter of your own) runs it from its own
 * test file, against a real server on loopback or a faithful fake of the provider's API.
 *
 * @module
 */
import { describe, expect } from 'vitest';
import {
  MAX_BUSY_RANGE_MS,
  bookingEventUid,
  isExternalCalendarError,
  type CalendarEventInput,
  type ExternalCalendar,
} from '../ports/external-calendar';
import { namedTests } from './named-tests';
import type { ConformanceSkip } from './storage-conformance/harness';

/** An event put into the calendar as someone outside Leadbook would. */
export interface ExternalEventFixture {
  /** The UID (unique within a test). */
  uid: string;
  /** Start, epoch milliseconds. */
  startMs: number;
  /** End, epoch milliseconds. */
  endMs: number;
  /** Marked free (`TRANSP:TRANSPARENT`). */
  transparent?: boolean;
  /** Cancelled (`STATUS:CANCELLED`). */
  cancelled?: boolean;
}

/** What the suite works with: the adapter and a way around it into the calendar it talks to. */
export interface ExternalCalendarUnderTest {
  /** The adapter, ready to call, over an empty calendar. */
  calendar: ExternalCalendar;
  /** Adds an event to the calendar behind the adapter's back (a second client, the fake's store). */
  addExternalEvent(event: ExternalEventFixture): Promise<void>;
  /** The event as the calendar holds it, or null when it holds no such event. */
  inspect(eventId: string): Promise<{ uid: string; startMs: number; endMs: number; sequence: number } | null>;
  /** Releases what `create` set up. */
  dispose(): Promise<void>;
}

/** Options of {@link runExternalCalendarConformance}. */
export interface ExternalCalendarConformanceOptions {
  /** The suite's name in the test report, such as `caldav (radicale)`. */
  name: string;
  /** Creates a fresh adapter over an empty calendar; each test gets its own. */
  create: () => Promise<ExternalCalendarUnderTest>;
  /**
   * Tests this adapter does not run, each with its reason. A skip entry that names no test fails
   * the suite. Names are `"<group> > <title>"`.
   */
  skip?: ConformanceSkip[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Monday far from any test run's today; the suite needs no clock. */
const BASE = Date.parse('2030-03-04T00:00:00.000Z');
const at = (hours: number) => BASE + hours * HOUR;
const DAY_RANGE = { startMs: BASE, endMs: BASE + DAY };
const booking = (id: string, startHour = 9, hours = 1): CalendarEventInput => ({
  uid: bookingEventUid(id),
  startMs: at(startHour),
  endMs: at(startHour + hours),
  summary: 'Trial session',
  description: `Booking ${id}`,
  timezone: 'Europe/Berlin',
});
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/**
 * Registers the external calendar conformance tests with vitest: busy intervals are clipped,
 * sorted and merged, and leave out free, cancelled and Leadbook's own events; ranges are checked;
 * creation is idempotent by UID; a move raises `SEQUENCE`; deletion of a missing event is done;
 * an aborted signal stops a call. Call it at the top level of a test file.
 *
 * @example
 * ```ts
 * import { createInMemoryExternalCalendar } from '@leadbook/server';
 * import { runExternalCalendarConformance } from '@leadbook/server/testing';
 *
 * runExternalCalendarConformance({
 *   name: 'in-memory',
 *   create: async () => {
 *     const calendar = createInMemoryExternalCalendar();
 *     return {
 *       calendar,
 *       addExternalEvent: async (event) => void calendar.addEvent(event),
 *       inspect: async (id) => calendar.events.get(id) ?? null,
 *       dispose: async () => undefined,
 *     };
 *   },
 * });
 * ```
 */
export function runExternalCalendarConformance(options: ExternalCalendarConformanceOptions): void {
  const { test, checkSkips } = namedTests('runExternalCalendarConformance', options);

  describe(`external calendar conformance: ${options.name}`, () => {
    describe('busy', () => {
      test('busy', 'an empty calendar is free', async (u) => {
        expect(await u.calendar.busy(DAY_RANGE)).toEqual([]);
      });
      test('busy', 'intervals are clipped to the range, sorted and merged', async (u) => {
        await u.addExternalEvent({ uid: 'late@example.com', startMs: at(14), endMs: at(15) });
        await u.addExternalEvent({ uid: 'early@example.com', startMs: at(-2), endMs: at(9) });
        await u.addExternalEvent({ uid: 'touching@example.com', startMs: at(9), endMs: at(10) });
        await u.addExternalEvent({ uid: 'inside@example.com', startMs: at(14.25), endMs: at(14.75) });
        await u.addExternalEvent({ uid: 'outside@example.com', startMs: at(30), endMs: at(31) });
        expect(await u.calendar.busy(DAY_RANGE)).toEqual([
          { startMs: BASE, endMs: at(10) },
          { startMs: at(14), endMs: at(15) },
        ]);
      });
      test('busy', 'events marked free and cancelled events are not busy', async (u) => {
        await u.addExternalEvent({
          uid: 'free@example.com',
          startMs: at(9),
          endMs: at(10),
          transparent: true,
        });
        await u.addExternalEvent({ uid: 'off@example.com', startMs: at(11), endMs: at(12), cancelled: true });
        await u.addExternalEvent({ uid: 'real@example.com', startMs: at(13), endMs: at(14) });
        expect(await u.calendar.busy(DAY_RANGE)).toEqual([{ startMs: at(13), endMs: at(14) }]);
      });
      test('busy', "Leadbook's own events are not read back as busy", async (u) => {
        await u.calendar.createEvent(booking('own-1'));
        expect(await u.calendar.busy(DAY_RANGE)).toEqual([]);
      });
      test('busy', 'a reversed, empty or longer-than-366-days range is refused', async (u) => {
        for (const range of [
          { startMs: at(10), endMs: at(9) },
          { startMs: at(9), endMs: at(9) },
          { startMs: BASE, endMs: BASE + MAX_BUSY_RANGE_MS + HOUR },
        ]) {
          const error = await rejection(u.calendar.busy(range));
          expect(isExternalCalendarError(error) && error.retryable).toBe(false);
          expect(isExternalCalendarError(error)).toBe(true);
        }
      });
    });
    describe('events', () => {
      test('events', 'createEvent puts the event in the calendar at its time', async (u) => {
        const { eventId } = await u.calendar.createEvent(booking('b-1'));
        expect(eventId).toMatch(/\S/);
        expect(await u.inspect(eventId)).toMatchObject({
          uid: bookingEventUid('b-1'),
          startMs: at(9),
          endMs: at(10),
        });
      });
      test('events', 'creating the same UID again returns the same event', async (u) => {
        const first = await u.calendar.createEvent(booking('b-1'));
        const second = await u.calendar.createEvent(booking('b-1'));
        expect(second.eventId).toBe(first.eventId);
        const other = await u.calendar.createEvent(booking('b-2', 11));
        expect(other.eventId).not.toBe(first.eventId);
      });
      test('events', 'moveEvent moves the event and raises its SEQUENCE', async (u) => {
        const { eventId } = await u.calendar.createEvent(booking('b-1'));
        const before = await u.inspect(eventId);
        await u.calendar.moveEvent(eventId, { startMs: at(33), endMs: at(34.5), timezone: 'Europe/Berlin' });
        const after = await u.inspect(eventId);
        expect(after).toMatchObject({ uid: bookingEventUid('b-1'), startMs: at(33), endMs: at(34.5) });
        expect(after!.sequence).toBeGreaterThan(before!.sequence);
      });
      test('events', 'deleteEvent removes the event; deleting it again is done too', async (u) => {
        const { eventId } = await u.calendar.createEvent(booking('b-1'));
        await u.calendar.deleteEvent(eventId);
        expect(await u.inspect(eventId)).toBeNull();
        await expect(u.calendar.deleteEvent(eventId)).resolves.toBeUndefined();
      });
      test('events', 'moving an event that is gone is an error no retry mends', async (u) => {
        const { eventId } = await u.calendar.createEvent(booking('b-1'));
        await u.calendar.deleteEvent(eventId);
        const error = await rejection(
          u.calendar.moveEvent(eventId, { startMs: at(12), endMs: at(13), timezone: 'UTC' }),
        );
        expect(isExternalCalendarError(error)).toBe(true);
        expect((error as { retryable: boolean }).retryable).toBe(false);
      });
    });
    describe('calls', () => {
      test('calls', 'an aborted signal stops every call', async (u) => {
        const signal = AbortSignal.abort();
        await expect(u.calendar.busy(DAY_RANGE, { signal })).rejects.toBeTruthy();
        await expect(u.calendar.createEvent(booking('b-1'), { signal })).rejects.toBeTruthy();
        await expect(u.calendar.deleteEvent('whatever', { signal })).rejects.toBeTruthy();
      });
    });
    checkSkips();
  });
}
