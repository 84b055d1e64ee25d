/**
 * Booking rules in the engine: the window of starts that minimum notice and the horizon allow, the
 * buffers that widen the interval a booking occupies, and the count of bookings per local day.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { MINUTE_MS, type WallClockResolver } from './local-time';
import type { EngineBooking, EngineInterval, EngineRules } from './types';

/** The rules of one search, in epoch milliseconds. */
export interface ResolvedRules {
  /** Starts before this are refused (now, plus the minimum notice). */
  readonly earliestStartMs: number;
  /** Starts after this are refused (the horizon: now plus `horizonDays` local days). */
  readonly latestStartMs: number;
  /** The buffer before a candidate, in ms. */
  readonly beforeMs: number;
  /** The buffer after a candidate, in ms. */
  readonly afterMs: number;
  /** The daily limit per resource, or 0 for none. */
  readonly perDay: number;
}

/**
 * Turns rules and the clock into instants. Without `nowMs`, notice and horizon do not apply (no
 * candidate is refused for its time); `nowMs` alone refuses candidates that start before it.
 * The horizon counts calendar days in `zone`, so a day that crosses a DST change is 23 or 25 hours.
 */
export function resolveRules(
  rules: EngineRules | undefined,
  nowMs: number | undefined,
  zone: string,
): ResolvedRules {
  const notice = rules?.minimumNoticeMinutes ?? 0;
  const horizon = rules?.horizonDays ?? null;
  return {
    earliestStartMs: nowMs === undefined ? -Infinity : nowMs + notice * MINUTE_MS,
    latestStartMs:
      nowMs === undefined || horizon === null
        ? Infinity
        : DateTime.fromMillis(nowMs, { zone }).plus({ days: horizon }).toMillis(),
    beforeMs: (rules?.bufferBeforeMinutes ?? 0) * MINUTE_MS,
    afterMs: (rules?.bufferAfterMinutes ?? 0) * MINUTE_MS,
    perDay: rules?.maxBookingsPerResourcePerDay ?? 0,
  };
}

/**
 * The intervals bookings occupy: from `bufferBeforeMs` before the start to `bufferAfterMs` after
 * the end. Returns `bookings` itself when none has a buffer.
 */
export function occupiedIntervals(bookings: readonly EngineBooking[]): readonly EngineInterval[] {
  if (!bookings.some((b) => (b.bufferBeforeMs ?? 0) > 0 || (b.bufferAfterMs ?? 0) > 0)) return bookings;
  return bookings.map((b) => ({
    startMs: b.startMs - (b.bufferBeforeMs ?? 0),
    endMs: b.endMs + (b.bufferAfterMs ?? 0),
  }));
}

/** The sorted start instants of intervals, for counting the bookings of a day. */
export function sortedStarts(intervals: readonly EngineInterval[]): Float64Array {
  const starts = new Float64Array(intervals.length);
  for (let i = 0; i < intervals.length; i++) starts[i] = intervals[i]!.startMs;
  return starts.sort();
}

// The first index whose start is at or after t.
function lowerBound(starts: Float64Array, t: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (starts[mid]! < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How many of `starts` fall in `[fromMs, toMs)`. */
export function countStarts(starts: Float64Array, fromMs: number, toMs: number): number {
  return lowerBound(starts, toMs) - lowerBound(starts, fromMs);
}

/** The instants a local day (a day number of the zone) begins and ends. */
export function localDayBounds(resolve: WallClockResolver, day: number): [number, number] {
  return [resolve(day, 0), resolve(day + 1, 0)];
}
