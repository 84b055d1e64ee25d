import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchAvailability } from './engine';
import type { AvailabilitySearchInput, EngineBlocker, EngineBooking } from './types';

const MINUTE = 60_000;
// Berlin, Sunday 2026-03-29: the slot 01:00-05:00 runs 00:00Z-03:00Z (the DST gap eats an hour).
const WINDOW_START = Date.parse('2026-03-29T00:00:00Z');
const WINDOW_END = Date.parse('2026-03-29T03:00:00Z');
const GRID = 15 * MINUTE;
const RESOURCES = ['r1', 'r2'] as const;

// Bookings and blockers on a 15-minute grid from an hour before the window to an hour after it.
const onGrid = fc.tuple(fc.integer({ min: -4, max: 15 }), fc.integer({ min: 1, max: 8 }));
const bookingArb = fc
  .tuple(fc.constantFrom(...RESOURCES), onGrid)
  .map(([resourceId, [slot, length]]): EngineBooking => ({
    resourceId,
    startMs: WINDOW_START + slot * GRID,
    endMs: WINDOW_START + (slot + length) * GRID,
  }));
const blockerArb = fc
  .tuple(fc.constantFrom<string | null>(null, ...RESOURCES), onGrid)
  .map(([resourceId, [slot, length]]): EngineBlocker => ({
    resourceId,
    startMs: WINDOW_START + slot * GRID,
    endMs: WINDOW_START + (slot + length) * GRID,
  }));

const scenario = fc.record({
  capacities: fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })),
  bookings: fc.array(bookingArb, { maxLength: 14 }),
  blockers: fc.array(blockerArb, { maxLength: 2 }),
  bookingLengthMinutes: fc.constantFrom(15, 30, 45, 60),
  searchLengthMinutes: fc.constantFrom(15, 30),
});

// Independent brute force: minute by minute.
function bruteForcePeak(
  bookings: readonly EngineBooking[],
  resourceId: string,
  start: number,
  end: number,
): number {
  let peak = 0;
  for (let t = start; t < end; t += MINUTE) {
    const count = bookings.filter((b) => b.resourceId === resourceId && b.startMs <= t && t < b.endMs).length;
    peak = Math.max(peak, count);
  }
  return peak;
}

function bruteForceBlocked(
  blockers: readonly EngineBlocker[],
  resourceId: string,
  start: number,
  end: number,
): boolean {
  for (let t = start; t < end; t += MINUTE) {
    const hit = blockers.some(
      (b) => (b.resourceId === null || b.resourceId === resourceId) && b.startMs <= t && t < b.endMs,
    );
    if (hit) return true;
  }
  return false;
}

describe('searchAvailability (property)', () => {
  it('never offers a candidate that one more booking would overfill, and explains every refusal', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input: AvailabilitySearchInput = {
          zone: 'Europe/Berlin',
          rangeStartMs: Date.parse('2026-03-28T12:00:00Z'),
          rangeEndMs: Date.parse('2026-03-29T12:00:00Z'),
          bookingLengthMinutes: s.bookingLengthMinutes,
          searchLengthMinutes: s.searchLengthMinutes,
          resources: RESOURCES.map((id, i) => ({
            id,
            name: id,
            color: '#000000',
            maxParallelBookings: s.capacities[i]!,
          })),
          slots: RESOURCES.map((resourceId) => ({
            id: `${resourceId}-slot`,
            resourceId,
            weekday: 7,
            startTime: '01:00',
            endTime: '05:00',
            validFrom: null,
            validUntil: null,
          })),
          bookings: s.bookings,
          blockers: s.blockers,
        };
        const found = searchAvailability(input);

        const expectedStarts: number[] = [];
        const length = s.bookingLengthMinutes * MINUTE;
        for (let t = WINDOW_START; t + length <= WINDOW_END; t += s.searchLengthMinutes * MINUTE) {
          expectedStarts.push(t, t);
        }
        expect(found.map((c) => c.startMs)).toEqual(expectedStarts);

        for (const c of found) {
          const capacity = c.maxParallelBookings;
          const peak = bruteForcePeak(s.bookings, c.resourceId, c.startMs, c.endMs);
          const blocked = bruteForceBlocked(s.blockers, c.resourceId, c.startMs, c.endMs);
          expect(c.currentBookings).toBe(peak);
          expect(c.blocked).toBe(blocked);
          expect(c.remaining).toBe(Math.max(0, capacity - peak));
          if (c.available) {
            const withOneMore = [
              ...s.bookings,
              { resourceId: c.resourceId, startMs: c.startMs, endMs: c.endMs },
            ];
            expect(bruteForcePeak(withOneMore, c.resourceId, c.startMs, c.endMs)).toBeLessThanOrEqual(
              capacity,
            );
            expect(blocked).toBe(false);
          } else {
            expect(peak >= capacity || blocked).toBe(true);
          }
        }
      }),
      { numRuns: 300, seed: 20260329 },
    );
  });
});
