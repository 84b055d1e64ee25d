/**
 * Booking rules in the engine across DST changes (America/New_York and Europe/Berlin): the horizon
 * counts local days, the notice counts real minutes across midnight and a DST gap, buffers reach
 * across a window edge on a fall-back night, and the daily limit counts a 23-hour local day.
 */
import { describe, expect, it } from 'vitest';
import { searchAvailability } from './engine';
import { at, booking, input, iso, resource, slot } from './test-fixtures';
import type { AvailabilityCandidate } from './types';

const availableStarts = (candidates: AvailabilityCandidate[]) =>
  candidates.filter((c) => c.available).map((c) => iso(c.startMs));
const everyDay = (id: string, resourceId: string, startTime: string, endTime: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
    slot(`${id}-${weekday}`, resourceId, { weekday, startTime, endTime }),
  );

describe('booking rules across DST changes', () => {
  it('America/New_York: a one-day horizon from Saturday noon ends Sunday noon, 23 real hours later (spring forward)', () => {
    // Saturday 2026-03-07 12:00 EST (17:00Z); on Sunday clocks go from 02:00 to 03:00.
    const candidates = searchAvailability(
      input({
        zone: 'America/New_York',
        rangeStartMs: at('2026-03-08T05:00Z'),
        rangeEndMs: at('2026-03-09T04:00Z'),
        bookingLengthMinutes: 60,
        searchLengthMinutes: 60,
        resources: [resource('r1', 1)],
        slots: everyDay('s', 'r1', '09:00', '17:00'),
        nowMs: at('2026-03-07T17:00Z'),
        rules: { horizonDays: 1 },
      }),
    );
    // 09:00-12:00 EDT are 13:00Z-16:00Z; 13:00 EDT (17:00Z, 24 real hours later) is beyond.
    expect(availableStarts(candidates)).toEqual([
      '2026-03-08T13:00Z',
      '2026-03-08T14:00Z',
      '2026-03-08T15:00Z',
      '2026-03-08T16:00Z',
    ]);
    expect(candidates.filter((c) => !c.available)).toHaveLength(4);
  });

  it('Europe/Berlin: three hours of notice from 23:30 on the night clocks spring forward start at 03:30 CEST', () => {
    // Saturday 2026-03-28 23:30 CET is 22:30Z; three real hours later is 01:30Z, 03:30 CEST on Sunday.
    const candidates = searchAvailability(
      input({
        zone: 'Europe/Berlin',
        rangeStartMs: at('2026-03-28T23:00Z'),
        rangeEndMs: at('2026-03-29T04:00Z'),
        bookingLengthMinutes: 30,
        searchLengthMinutes: 30,
        resources: [resource('r1', 1)],
        slots: [slot('s', 'r1', { weekday: 7, startTime: '00:00', endTime: '06:00' })],
        nowMs: at('2026-03-28T22:30Z'),
        rules: { minimumNoticeMinutes: 180 },
      }),
    );
    const available = availableStarts(candidates);
    expect(available[0]).toBe('2026-03-29T01:30Z');
    expect(candidates.filter((c) => c.startMs < at('2026-03-29T01:30Z')).every((c) => !c.available)).toBe(
      true,
    );
    expect(candidates.filter((c) => c.startMs < at('2026-03-29T01:30Z'))).toHaveLength(5);
  });

  it('Europe/Berlin: a buffer after a booking that ends a window blocks the next window on the fall-back night', () => {
    // Sunday 2026-10-25: clocks go from 03:00 CEST back to 02:00 CET. Window A 00:00-02:30 ends at
    // the first 02:30 (00:30Z); window B 02:30-05:00 starts there and lasts 3.5 real hours.
    const base = input({
      zone: 'Europe/Berlin',
      rangeStartMs: at('2026-10-24T22:00Z'),
      rangeEndMs: at('2026-10-25T04:00Z'),
      bookingLengthMinutes: 60,
      searchLengthMinutes: 30,
      resources: [resource('r1', 1)],
      slots: [
        slot('a', 'r1', { weekday: 7, startTime: '00:00', endTime: '02:30' }),
        slot('b', 'r1', { weekday: 7, startTime: '02:30', endTime: '05:00' }),
      ],
      // The last hour of window A, 01:30-02:30 CEST, with 60 minutes of cleaning after it.
      bookings: [{ ...booking('r1', '2026-10-24T23:30Z', '2026-10-25T00:30Z'), bufferAfterMs: 60 * 60_000 }],
    });
    const windowB = (c: AvailabilityCandidate) => c.resourceSlotId === 'b';
    const plain = searchAvailability(base).filter(windowB);
    expect(iso(plain[0]!.startMs)).toBe('2026-10-25T00:30Z');
    expect(availableStarts(plain)[0]).toBe('2026-10-25T01:30Z');
    // With 30 minutes before each candidate too, the two buffers add up.
    const both = searchAvailability({ ...base, rules: { bufferBeforeMinutes: 30 } }).filter(windowB);
    expect(availableStarts(both)[0]).toBe('2026-10-25T02:00Z');
    // In window A, a candidate's own after-buffer must end by the booking's start: 00:00-01:00 CEST
    // plus 30 minutes touches 01:30 CEST; 00:30 CEST would reach into the booking.
    const windowA = (c: AvailabilityCandidate) => c.resourceSlotId === 'a';
    expect(availableStarts(searchAvailability(base).filter(windowA))).toEqual([
      '2026-10-24T22:00Z',
      '2026-10-24T22:30Z',
    ]);
    const after = searchAvailability({ ...base, rules: { bufferAfterMinutes: 30 } });
    expect(availableStarts(after.filter(windowA))).toEqual(['2026-10-24T22:00Z']);
  });

  it('America/New_York: the daily limit counts the bookings of the 23-hour local day of spring forward', () => {
    const day = { rangeStartMs: at('2026-03-08T05:00Z'), rangeEndMs: at('2026-03-10T04:00Z') };
    const search = (bookings: ReturnType<typeof booking>[]) =>
      searchAvailability(
        input({
          zone: 'America/New_York',
          ...day,
          bookingLengthMinutes: 30,
          searchLengthMinutes: 60,
          resources: [resource('r1', 10)],
          slots: everyDay('s', 'r1', '00:00', '24:00'),
          bookings,
          rules: { maxBookingsPerResourcePerDay: 2 },
        }),
      );
    // 00:30 EST (05:30Z) and 23:30 EDT (03:30Z the next day) both start on Sunday 8 March.
    const sunday = search([
      booking('r1', '2026-03-08T05:30Z', '2026-03-08T06:00Z'),
      booking('r1', '2026-03-09T03:30Z', '2026-03-09T04:00Z'),
    ]);
    const onSunday = (c: AvailabilityCandidate) => c.startMs < at('2026-03-09T04:00Z');
    expect(sunday.filter(onSunday)).toHaveLength(23);
    expect(sunday.filter(onSunday).every((c) => !c.available)).toBe(true);
    expect(sunday.filter((c) => !onSunday(c)).every((c) => c.available)).toBe(true);
    // One of them at 00:30 EDT on Monday instead: each day has room left.
    const split = search([
      booking('r1', '2026-03-08T05:30Z', '2026-03-08T06:00Z'),
      booking('r1', '2026-03-09T04:30Z', '2026-03-09T05:00Z'),
    ]);
    expect(split.every((c) => c.available)).toBe(true);
  });

  it('without rules nothing changes: bookings without buffers and no rules give the SPEC answer', () => {
    const bookings = [booking('r1', '2026-03-02T09:00Z', '2026-03-02T10:00Z')];
    const plain = searchAvailability(input({ bookings }));
    const ruled = searchAvailability(input({ bookings, rules: {} }));
    expect(ruled).toEqual(plain);
  });
});
