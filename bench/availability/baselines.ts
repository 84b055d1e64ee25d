/**
 * The two baselines of an availability search of a {@link Fixture}:
 *
 * - `naiveAvailability`: the obvious implementation (luxon dates, every booking and blocker
 *   scanned for every candidate), with the service's results: the same candidates, the same ones
 *   available.
 * - `boundAvailability`: a lower bound on the work, counting the available candidates with binary
 *   searches over flat arrays prepared beforehand (by `prepareBound`, not timed), allocating nothing.
 *
 * @module
 */
import { DateTime } from 'luxon';
import type { Fixture, Slot } from './fixture';

/** A local wall time of `day` as a DateTime; a repeated wall time takes its first occurrence. */
function wallTime(day: DateTime, time: string): DateTime {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const base = hour === 24 ? day.plus({ days: 1 }) : day;
  const local = DateTime.fromObject(
    { year: base.year, month: base.month, day: base.day, hour: hour % 24, minute },
    { zone: day.zone },
  );
  return local.getPossibleOffsets().reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a));
}

/** The windows `[start, end]` of a slot on the fixture's days (and one either side). */
function slotWindows(fixture: Fixture, slot: Slot): Array<[DateTime, DateTime]> {
  const out: Array<[DateTime, DateTime]> = [];
  const first = DateTime.fromMillis(fixture.rangeStartMs, { zone: fixture.zone })
    .startOf('day')
    .minus({ days: 1 });
  const last = DateTime.fromMillis(fixture.rangeEndMs, { zone: fixture.zone })
    .startOf('day')
    .plus({ days: 1 });
  for (let day = first; day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    if (day.weekday !== slot.weekday) continue;
    if (slot.validFrom !== null && date < slot.validFrom) continue;
    if (slot.validUntil !== null && date > slot.validUntil) continue;
    out.push([wallTime(day, slot.startTime), wallTime(day, slot.endTime)]);
  }
  return out;
}

/** One candidate of the naive search. */
export interface NaiveCandidate {
  resourceId: string;
  startMs: number;
  available: boolean;
}

/** Every candidate of the fixture's search, computed the slow and obvious way. */
export function naiveAvailability(fixture: Fixture): NaiveCandidate[] {
  const { rangeStartMs, rangeEndMs, searchMinutes, bookingMinutes } = fixture;
  const out: NaiveCandidate[] = [];
  for (const slot of fixture.slots) {
    const resource = fixture.resources.find((r) => r.id === slot.resourceId)!;
    for (const [windowStart, windowEnd] of slotWindows(fixture, slot)) {
      for (let k = 0; ; k++) {
        const start = windowStart.plus({ minutes: k * searchMinutes });
        const end = start.plus({ minutes: bookingMinutes });
        if (end > windowEnd) break;
        const [startMs, endMs] = [start.toMillis(), end.toMillis()];
        if (startMs < rangeStartMs || endMs > rangeEndMs) continue;
        const mine = (b: Fixture['bookings'][number]) => b.resourceId === resource.id;
        const points = [startMs];
        for (const b of fixture.bookings)
          if (mine(b) && b.startMs > startMs && b.startMs < endMs) points.push(b.startMs);
        let peak = 0;
        for (const point of points) {
          let count = 0;
          for (const b of fixture.bookings) if (mine(b) && b.startMs <= point && point < b.endMs) count++;
          peak = Math.max(peak, count);
        }
        const blocked = fixture.blockers.some(
          (b) =>
            (b.resourceId === null || b.resourceId === resource.id) && b.startMs < endMs && b.endMs > startMs,
        );
        out.push({
          resourceId: resource.id,
          startMs,
          available: !blocked && peak < resource.maxParallelBookings,
        });
      }
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs || (a.resourceId < b.resourceId ? -1 : 1));
}

/** One resource of a {@link Bound}: flat arrays only. */
interface BoundResource {
  capacity: number;
  /** Window starts and ends, interleaved. */
  windows: Float64Array;
  /** The bookings' concurrency step function: `levels[i]` holds from `times[i]` to `times[i + 1]`. */
  times: Float64Array;
  levels: Int32Array;
  /** The union of the resource's blockers, sorted and disjoint. */
  blockerStarts: Float64Array;
  blockerEnds: Float64Array;
}

/** What {@link boundAvailability} reads. */
export interface Bound {
  rangeStartMs: number;
  rangeEndMs: number;
  stepMs: number;
  lengthMs: number;
  resources: BoundResource[];
}

/** Prepares the flat arrays of {@link boundAvailability}; not part of what the bound measures. */
export function prepareBound(fixture: Fixture): Bound {
  const resources = fixture.resources.map((resource): BoundResource => {
    const windows = fixture.slots
      .filter((slot) => slot.resourceId === resource.id)
      .flatMap((slot) => slotWindows(fixture, slot).map(([start, end]) => [start.toMillis(), end.toMillis()]))
      .sort((a, b) => a[0]! - b[0]!);
    const edges = fixture.bookings
      .filter((b) => b.resourceId === resource.id)
      .flatMap((b): Array<[number, number]> => [
        [b.startMs, 1],
        [b.endMs, -1],
      ])
      .sort((a, b) => a[0] - b[0]);
    const times: number[] = [];
    const levels: number[] = [];
    let level = 0;
    for (const [time, delta] of edges) {
      level += delta;
      if (times.at(-1) !== time) times.push(time);
      levels[times.length - 1] = level;
    }
    const blocks = fixture.blockers
      .filter((b) => b.resourceId === null || b.resourceId === resource.id)
      .map((b) => [b.startMs, b.endMs] as [number, number])
      .sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const [start, end] of blocks) {
      const last = merged.at(-1);
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    return {
      capacity: resource.maxParallelBookings,
      windows: Float64Array.from(windows.flat()),
      times: Float64Array.from(times),
      levels: Int32Array.from(levels),
      blockerStarts: Float64Array.from(merged.map((b) => b[0])),
      blockerEnds: Float64Array.from(merged.map((b) => b[1])),
    };
  });
  const { rangeStartMs, rangeEndMs } = fixture;
  return {
    rangeStartMs,
    rangeEndMs,
    stepMs: fixture.searchMinutes * 60_000,
    lengthMs: fixture.bookingMinutes * 60_000,
    resources,
  };
}

/** The first index of `sorted` whose value is above `value`. */
function above(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The number of available candidates, by binary searches over flat arrays only. */
export function boundAvailability(bound: Bound): number {
  const { rangeStartMs, rangeEndMs, stepMs, lengthMs } = bound;
  let available = 0;
  for (const { windows, times, levels, blockerStarts, blockerEnds, capacity } of bound.resources) {
    for (let w = 0; w + 1 < windows.length; w += 2) {
      const last = Math.min(windows[w + 1]!, rangeEndMs) - lengthMs;
      let start = windows[w]!;
      if (rangeStartMs > start) start += Math.ceil((rangeStartMs - start) / stepMs) * stepMs;
      for (; start <= last; start += stepMs) {
        const end = start + lengthMs;
        const blocker = above(blockerEnds, start);
        if (blocker < blockerStarts.length && blockerStarts[blocker]! < end) continue;
        let i = above(times, start);
        let peak = i > 0 ? levels[i - 1]! : 0;
        for (; i < times.length && times[i]! < end && peak < capacity; i++) peak = Math.max(peak, levels[i]!);
        if (peak < capacity) available++;
      }
    }
  }
  return available;
}
