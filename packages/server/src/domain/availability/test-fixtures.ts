/**
 * Builders shared by the engine's tests (not exported from the module index).
 *
 * @module
 */
import type {
  AvailabilityCandidate,
  AvailabilitySearchInput,
  EngineBlocker,
  EngineBooking,
  EngineResourceSlot,
} from './types';

export const at = (iso: string): number => Date.parse(iso);
export const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 16) + 'Z';

export const resource = (id: string, maxParallelBookings: number) => ({
  id,
  name: id,
  color: '#112233',
  maxParallelBookings,
});
export const slot = (
  id: string,
  resourceId: string,
  rest: Partial<EngineResourceSlot> = {},
): EngineResourceSlot => ({
  id,
  resourceId,
  weekday: 1,
  startTime: '09:00',
  endTime: '11:00',
  validFrom: null,
  validUntil: null,
  ...rest,
});
export const booking = (resourceId: string, from: string, to: string): EngineBooking => ({
  resourceId,
  startMs: at(from),
  endMs: at(to),
});
export const blocker = (resourceId: string | null, from: string, to: string): EngineBlocker => ({
  resourceId,
  startMs: at(from),
  endMs: at(to),
});

// Monday 2026-03-02 in UTC unless a test says otherwise.
export function input(overrides: Partial<AvailabilitySearchInput> = {}): AvailabilitySearchInput {
  return {
    zone: 'UTC',
    rangeStartMs: at('2026-03-02T00:00Z'),
    rangeEndMs: at('2026-03-03T00:00Z'),
    bookingLengthMinutes: 60,
    searchLengthMinutes: 15,
    resources: [resource('r1', 2)],
    slots: [slot('s1', 'r1')],
    bookings: [],
    blockers: [],
    ...overrides,
  };
}

export const starts = (candidates: AvailabilityCandidate[]) => candidates.map((c) => iso(c.startMs));
export const byStart = (candidates: AvailabilityCandidate[], when: string) =>
  candidates.filter((c) => c.startMs === at(when));
