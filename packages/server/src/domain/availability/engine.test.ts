import { describe, expect, it } from 'vitest';
import { findCandidate, searchAvailability } from './engine';
import { at, blocker, booking, byStart, input, iso, resource, slot, starts } from './test-fixtures';
import type { AvailabilitySearchInput, EngineBlocker } from './types';

describe('searchAvailability: the candidate grid', () => {
  it('starts every searchLength minutes while a bookingLength of 60 fits the window', () => {
    const found = searchAvailability(input());
    expect(starts(found)).toEqual([
      '2026-03-02T09:00Z',
      '2026-03-02T09:15Z',
      '2026-03-02T09:30Z',
      '2026-03-02T09:45Z',
      '2026-03-02T10:00Z',
    ]);
    expect(found.every((c) => c.endMs - c.startMs === 3_600_000)).toBe(true);
    expect(found[0]).toEqual({
      resourceId: 'r1',
      resourceSlotId: 's1',
      startMs: at('2026-03-02T09:00Z'),
      endMs: at('2026-03-02T10:00Z'),
      available: true,
      currentBookings: 0,
      remaining: 2,
      maxParallelBookings: 2,
      blocked: false,
    });
  });

  it('keeps the grid anchored at the window start and includes only candidates inside the range', () => {
    const found = searchAvailability(
      input({ rangeStartMs: at('2026-03-02T09:10Z'), rangeEndMs: at('2026-03-02T10:50Z') }),
    );
    expect(starts(found)).toEqual(['2026-03-02T09:15Z', '2026-03-02T09:30Z', '2026-03-02T09:45Z']);
    // Range ends are inclusive for the candidate end and the start: [09:00, 10:00] holds one.
    const exact = searchAvailability(
      input({ rangeStartMs: at('2026-03-02T09:00Z'), rangeEndMs: at('2026-03-02T10:00Z') }),
    );
    expect(starts(exact)).toEqual(['2026-03-02T09:00Z']);
  });

  it('uses real elapsed time in a window that spans a DST change (Berlin, 2026-03-29)', () => {
    const found = searchAvailability(
      input({
        zone: 'Europe/Berlin',
        rangeStartMs: at('2026-03-28T00:00Z'),
        rangeEndMs: at('2026-03-30T00:00Z'),
        slots: [slot('s1', 'r1', { weekday: 7, startTime: '01:00', endTime: '04:00' })],
      }),
    );
    // 01:00 CET is 00:00Z and 04:00 CEST is 02:00Z: two real hours, not three.
    expect(starts(found)).toEqual([
      '2026-03-29T00:00Z',
      '2026-03-29T00:15Z',
      '2026-03-29T00:30Z',
      '2026-03-29T00:45Z',
      '2026-03-29T01:00Z',
    ]);
    expect(iso(found.at(-1)!.endMs)).toBe('2026-03-29T02:00Z');
  });

  it('gives a longer grid across the fall-back hour (New York, 2026-11-01)', () => {
    const found = searchAvailability(
      input({
        zone: 'America/New_York',
        rangeStartMs: at('2026-11-01T00:00Z'),
        rangeEndMs: at('2026-11-02T00:00Z'),
        bookingLengthMinutes: 60,
        searchLengthMinutes: 60,
        slots: [slot('s1', 'r1', { weekday: 7, startTime: '01:00', endTime: '03:00' })],
      }),
    );
    // 01:00 EDT (05:00Z) to 03:00 EST (08:00Z): three real hours.
    expect(starts(found)).toEqual(['2026-11-01T05:00Z', '2026-11-01T06:00Z', '2026-11-01T07:00Z']);
  });
});

describe('searchAvailability: capacity', () => {
  it('capacity 1: a booking blocks the candidates it overlaps; touching ends do not overlap', () => {
    const found = searchAvailability(
      input({
        resources: [resource('r1', 1)],
        bookings: [booking('r1', '2026-03-02T09:30Z', '2026-03-02T09:45Z')],
      }),
    );
    expect(found.map((c) => [iso(c.startMs), c.available, c.currentBookings, c.remaining])).toEqual([
      ['2026-03-02T09:00Z', false, 1, 0],
      ['2026-03-02T09:15Z', false, 1, 0],
      ['2026-03-02T09:30Z', false, 1, 0],
      ['2026-03-02T09:45Z', true, 0, 1],
      ['2026-03-02T10:00Z', true, 0, 1],
    ]);
  });

  it('capacity 8: the eighth concurrent booking fills the candidate', () => {
    const group = (n: number) =>
      Array.from({ length: n }, () => booking('r1', '2026-03-02T10:00Z', '2026-03-02T11:00Z'));
    const at10 = (n: number) =>
      byStart(
        searchAvailability(input({ resources: [resource('r1', 8)], bookings: group(n) })),
        '2026-03-02T10:00Z',
      )[0];
    expect(at10(7)).toMatchObject({
      available: true,
      currentBookings: 7,
      remaining: 1,
      maxParallelBookings: 8,
    });
    expect(at10(8)).toMatchObject({ available: false, currentBookings: 8, remaining: 0 });
    expect(at10(9)).toMatchObject({ available: false, currentBookings: 9, remaining: 0 });
  });

  it('counts the peak of concurrent bookings, not the bookings that overlap', () => {
    const chain = [
      booking('r1', '2026-03-02T10:00Z', '2026-03-02T10:20Z'),
      booking('r1', '2026-03-02T10:20Z', '2026-03-02T10:40Z'),
      booking('r1', '2026-03-02T10:40Z', '2026-03-02T11:00Z'),
    ];
    const [chained] = byStart(searchAvailability(input({ bookings: chain })), '2026-03-02T10:00Z');
    // Three bookings overlap 10:00-11:00 but never more than one at a time.
    expect(chained).toMatchObject({ available: true, currentBookings: 1, remaining: 1 });

    const halves = [
      booking('r1', '2026-03-02T10:00Z', '2026-03-02T10:30Z'),
      booking('r1', '2026-03-02T10:30Z', '2026-03-02T11:00Z'),
    ];
    const withMiddle = [...halves, booking('r1', '2026-03-02T10:15Z', '2026-03-02T10:45Z')];
    expect(byStart(searchAvailability(input({ bookings: halves })), '2026-03-02T10:00Z')[0]).toMatchObject({
      available: true,
      currentBookings: 1,
    });
    expect(
      byStart(searchAvailability(input({ bookings: withMiddle })), '2026-03-02T10:00Z')[0],
    ).toMatchObject({
      available: false,
      currentBookings: 2,
      remaining: 0,
    });
  });

  it('counts bookings that start before the candidate, and ignores other resources', () => {
    const found = searchAvailability(
      input({
        resources: [resource('r1', 1), resource('r2', 1)],
        slots: [slot('s1', 'r1'), slot('s2', 'r2')],
        bookings: [
          booking('r1', '2026-03-02T08:00Z', '2026-03-02T09:15Z'),
          booking('r9', '2026-03-02T09:00Z', '2026-03-02T12:00Z'),
        ],
      }),
    );
    expect(byStart(found, '2026-03-02T09:00Z').map((c) => [c.resourceId, c.available])).toEqual([
      ['r1', false],
      ['r2', true],
    ]);
    expect(byStart(found, '2026-03-02T09:15Z').map((c) => c.available)).toEqual([true, true]);
  });

  it('capacity 0 is never available', () => {
    expect(searchAvailability(input({ resources: [resource('r1', 0)] })).some((c) => c.available)).toBe(
      false,
    );
  });
});

describe('searchAvailability: blockers', () => {
  const twoResources = {
    resources: [resource('r1', 2), resource('r2', 2)],
    slots: [slot('s1', 'r1'), slot('s2', 'r2')],
  };
  const availability = (blockers: EngineBlocker[]) =>
    searchAvailability(input({ ...twoResources, blockers })).map(
      (c) =>
        `${iso(c.startMs).slice(11, 16)} ${c.resourceId} ${c.available ? 'free' : c.blocked ? 'blocked' : 'full'}`,
    );

  it('a calendar-wide blocker closes every resource', () => {
    expect(availability([blocker(null, '2026-03-02T10:30Z', '2026-03-02T10:45Z')])).toEqual([
      '09:00 r1 free',
      '09:00 r2 free',
      '09:15 r1 free',
      '09:15 r2 free',
      '09:30 r1 free', // ends 10:30, touching the blocker
      '09:30 r2 free',
      '09:45 r1 blocked',
      '09:45 r2 blocked',
      '10:00 r1 blocked',
      '10:00 r2 blocked',
    ]);
  });

  it('a resource blocker closes only its resource, and keeps the capacity figures', () => {
    expect(availability([blocker('r2', '2026-03-02T09:00Z', '2026-03-02T09:15Z')])).toEqual([
      '09:00 r1 free',
      '09:00 r2 blocked',
      '09:15 r1 free',
      '09:15 r2 free',
      '09:30 r1 free',
      '09:30 r2 free',
      '09:45 r1 free',
      '09:45 r2 free',
      '10:00 r1 free',
      '10:00 r2 free',
    ]);
    const [blocked] = searchAvailability(
      input({ blockers: [blocker('r1', '2026-03-02T00:00Z', '2026-03-03T00:00Z')] }),
    );
    expect(blocked).toMatchObject({ available: false, blocked: true, currentBookings: 0, remaining: 2 });
  });

  it('ignores empty blockers and blockers of other resources', () => {
    const blockers = [
      blocker(null, '2026-03-02T09:30Z', '2026-03-02T09:30Z'),
      blocker('r9', '2026-03-02T00:00Z', '2026-03-03T00:00Z'),
    ];
    expect(searchAvailability(input({ blockers })).every((c) => c.available)).toBe(true);
  });
});

describe('searchAvailability: now', () => {
  it('lists candidates that start before nowMs as not available, keeping their capacity figures', () => {
    const found = searchAvailability(input({ nowMs: at('2026-03-02T09:20Z') }));
    expect(found.map((c) => `${iso(c.startMs).slice(11, 16)} ${c.available}`)).toEqual([
      '09:00 false',
      '09:15 false', // started five minutes ago: not bookable any more
      '09:30 true',
      '09:45 true',
      '10:00 true',
    ]);
    expect(found[0]).toMatchObject({ blocked: false, currentBookings: 0, remaining: 2 });
    // A candidate that starts exactly now is still available; without nowMs, none is refused for its time.
    expect(searchAvailability(input({ nowMs: at('2026-03-02T09:30Z') }))[2]!.available).toBe(true);
    expect(searchAvailability(input()).every((c) => c.available)).toBe(true);
  });

  it('findCandidate agrees, and a non-finite nowMs is a RangeError', () => {
    const base = { ...input({ nowMs: at('2026-03-02T09:20Z') }), resourceId: 'r1' };
    const check = (from: string) =>
      findCandidate({ ...base, startMs: at(from), endMs: at(from) + 3_600_000 })?.available;
    expect([check('2026-03-02T09:15Z'), check('2026-03-02T09:30Z')]).toEqual([false, true]);
    expect(() => searchAvailability(input({ nowMs: Number.NaN }))).toThrow(RangeError);
  });
});

describe('searchAvailability: order and input', () => {
  it('sorts by start, then resource id, then slot id (by code unit, not locale)', () => {
    const found = searchAvailability(
      input({
        searchLengthMinutes: 30,
        bookingLengthMinutes: 30,
        resources: [resource('b', 1), resource('a', 1), resource('B', 1)],
        slots: [
          slot('z', 'b', { startTime: '09:00', endTime: '10:00' }),
          slot('y', 'b', { startTime: '09:30', endTime: '10:00' }),
          slot('x', 'a', { startTime: '09:30', endTime: '10:00' }),
          slot('w', 'B', { startTime: '09:00', endTime: '09:30' }),
          slot('v', 'unknown', { startTime: '09:00', endTime: '10:00' }),
        ],
      }),
    );
    expect(found.map((c) => `${iso(c.startMs).slice(11, 16)} ${c.resourceId}/${c.resourceSlotId}`)).toEqual([
      '09:00 B/w',
      '09:00 b/z',
      '09:30 a/x',
      '09:30 b/y',
      '09:30 b/z',
    ]);
  });

  it('does not depend on the order of bookings, slots or blockers', () => {
    const base = input({
      resources: [resource('r1', 2), resource('r2', 1)],
      slots: [slot('s1', 'r1'), slot('s2', 'r2'), slot('s3', 'r1', { startTime: '09:30', endTime: '12:00' })],
      bookings: [
        booking('r1', '2026-03-02T09:30Z', '2026-03-02T10:00Z'),
        booking('r1', '2026-03-02T09:45Z', '2026-03-02T10:30Z'),
        booking('r2', '2026-03-02T10:00Z', '2026-03-02T10:15Z'),
      ],
      blockers: [blocker(null, '2026-03-02T11:30Z', '2026-03-02T12:00Z')],
    });
    const reversed = {
      ...base,
      slots: [...base.slots].reverse(),
      bookings: [...base.bookings].reverse(),
      blockers: [...base.blockers].reverse(),
    };
    expect(searchAvailability(reversed)).toEqual(searchAvailability(base));
  });

  it('gives the same instants whatever the process time zone', () => {
    const berlin = input({
      zone: 'Europe/Berlin',
      rangeStartMs: at('2026-03-20T00:00Z'),
      rangeEndMs: at('2026-04-10T00:00Z'),
      slots: [slot('s1', 'r1', { weekday: 7, startTime: '01:00', endTime: '04:00' })],
    });
    const original = process.env.TZ;
    try {
      const results = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Europe/Berlin'].map((tz) => {
        process.env.TZ = tz;
        return searchAvailability(berlin);
      });
      for (const result of results) expect(result).toEqual(results[0]);
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it.each<[string, Partial<AvailabilitySearchInput>]>([
    ['a zero booking length', { bookingLengthMinutes: 0 }],
    ['a fractional booking length', { bookingLengthMinutes: 1.5 }],
    ['a negative search length', { searchLengthMinutes: -15 }],
    ['an empty range', { rangeEndMs: at('2026-03-02T00:00Z') }],
    ['a reversed range', { rangeEndMs: at('2026-03-01T00:00Z') }],
    ['a NaN range start', { rangeStartMs: Number.NaN }],
    ['an unknown zone', { zone: 'Europe/Atlantis' }],
    ['a negative capacity', { resources: [resource('r1', -1)] }],
    ['a fractional capacity', { resources: [resource('r1', 1.5)] }],
    ['a resource listed twice', { resources: [resource('r1', 1), resource('r1', 2)] }],
    ['a malformed slot', { slots: [slot('s1', 'r1', { endTime: '08:00' })] }],
    ['a booking with NaN', { bookings: [{ resourceId: 'r1', startMs: Number.NaN, endMs: 0 }] }],
    ['a blocker with Infinity', { blockers: [{ resourceId: null, startMs: 0, endMs: Infinity }] }],
  ])('throws a RangeError for %s', (_name, overrides) => {
    expect(() => searchAvailability(input(overrides))).toThrow(RangeError);
  });
});
