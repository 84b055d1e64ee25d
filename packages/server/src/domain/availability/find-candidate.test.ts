import { describe, expect, it } from 'vitest';
import { findCandidate, searchAvailability } from './engine';
import { at, booking, input, resource, slot } from './test-fixtures';

describe('findCandidate', () => {
  const base = input({
    zone: 'Europe/Berlin',
    resources: [resource('r1', 1)],
    slots: [
      slot('s2', 'r1', { weekday: 7, startTime: '01:00', endTime: '04:00' }),
      slot('s1', 'r1', { weekday: 7, startTime: '00:30', endTime: '02:30' }),
    ],
    bookings: [booking('r1', '2026-03-29T01:00Z', '2026-03-29T01:30Z')],
  });
  const find = (from: string, to: string, extra: { resourceSlotId?: string; resourceId?: string } = {}) =>
    findCandidate({ ...base, startMs: at(from), endMs: at(to), resourceId: 'r1', ...extra });

  it('finds an exact candidate of the given slot, across the DST gap, with its availability', () => {
    // s2 runs 00:00Z-02:00Z on 2026-03-29; 00:45Z is on its 15-minute grid.
    expect(find('2026-03-29T00:45Z', '2026-03-29T01:45Z', { resourceSlotId: 's2' })).toEqual({
      resourceId: 'r1',
      resourceSlotId: 's2',
      startMs: at('2026-03-29T00:45Z'),
      endMs: at('2026-03-29T01:45Z'),
      available: false,
      currentBookings: 1,
      remaining: 0,
      maxParallelBookings: 1,
      blocked: false,
    });
    expect(find('2026-03-29T01:00Z', '2026-03-29T02:00Z', { resourceSlotId: 's2' })).toMatchObject({
      available: false,
    });
    // The last candidate of s2 ends at 04:00 CEST = 02:00Z; one more step would not fit.
    expect(find('2026-03-29T01:15Z', '2026-03-29T02:15Z', { resourceSlotId: 's2' })).toBeNull();
  });

  it('agrees with searchAvailability on every candidate', () => {
    const search = searchAvailability({
      ...base,
      rangeStartMs: at('2026-03-28T00:00Z'),
      rangeEndMs: at('2026-03-30T00:00Z'),
    });
    expect(search).toHaveLength(10);
    for (const c of search) {
      expect(
        findCandidate({
          ...base,
          startMs: c.startMs,
          endMs: c.endMs,
          resourceId: c.resourceId,
          resourceSlotId: c.resourceSlotId,
        }),
      ).toEqual(c);
    }
  });

  it('without a slot id, takes the first slot by id that holds the interval', () => {
    // s1: 00:30 CET = 23:30Z on 03-28 to 02:30 (in the gap, so 03:30 CEST) = 01:30Z.
    // s2: 01:00 CET = 00:00Z to 04:00 CEST = 02:00Z. Both grids hold 00:00Z and 00:15Z.
    expect(find('2026-03-28T23:30Z', '2026-03-29T00:30Z')?.resourceSlotId).toBe('s1');
    expect(find('2026-03-29T00:15Z', '2026-03-29T01:15Z')?.resourceSlotId).toBe('s1');
    expect(find('2026-03-29T00:45Z', '2026-03-29T01:45Z')?.resourceSlotId).toBe('s2');
    expect(find('2026-03-29T00:15Z', '2026-03-29T01:15Z', { resourceSlotId: 's2' })?.resourceSlotId).toBe(
      's2',
    );
  });

  it('returns null when the interval is not a candidate', () => {
    expect(find('2026-03-29T00:50Z', '2026-03-29T01:50Z', { resourceSlotId: 's2' })).toBeNull(); // off grid
    expect(find('2026-03-29T00:45Z', '2026-03-29T01:15Z', { resourceSlotId: 's2' })).toBeNull(); // wrong length
    expect(find('2026-03-29T00:45Z', '2026-03-29T01:45Z', { resourceSlotId: 's9' })).toBeNull(); // unknown slot
    expect(find('2026-03-29T00:45Z', '2026-03-29T01:45Z', { resourceId: 'r9' })).toBeNull(); // unknown resource
    expect(find('2026-03-30T00:45Z', '2026-03-30T01:45Z')).toBeNull(); // a Monday
  });

  it('validates its input', () => {
    expect(() =>
      findCandidate({ ...base, bookingLengthMinutes: 0, startMs: 0, endMs: 0, resourceId: 'r1' }),
    ).toThrow(RangeError);
    expect(() => findCandidate({ ...base, startMs: Number.NaN, endMs: 0, resourceId: 'r1' })).toThrow(
      RangeError,
    );
  });
});
