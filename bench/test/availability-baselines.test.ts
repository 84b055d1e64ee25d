import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundAvailability,
  makeStandardFixture,
  naiveAvailability,
  precomputeBound,
} from '../server/availability-baselines';
import { stringifyAvailability } from '../../test-support/availability-json';
import { availabilityJson } from '../../packages/server/src/usecases/availability-json';
import { searchAvailability, searchCandidates } from '../../packages/server/src/domain/availability/engine';
import type {
  AvailabilitySearchInput,
  EngineResourceSlot,
} from '../../packages/server/src/domain/availability/types';

describe('benchmark baselines', () => {
  const fixture = makeStandardFixture({ days: 14, resources: 5, seed: 7 });

  it('builds the same fixture from the same seed, across the 2026-03-08 DST change', () => {
    expect(makeStandardFixture({ days: 14, resources: 5, seed: 7 })).toEqual(fixture);
    expect(new Date(fixture.rangeStartMs).toISOString()).toBe('2026-03-01T05:00:00.000Z'); // EST
    expect(new Date(fixture.rangeEndMs).toISOString()).toBe('2026-03-15T04:00:00.000Z'); // EDT
    expect(fixture.slots).toHaveLength(5 * 6 * 5);
    expect(fixture.bookings).toHaveLength(389);
    expect(fixture.blockers).toHaveLength(12);
  });

  it('the JSON.stringify baseline writes the bytes the endpoint writer does', () => {
    const candidates = searchAvailability(fixture);
    const resources = new Map(fixture.resources.map((r) => [r.id, r]));
    expect(Buffer.from(stringifyAvailability(candidates, resources))).toEqual(
      Buffer.concat([...availabilityJson(searchCandidates(fixture))]),
    );
  });

  it('naive and engine agree exactly on the standard fixture', () => {
    const engine = searchAvailability(fixture);
    expect(engine.length).toBeGreaterThan(1_000);
    expect(engine.some((c) => c.available)).toBe(true);
    expect(engine.some((c) => !c.available && !c.blocked)).toBe(true);
    expect(engine.some((c) => c.blocked)).toBe(true);
    expect(naiveAvailability(fixture)).toEqual(engine);
  });

  it('the lower bound counts the same available candidates', () => {
    const engine = searchAvailability(fixture);
    expect(boundAvailability(precomputeBound(fixture))).toBe(engine.filter((c) => c.available).length);
  });

  it('naive and engine agree on random slots around DST changes', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Pacific/Auckland',
      'Asia/Kolkata',
    ];
    const time = fc.integer({ min: 0, max: 47 }).map((h) => h * 30);
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const slotArb = fc
      .record({
        weekday: fc.integer({ min: 1, max: 7 }),
        a: time,
        b: time,
        resource: fc.integer({ min: 0, max: 1 }),
      })
      .filter(({ a, b }) => a !== b)
      .map(({ weekday, a, b, resource }): Omit<EngineResourceSlot, 'id'> => ({
        resourceId: `r${resource}`,
        weekday,
        startTime: hhmm(Math.min(a, b)),
        endTime: hhmm(Math.max(a, b)),
        validFrom: null,
        validUntil: null,
      }));
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(
          '2026-03-05T00:00:00Z', // New York
          '2026-03-26T00:00:00Z', // Berlin
          '2026-04-02T00:00:00Z', // Lord Howe, Auckland
          '2026-09-24T00:00:00Z', // Auckland
          '2026-10-01T00:00:00Z', // Lord Howe
          '2026-10-22T00:00:00Z', // Berlin
          '2026-10-29T00:00:00Z', // New York
        ),
        fc.array(slotArb, { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 1 }),
            fc.integer({ min: 0, max: 7 * 96 }),
            fc.integer({ min: 1, max: 12 }),
          ),
          { maxLength: 30 },
        ),
        fc.constantFrom(15, 30, 60),
        fc.constantFrom(15, 20, 30),
        (zone, from, slots, rawBookings, bookingLengthMinutes, searchLengthMinutes) => {
          const rangeStartMs = Date.parse(from);
          const input: AvailabilitySearchInput = {
            zone,
            rangeStartMs,
            rangeEndMs: rangeStartMs + 7 * 86_400_000,
            bookingLengthMinutes,
            searchLengthMinutes,
            resources: [0, 1].map((i) => ({
              id: `r${i}`,
              name: `r${i}`,
              color: '#000000',
              maxParallelBookings: 1 + i,
            })),
            slots: slots.map((s, i) => ({ ...s, id: `s${i}` })),
            bookings: rawBookings.map(([r, q, l]) => ({
              resourceId: `r${r}`,
              startMs: rangeStartMs + q * 15 * 60_000,
              endMs: rangeStartMs + (q + l) * 15 * 60_000,
            })),
            blockers: [],
          };
          expect(searchAvailability(input)).toEqual(naiveAvailability(input));
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });
});
