/**
 * Overlap tests against a set of blockers, answered from their sorted union.
 *
 * @module
 */
import type { EngineInterval } from './types';

/** Disjoint, sorted, non-touching intervals `[starts[i], ends[i])`: the union of some blockers. */
export interface BlockerIndex {
  readonly starts: Float64Array;
  readonly ends: Float64Array;
}

// Nothing writes to an index once built, so every blocker-free resource shares this one.
const NO_BLOCKERS: BlockerIndex = { starts: new Float64Array(0), ends: new Float64Array(0) };

/** Builds the union of `intervals` (any order); empty intervals block nothing. */
export function buildBlockerIndex(intervals: readonly EngineInterval[]): BlockerIndex {
  if (intervals.length === 0) return NO_BLOCKERS;
  const sorted = intervals.filter((i) => i.endMs > i.startMs).sort((a, b) => a.startMs - b.startMs);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const { startMs, endMs } of sorted) {
    const last = ends.length - 1;
    // Touching blockers merge too: an interval overlaps the union exactly when it overlaps a part.
    if (last >= 0 && startMs <= ends[last]!) ends[last] = Math.max(ends[last]!, endMs);
    else {
      starts.push(startMs);
      ends.push(endMs);
    }
  }
  return { starts: Float64Array.from(starts), ends: Float64Array.from(ends) };
}

/** Index of the first union part ending after `t` (the only part that can overlap from `t` on). */
export function blockerIndexAfter(index: BlockerIndex, t: number): number {
  const { ends } = index;
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ends[mid]! <= t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Moves an index from `blockerIndexAfter` for an earlier instant forward to `t`. */
export function advanceBlockerIndex(index: BlockerIndex, position: number, t: number): number {
  const { ends } = index;
  let i = position;
  while (i < ends.length && ends[i]! <= t) i++;
  return i;
}

/** Whether `[startMs, endMs)` overlaps the union, given `position = blockerIndexAfter(index, startMs)`. */
export function overlapsFrom(index: BlockerIndex, position: number, startMs: number, endMs: number): boolean {
  return position < index.starts.length && index.starts[position]! < endMs && startMs < endMs;
}

/** Whether the half-open `[startMs, endMs)` overlaps any blocker of `index`. */
export function overlapsBlocker(index: BlockerIndex, startMs: number, endMs: number): boolean {
  return overlapsFrom(index, blockerIndexAfter(index, startMs), startMs, endMs);
}
