/**
 * A property of the booking rules: whatever the rules, bookings, buffers and clock, no candidate the
 * engine calls available breaks a rule, each checked by brute force independently of the engine
 * (luxon for local days, a minute-by-minute sweep for capacity).
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { searchAvailability } from './engine';
import type { EngineBooking, EngineRules } from './types';

const MINUTE = 60_000;
// A week around the spring DST change of both zones' 2026 (New York 8 March, Berlin 29 March).
const ZONES = [
  { zone: 'America/New_York', from: Date.parse('2026-03-06T00:00:00Z') },
  { zone: 'Europe/Berlin', from: Date.parse('2026-03-27T00:00:00Z') },
  { zone: 'Europe/Berlin', from: Date.parse('2026-10-23T00:00:00Z') },
] as const;
const SPAN = 4 * 24 * 60 * MINUTE;
const RESOURCES = ['r1', 'r2'] as const;

const nullable = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });
const rulesArb: fc.Arbitrary<EngineRules> = fc.record({
  minimumNoticeMinutes: nullable(fc.integer({ min: 0, max: 3 * 24 * 60 })),
  horizonDays: nullable(fc.integer({ min: 1, max: 4 })),
  bufferBeforeMinutes: nullable(fc.integer({ min: 0, max: 120 })),
  bufferAfterMinutes: nullable(fc.integer({ min: 0, max: 120 })),
  maxBookingsPerResourcePerDay: nullable(fc.integer({ min: 1, max: 4 })),
});

const bookingArb = (from: number) =>
  fc
    .record({
      resourceId: fc.constantFrom(...RESOURCES),
      start: fc.integer({ min: 0, max: SPAN / (15 * MINUTE) }),
      length: fc.integer({ min: 1, max: 12 }),
      before: fc.constantFrom(0, 15, 30, 120),
      after: fc.constantFrom(0, 15, 45, 120),
    })
    .map(({ resourceId, start, length, before, after }): EngineBooking => ({
      resourceId,
      startMs: from + start * 15 * MINUTE,
      endMs: from + (start + length) * 15 * MINUTE,
      bufferBeforeMs: before * MINUTE,
      bufferAfterMs: after * MINUTE,
    }));

const scenario = fc.constantFrom(...ZONES).chain(({ zone, from }) =>
  fc.record({
    zone: fc.constant(zone),
    from: fc.constant(from),
    rules: rulesArb,
    capacities: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
    bookings: fc.array(bookingArb(from), { maxLength: 16 }),
    nowOffsetMinutes: fc.integer({ min: -24 * 60, max: 3 * 24 * 60 }),
    bookingLengthMinutes: fc.constantFrom(30, 60, 90),
    searchLengthMinutes: fc.constantFrom(30, 60),
  }),
);

function bruteForcePeak(bookings: readonly EngineBooking[], resourceId: string, start: number, end: number) {
  let peak = 0;
  for (let t = start; t < end; t += MINUTE) {
    const count = bookings.filter(
      (b) =>
        b.resourceId === resourceId &&
        b.startMs - (b.bufferBeforeMs ?? 0) <= t &&
        t < b.endMs + (b.bufferAfterMs ?? 0),
    ).length;
    peak = Math.max(peak, count);
  }
  return peak;
}

const localDate = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate();

describe('booking rules (property)', () => {
  it('no available candidate breaks a rule', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const nowMs = s.from + s.nowOffsetMinutes * MINUTE;
        const candidates = searchAvailability({
          zone: s.zone,
          rangeStartMs: s.from,
          rangeEndMs: s.from + SPAN,
          bookingLengthMinutes: s.bookingLengthMinutes,
          searchLengthMinutes: s.searchLengthMinutes,
          resources: RESOURCES.map((id, i) => ({
            id,
            name: id,
            color: '#000000',
            maxParallelBookings: s.capacities[i]!,
          })),
          slots: RESOURCES.flatMap((resourceId) =>
            [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
              id: `${resourceId}-${weekday}`,
              resourceId,
              weekday,
              startTime: '01:00',
              endTime: '05:00',
              validFrom: null,
              validUntil: null,
            })),
          ),
          bookings: s.bookings,
          blockers: [],
          nowMs,
          rules: s.rules,
        });
        const { rules } = s;
        for (const c of candidates.filter((candidate) => candidate.available)) {
          const capacity = s.capacities[RESOURCES.indexOf(c.resourceId as (typeof RESOURCES)[number])]!;
          expect(c.startMs).toBeGreaterThanOrEqual(nowMs + (rules.minimumNoticeMinutes ?? 0) * MINUTE);
          if (rules.horizonDays) {
            const horizon = DateTime.fromMillis(nowMs, { zone: s.zone }).plus({ days: rules.horizonDays });
            expect(c.startMs).toBeLessThanOrEqual(horizon.toMillis());
          }
          const from = c.startMs - (rules.bufferBeforeMinutes ?? 0) * MINUTE;
          const to = c.endMs + (rules.bufferAfterMinutes ?? 0) * MINUTE;
          expect(bruteForcePeak(s.bookings, c.resourceId, from, to)).toBeLessThan(capacity);
          if (rules.maxBookingsPerResourcePerDay) {
            const day = localDate(c.startMs, s.zone);
            const sameDay = s.bookings.filter(
              (b) => b.resourceId === c.resourceId && localDate(b.startMs, s.zone) === day,
            );
            expect(sameDay.length).toBeLessThan(rules.maxBookingsPerResourcePerDay);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
