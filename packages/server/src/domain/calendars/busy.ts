/**
 * Pure pieces of external calendars' busy times: checking a range and merging intervals, shared by
 * every adapter of the external calendar port.
 *
 * @module
 */
import {
  ExternalCalendarError,
  MAX_BUSY_RANGE_MS,
  type BusyInterval,
  type BusyRange,
} from '../../ports/external-calendar';

/**
 * Checks a busy-time range: finite epoch milliseconds, start before end, at most
 * {@link MAX_BUSY_RANGE_MS} long.
 *
 * @throws ExternalCalendarError (not retryable) when the range is not one.
 * @example
 * ```ts
 * assertBusyRange({ startMs: 0, endMs: 86_400_000 }); // fine
 * assertBusyRange({ startMs: 0, endMs: 400 * 86_400_000 }); // throws: longer than 366 days
 * ```
 */
export function assertBusyRange(range: BusyRange): void {
  const { startMs, endMs } = range;
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) {
    throw new ExternalCalendarError('the busy range needs finite startMs and endMs', { retryable: false });
  }
  if (endMs <= startMs) {
    throw new ExternalCalendarError('the busy range must end after it starts', { retryable: false });
  }
  if (endMs - startMs > MAX_BUSY_RANGE_MS) {
    throw new ExternalCalendarError('the busy range spans more than 366 days', { retryable: false });
  }
}

/**
 * Clips intervals to `range`, drops empty ones, sorts them by start and merges those that overlap
 * or touch: what `ExternalCalendar.busy()` returns.
 *
 * @example
 * ```ts
 * mergeBusyIntervals(
 *   [{ startMs: 30, endMs: 50 }, { startMs: 0, endMs: 20 }, { startMs: 20, endMs: 25 }],
 *   { startMs: 10, endMs: 40 },
 * ); // [{ startMs: 10, endMs: 25 }, { startMs: 30, endMs: 40 }]
 * ```
 */
export function mergeBusyIntervals(intervals: Iterable<BusyInterval>, range: BusyRange): BusyInterval[] {
  const clipped: BusyInterval[] = [];
  for (const { startMs, endMs } of intervals) {
    const start = Math.max(startMs, range.startMs);
    const end = Math.min(endMs, range.endMs);
    if (end > start) clipped.push({ startMs: start, endMs: end });
  }
  clipped.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const merged: BusyInterval[] = [];
  for (const interval of clipped) {
    const last = merged[merged.length - 1];
    if (last !== undefined && interval.startMs <= last.endMs)
      last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}
