/**
 * Properties of the bound on a search's candidates: the count taken before a search (window by
 * window, no candidate made) is exactly the number of candidates the engine makes, and
 * `onlyAvailable` answers exactly the available subset of the whole answer. Random zones (DST
 * changes of an hour and of 30 minutes), slots, validity dates, ranges that cut windows anywhere,
 * lengths, bookings, blockers, clocks and rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCandidates } from './candidate-grid';
import { searchAvailability, searchCandidates } from './engine';
import type { AvailabilitySearchInput, EngineResourceSlot } from './types';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
// Each zone with a day a few days before one of its DST changes (or none, for UTC).
const ZONES = [
  { zone: 'UTC', from: Date.parse('2026-03-02T00:00:00Z') },
  { zone: 'Europe/Berlin', from: Date.parse('2026-03-26T00:00:00Z') },
  { zone: 'Europe/Berlin', from: Date.parse('2026-10-22T00:00:00Z') },
  { zone: 'America/New_York', from: Date.parse('2026-11-28T00:00:00Z') },
  { zone: 'Australia/Lord_Howe', from: Date.parse('2026-04-02T00:00:00Z') },
] as const;
const RESOURCES = ['r1', 'r2'] as const;

const wallTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const localDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const slotArb = (from: number, index: number) =>
  fc
    .record({
      // A slot of a resource that is not searched must not count.
      resourceId: fc.constantFrom(...RESOURCES, ...RESOURCES, 'r-unmapped'),
      weekday: fc.integer({ min: 1, max: 7 }),
      start: fc.integer({ min: 0, max: 1_439 }),
      length: fc.integer({ min: 30, max: 1_440 }),
      validFrom: fc.option(fc.integer({ min: -3, max: 6 }), { nil: null, freq: 1 }),
      validUntil: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null, freq: 1 }),
    })
    .map((s): EngineResourceSlot => ({
      id: `slot-${index}`,
      resourceId: s.resourceId,
      weekday: s.weekday,
      startTime: wallTime(s.start),
      endTime: wallTime(Math.min(1_440, s.start + s.length)),
      validFrom: s.validFrom === null ? null : localDate(from + s.validFrom * DAY),
      validUntil: s.validUntil === null ? null : localDate(from + s.validUntil * DAY),
    }));

const intervalArb = (from: number) =>
  fc
    .record({ start: fc.integer({ min: -DAY, max: 8 * DAY }), length: fc.integer({ min: 1, max: 2 * DAY }) })
    .map(({ start, length }) => ({ startMs: from + start, endMs: from + start + length }));

const instantArb = (max: number, min = 0) =>
  fc.oneof(
    ...[1, MINUTE, 15 * MINUTE].map((unit) =>
      fc.noBias(fc.integer({ min: Math.ceil(min / unit), max: max / unit })).map((n) => n * unit),
    ),
  );

const scenario = fc.constantFrom(...ZONES).chain(({ zone, from }) =>
  fc.record({
    zone: fc.constant(zone),
    // Ranges cut windows anywhere: on whole minutes or quarter hours, where a candidate can fit
    // exactly, or at any millisecond (unbiased: most ranges hold candidates).
    rangeStart: instantArb(2 * DAY),
    rangeLength: instantArb(8 * DAY, 1),
    bookingLengthMinutes: fc.integer({ min: 1, max: 180 }),
    searchLengthMinutes: fc.integer({ min: 5, max: 120 }),
    capacities: fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 2 })),
    slots: fc
      .noBias(fc.integer({ min: 1, max: 6 }))
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => slotArb(from, i)))),
    bookings: fc.array(
      fc.tuple(fc.constantFrom(...RESOURCES), intervalArb(from)).map(([resourceId, interval]) => ({
        resourceId,
        ...interval,
      })),
      { maxLength: 16 },
    ),
    blockers: fc.array(
      fc
        .tuple(fc.constantFrom<string | null>(null, ...RESOURCES), intervalArb(from))
        .map(([resourceId, i]) => ({
          resourceId,
          ...i,
        })),
      { maxLength: 3 },
    ),
    now: fc.option(fc.integer({ min: -DAY, max: 10 * DAY }), { nil: undefined }),
    noticeMinutes: fc.option(fc.integer({ min: 0, max: 3 * 1_440 }), { nil: null }),
    from: fc.constant(from),
  }),
);

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

const inputOf = (s: Scenario): AvailabilitySearchInput => ({
  zone: s.zone,
  rangeStartMs: s.from + s.rangeStart,
  rangeEndMs: s.from + s.rangeStart + s.rangeLength,
  bookingLengthMinutes: s.bookingLengthMinutes,
  searchLengthMinutes: s.searchLengthMinutes,
  resources: RESOURCES.map((id, i) => ({
    id,
    name: id,
    color: '#000000',
    maxParallelBookings: s.capacities[i]!,
  })),
  slots: s.slots,
  bookings: s.bookings,
  blockers: s.blockers,
  nowMs: s.now === undefined ? undefined : s.from + s.now,
  rules: { minimumNoticeMinutes: s.noticeMinutes },
});

describe('the bound on candidates (property)', () => {
  it('counts exactly the candidates the engine makes, without making one', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = inputOf(s);
        expect(countCandidates(input)).toBe(searchCandidates(input).length);
      }),
      { numRuns: 400, seed: 20260329 },
    );
  });

  it('onlyAvailable answers exactly the available candidates of the whole answer, in its order', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = inputOf(s);
        const all = searchAvailability(input);
        expect(searchAvailability({ ...input, onlyAvailable: true })).toEqual(
          all.filter((candidate) => candidate.available),
        );
      }),
      { numRuns: 400, seed: 20261025 },
    );
  });
});
