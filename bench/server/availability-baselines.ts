/**
 * Baselines and the standard fixture for the availability benchmark.
 *
 * - `naiveAvailability`: the obvious implementation, with the engine's exact result semantics.
 * - `boundAvailability`: a no-allocation lower bound that only counts available candidates.
 * - `makeStandardFixture`: the standard, seeded benchmark input.
 *
 * @module
 */
import { DateTime } from 'luxon';
import {
  buildBlockerIndex,
  buildConcurrencyProfile,
  expandSlotWindows,
  type AvailabilityCandidate,
  type AvailabilitySearchInput,
  type EngineBlocker,
  type EngineBooking,
  type EngineResource,
  type EngineResourceSlot,
} from '../../packages/server/src/domain/availability/index';

// ---------------------------------------------------------------------------------------------
// Naive baseline: one luxon DateTime per candidate, every booking scanned for every candidate.

/** A local wall time as a DateTime; a repeated wall time takes its first occurrence. */
function naiveWallTime(date: DateTime, time: string): DateTime {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const base = hour === 24 ? date.plus({ days: 1 }) : date;
  const local = DateTime.fromObject(
    { year: base.year, month: base.month, day: base.day, hour: hour % 24, minute },
    { zone: date.zone },
  );
  return local.getPossibleOffsets().reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a));
}

function naivePeak(
  input: AvailabilitySearchInput,
  resourceId: string,
  startMs: number,
  endMs: number,
): number {
  const points = [startMs];
  for (const b of input.bookings) {
    if (b.resourceId === resourceId && b.startMs > startMs && b.startMs < endMs) points.push(b.startMs);
  }
  let peak = 0;
  for (const point of points) {
    let count = 0;
    for (const b of input.bookings) {
      if (b.resourceId === resourceId && b.startMs <= point && point < b.endMs) count++;
    }
    peak = Math.max(peak, count);
  }
  return peak;
}

function naiveBlocked(
  input: AvailabilitySearchInput,
  resourceId: string,
  startMs: number,
  endMs: number,
): boolean {
  return input.blockers.some(
    (b) =>
      (b.resourceId === null || b.resourceId === resourceId) &&
      b.endMs > b.startMs &&
      b.startMs < endMs &&
      b.endMs > startMs,
  );
}

/** The engine's results, computed the slow and obvious way (no validation). */
export function naiveAvailability(input: AvailabilitySearchInput): AvailabilityCandidate[] {
  const { zone, rangeStartMs, rangeEndMs, searchLengthMinutes, bookingLengthMinutes } = input;
  const out: AvailabilityCandidate[] = [];
  const firstDay = DateTime.fromMillis(rangeStartMs, { zone }).startOf('day').minus({ days: 1 });
  const lastDay = DateTime.fromMillis(rangeEndMs, { zone }).startOf('day').plus({ days: 1 });
  for (const slot of input.slots) {
    const resource = input.resources.find((r) => r.id === slot.resourceId);
    if (!resource) continue;
    for (let day = firstDay; day <= lastDay; day = day.plus({ days: 1 })) {
      const date = day.toISODate() ?? '';
      if (day.weekday !== slot.weekday) continue;
      if (slot.validFrom !== null && date < slot.validFrom) continue;
      if (slot.validUntil !== null && date > slot.validUntil) continue;
      const windowStart = naiveWallTime(day, slot.startTime);
      const windowEnd = naiveWallTime(day, slot.endTime);
      for (let k = 0; ; k++) {
        const start = windowStart.plus({ minutes: k * searchLengthMinutes });
        const end = start.plus({ minutes: bookingLengthMinutes });
        if (end > windowEnd) break;
        const startMs = start.toMillis();
        const endMs = end.toMillis();
        if (startMs < rangeStartMs || endMs > rangeEndMs) continue;
        const peak = naivePeak(input, resource.id, startMs, endMs);
        const blocked = naiveBlocked(input, resource.id, startMs, endMs);
        out.push({
          resourceId: resource.id,
          resourceSlotId: slot.id,
          startMs,
          endMs,
          available: !blocked && peak < resource.maxParallelBookings,
          currentBookings: peak,
          remaining: Math.max(0, resource.maxParallelBookings - peak),
          maxParallelBookings: resource.maxParallelBookings,
          blocked,
        });
      }
    }
  }
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return out.sort(
    (a, b) =>
      a.startMs - b.startMs || byId(a.resourceId, b.resourceId) || byId(a.resourceSlotId, b.resourceSlotId),
  );
}

// ---------------------------------------------------------------------------------------------
// Lower bound: precomputed epoch windows and step functions, binary search only, no allocation.

/** One resource of a {@link BoundInput}: flat arrays only. */
export interface BoundResource {
  capacity: number;
  /** Window starts and ends, interleaved: `[start0, end0, start1, end1, ...]`. */
  windows: Float64Array;
  /** Bookings' concurrency step function: `levels[i]` holds from `times[i]` to `times[i + 1]`. */
  times: Float64Array;
  levels: Int32Array;
  /** Union of the applicable blockers, sorted and disjoint. */
  blockerStarts: Float64Array;
  blockerEnds: Float64Array;
}

export interface BoundInput {
  rangeStartMs: number;
  rangeEndMs: number;
  stepMs: number;
  lengthMs: number;
  resources: BoundResource[];
}

/** Precomputes the input of {@link boundAvailability}; not part of what the bound measures. */
export function precomputeBound(input: AvailabilitySearchInput): BoundInput {
  const resources = input.resources.map((resource): BoundResource => {
    const windows: number[] = [];
    for (const slot of input.slots) {
      if (slot.resourceId !== resource.id) continue;
      for (const w of expandSlotWindows(slot, input.zone, input.rangeStartMs, input.rangeEndMs)) {
        windows.push(w.startMs, w.endMs);
      }
    }
    const profile = buildConcurrencyProfile(input.bookings.filter((b) => b.resourceId === resource.id));
    const blockers = buildBlockerIndex(
      input.blockers.filter((b) => b.resourceId === null || b.resourceId === resource.id),
    );
    return {
      capacity: resource.maxParallelBookings,
      windows: Float64Array.from(windows),
      times: profile.times,
      levels: profile.levels,
      blockerStarts: blockers.starts,
      blockerEnds: blockers.ends,
    };
  });
  return {
    rangeStartMs: input.rangeStartMs,
    rangeEndMs: input.rangeEndMs,
    stepMs: input.searchLengthMinutes * 60_000,
    lengthMs: input.bookingLengthMinutes * 60_000,
    resources,
  };
}

/** Number of available candidates, computed with binary searches over flat arrays only. */
export function boundAvailability(bound: BoundInput): number {
  const { rangeStartMs, rangeEndMs, stepMs, lengthMs } = bound;
  let available = 0;
  for (const r of bound.resources) {
    const { windows, times, levels, blockerStarts, blockerEnds, capacity } = r;
    for (let w = 0; w + 1 < windows.length; w += 2) {
      const windowStart = windows[w]!;
      const last = Math.min(windows[w + 1]!, rangeEndMs) - lengthMs;
      let start = windowStart;
      if (rangeStartMs > start) start += Math.ceil((rangeStartMs - start) / stepMs) * stepMs;
      for (; start <= last; start += stepMs) {
        const end = start + lengthMs;
        let low = 0;
        let high = blockerEnds.length;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (blockerEnds[mid]! <= start) low = mid + 1;
          else high = mid;
        }
        if (low < blockerStarts.length && blockerStarts[low]! < end) continue;
        low = 0;
        high = times.length;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (times[mid]! <= start) low = mid + 1;
          else high = mid;
        }
        let peak = low > 0 ? levels[low - 1]! : 0;
        for (let i = low; i < times.length && times[i]! < end && peak < capacity; i++) {
          peak = Math.max(peak, levels[i]!);
        }
        if (peak < capacity) available++;
      }
    }
  }
  return available;
}

// ---------------------------------------------------------------------------------------------
// Standard fixture.

export interface StandardFixtureOptions {
  /** Local days in the range; the range is centred on the US DST change of 2026-03-08. */
  days: number;
  resources: number;
  seed: number;
  /** Defaults to 10,000 for 90 days and 20 resources, scaled by days x resources. */
  bookings?: number;
  /** Defaults to 12. */
  blockers?: number;
}

// mulberry32: small, fast and deterministic; quality is ample for fixtures.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIXTURE_ZONE = 'America/New_York';
const FIXTURE_WINDOWS: ReadonlyArray<readonly [string, string]> = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['13:00', '15:00'],
  ['15:00', '17:30'],
  ['18:00', '20:00'],
];

function shifted(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The standard benchmark input: `resources` resources of capacity 2 in America/New_York, 5 windows
 * per day Monday to Saturday (odd resources 30 minutes later), bookings of 15-90 minutes (a fifth off
 * the 15-minute grid), 12 blockers (a third calendar-wide), booking length 30, search length 15.
 */
export function makeStandardFixture(options: StandardFixtureOptions): AvailabilitySearchInput {
  const random = prng(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const firstDay = DateTime.fromISO('2026-03-08', { zone: FIXTURE_ZONE }).minus({
    days: Math.floor(options.days / 2),
  });
  const lastDay = firstDay.plus({ days: options.days });

  const resources: EngineResource[] = [];
  const slots: EngineResourceSlot[] = [];
  for (let r = 0; r < options.resources; r++) {
    const id = `res-${String(r).padStart(3, '0')}`;
    resources.push({ id, name: `Room ${r}`, color: '#336699', maxParallelBookings: 2 });
    for (let weekday = 1; weekday <= 6; weekday++) {
      FIXTURE_WINDOWS.forEach(([start, end], w) => {
        slots.push({
          id: `${id}-slot-${weekday}-${w}`,
          resourceId: id,
          weekday,
          startTime: shifted(start, (r % 2) * 30),
          endTime: shifted(end, (r % 2) * 30),
          // A few slots start late or end early, so validity dates take part.
          validFrom: w === 0 && r % 3 === 1 ? (firstDay.plus({ days: 5 }).toISODate() ?? null) : null,
          validUntil: w === 4 && r % 3 === 2 ? (firstDay.plus({ days: 9 }).toISODate() ?? null) : null,
        });
      });
    }
  }

  const bookingCount =
    options.bookings ?? Math.round((10_000 * options.days * options.resources) / (90 * 20));
  const bookings: EngineBooking[] = [];
  for (let i = 0; i < bookingCount; i++) {
    const r = Math.floor(random() * options.resources);
    const [windowStart] = pick(FIXTURE_WINDOWS);
    const offGrid = random() < 0.2 ? pick([5, 10]) : 0;
    const start = DateTime.fromISO(
      `${firstDay.plus({ days: Math.floor(random() * options.days) }).toISODate()}T${shifted(windowStart, (r % 2) * 30)}`,
      { zone: FIXTURE_ZONE },
    ).plus({ minutes: Math.floor(random() * 8) * 15 + offGrid });
    const end = start.plus({ minutes: pick([15, 30, 45, 60, 90]) });
    bookings.push({ resourceId: resources[r]!.id, startMs: start.toMillis(), endMs: end.toMillis() });
  }

  const blockers: EngineBlocker[] = [];
  for (let i = 0; i < (options.blockers ?? 12); i++) {
    const start = firstDay.plus({
      days: Math.floor(random() * options.days),
      hours: 8 + Math.floor(random() * 10),
    });
    blockers.push({
      resourceId: i % 3 === 0 ? null : resources[Math.floor(random() * options.resources)]!.id,
      startMs: start.toMillis(),
      endMs: start.plus({ hours: 1 + Math.floor(random() * 47) }).toMillis(),
    });
  }

  return {
    zone: FIXTURE_ZONE,
    rangeStartMs: firstDay.toMillis(),
    rangeEndMs: lastDay.toMillis(),
    bookingLengthMinutes: 30,
    searchLengthMinutes: 15,
    resources,
    slots,
    bookings,
    blockers,
  };
}
