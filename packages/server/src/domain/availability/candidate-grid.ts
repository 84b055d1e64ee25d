/**
 * Where the candidates of a slot window start, and how many a search has, counted window by window
 * without making a single candidate. The engine and the count share the grid arithmetic, so the
 * count is the engine's number of candidates, exactly.
 *
 * @module
 */
import { forEachSlotWindow, localDaySpan, parseSlotSchedule } from './expand-slot';
import { createWallClockResolver, MINUTE_MS } from './local-time';
import type { AvailabilitySearchInput } from './types';
import { assertLengths, assertRange, assertSlot, assertZone } from './validate';

/**
 * The first candidate start of a window at or after `rangeStartMs`: candidates start every `stepMs`
 * from the window's start.
 */
export function firstStart(windowStartMs: number, rangeStartMs: number, stepMs: number): number {
  return rangeStartMs > windowStartMs
    ? windowStartMs + Math.ceil((rangeStartMs - windowStartMs) / stepMs) * stepMs
    : windowStartMs;
}

/** The latest instant a candidate of `lengthMs` may start at and still end in the window and the range. */
export function lastStart(windowEndMs: number, rangeEndMs: number, lengthMs: number): number {
  return Math.min(windowEndMs, rangeEndMs) - lengthMs;
}

/** What the number of candidates depends on: no bookings, blockers, clock or rules. */
export type CandidateGrid = Pick<
  AvailabilitySearchInput,
  | 'zone'
  | 'rangeStartMs'
  | 'rangeEndMs'
  | 'bookingLengthMinutes'
  | 'searchLengthMinutes'
  | 'resources'
  | 'slots'
>;

/**
 * How many candidates `searchCandidates` makes for this grid, available or not: per slot window
 * (one a week per slot), the number of grid starts that fit, by arithmetic. The work is the number
 * of windows, whatever the number of candidates.
 *
 * @throws RangeError when the zone, the range, a length or a slot is malformed.
 * @example
 * countCandidates({
 *   zone: 'UTC', rangeStartMs: Date.UTC(2026, 2, 2), rangeEndMs: Date.UTC(2026, 2, 3),
 *   bookingLengthMinutes: 60, searchLengthMinutes: 15, resources: [room],
 *   slots: [{ id: 's1', resourceId: room.id, weekday: 1, startTime: '09:00', endTime: '11:00', validFrom: null, validUntil: null }],
 * }); // 5: 09:00, 09:15, 09:30, 09:45, 10:00
 */
export function countCandidates(grid: CandidateGrid): number {
  const { zone, rangeStartMs, rangeEndMs } = grid;
  assertRange(rangeStartMs, rangeEndMs);
  assertZone(zone);
  assertLengths(grid.bookingLengthMinutes, grid.searchLengthMinutes);
  const stepMs = grid.searchLengthMinutes * MINUTE_MS;
  const lengthMs = grid.bookingLengthMinutes * MINUTE_MS;
  const resources = new Set(grid.resources.map((resource) => resource.id));
  const range = {
    span: localDaySpan(zone, rangeStartMs, rangeEndMs),
    resolve: createWallClockResolver(zone),
    rangeStartMs,
    rangeEndMs,
  };
  let count = 0;
  for (const slot of grid.slots) {
    if (!resources.has(slot.resourceId)) continue;
    assertSlot(slot, `Slot ${slot.id}`);
    forEachSlotWindow(parseSlotSchedule(slot), range, (windowStart, windowEnd) => {
      const first = firstStart(windowStart, rangeStartMs, stepMs);
      const last = lastStart(windowEnd, rangeEndMs, lengthMs);
      if (first <= last) count += Math.floor((last - first) / stepMs) + 1;
    });
  }
  return count;
}
