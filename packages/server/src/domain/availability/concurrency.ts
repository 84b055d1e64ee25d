/**
 * Peak concurrency of a set of bookings, answered from a precomputed step function.
 *
 * @module
 */
import type { EngineBooking, EngineInterval } from './types';

/**
 * The number of concurrent intervals as a step function: `levels[i]` holds on
 * `[times[i], times[i + 1])`, and the level is 0 before `times[0]`. Consecutive levels differ.
 */
export interface ConcurrencyProfile {
  readonly times: Float64Array;
  readonly levels: Int32Array;
}

// Typed arrays are costly to allocate; a resource without bookings shares this one.
const EMPTY_PROFILE: ConcurrencyProfile = { times: new Float64Array(0), levels: new Int32Array(0) };

/**
 * Builds the step function of `intervals` (any order). Intervals are half-open, so one ending at
 * the instant another starts does not add to it; empty intervals count nowhere. A booking's buffers
 * widen what it occupies: `[startMs - bufferBeforeMs, endMs + bufferAfterMs)`.
 */
export function buildConcurrencyProfile(
  intervals: readonly (EngineInterval & Pick<EngineBooking, 'bufferBeforeMs' | 'bufferAfterMs'>)[],
): ConcurrencyProfile {
  if (intervals.length === 0) return EMPTY_PROFILE;
  let count = 0;
  for (const interval of intervals) if (interval.endMs > interval.startMs) count++;
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  let k = 0;
  // Read in place rather than through widened copies: no object per booking.
  for (const interval of intervals) {
    if (interval.endMs <= interval.startMs) continue;
    starts[k] = interval.startMs - (interval.bufferBeforeMs ?? 0);
    ends[k] = interval.endMs + (interval.bufferAfterMs ?? 0);
    k++;
  }
  starts.sort();
  ends.sort();

  const times = new Float64Array(2 * count);
  const levels = new Int32Array(2 * count);
  let size = 0;
  let level = 0;
  let i = 0;
  let j = 0;
  // Every end is later than the matching start in sorted order, so ends run out last.
  while (j < count) {
    const nextEnd = ends[j]!;
    const t = i < count && starts[i]! < nextEnd ? starts[i]! : nextEnd;
    while (j < count && ends[j] === t) {
      level--;
      j++;
    }
    while (i < count && starts[i] === t) {
      level++;
      i++;
    }
    if (size > 0 && levels[size - 1] === level) continue;
    times[size] = t;
    levels[size] = level;
    size++;
  }
  return { times: times.subarray(0, size), levels: levels.subarray(0, size) };
}

/** Index of the last step at or before `t`, or -1 when `t` precedes every step. */
export function stepIndexAt(profile: ConcurrencyProfile, t: number): number {
  const { times } = profile;
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (times[mid]! <= t) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/** Moves a step index found for an earlier instant forward to `t`; cheap for nearby instants. */
export function advanceStepIndex(profile: ConcurrencyProfile, index: number, t: number): number {
  const { times } = profile;
  let i = index;
  while (i + 1 < times.length && times[i + 1]! <= t) i++;
  return i;
}

/** Peak over `[startMs, endMs)`, given `index = stepIndexAt(profile, startMs)`. */
export function peakFromStep(
  profile: ConcurrencyProfile,
  index: number,
  startMs: number,
  endMs: number,
): number {
  const { times, levels } = profile;
  let peak = index >= 0 ? levels[index]! : 0;
  for (let i = index + 1; i < times.length && times[i]! < endMs; i++) {
    const level = levels[i]!;
    if (level > peak) peak = level;
  }
  return startMs < endMs ? peak : 0;
}

/**
 * The peak number of concurrent intervals of `profile` over `[startMs, endMs)`: not the number of
 * intervals that overlap it. Bookings 10:00-10:30 and 10:30-11:00 give a peak of 1 over 10:00-11:00.
 *
 * @example
 * const profile = buildConcurrencyProfile(bookings);
 * peakConcurrency(profile, candidate.startMs, candidate.endMs) < capacity; // still bookable
 */
export function peakConcurrency(profile: ConcurrencyProfile, startMs: number, endMs: number): number {
  return peakFromStep(profile, stepIndexAt(profile, startMs), startMs, endMs);
}
