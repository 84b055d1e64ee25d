import { describe, expect, it } from 'vitest';
import { expandSlotWindows } from './expand-slot';
import type { SlotSchedule } from './types';

const at = (iso: string): number => Date.parse(iso);
const HOUR = 3_600_000;

function windows(zone: string, slot: Partial<SlotSchedule>, from: string, to: string) {
  const schedule: SlotSchedule = {
    weekday: 7,
    startTime: '09:00',
    endTime: '10:00',
    validFrom: null,
    validUntil: null,
    ...slot,
  };
  return expandSlotWindows(schedule, zone, at(from), at(to)).map((w) => ({
    start: new Date(w.startMs).toISOString(),
    end: new Date(w.endMs).toISOString(),
    hours: (w.endMs - w.startMs) / HOUR,
  }));
}

describe('expandSlotWindows: Europe/Berlin', () => {
  it('spring forward on 2026-03-29: 01:00-04:00 lasts two real hours', () => {
    expect(
      windows('Europe/Berlin', { startTime: '01:00', endTime: '04:00' }, '2026-03-21Z', '2026-04-06Z'),
    ).toEqual([
      { start: '2026-03-22T00:00:00.000Z', end: '2026-03-22T03:00:00.000Z', hours: 3 }, // CET
      { start: '2026-03-29T00:00:00.000Z', end: '2026-03-29T02:00:00.000Z', hours: 2 }, // 02:00 -> 03:00
      { start: '2026-04-04T23:00:00.000Z', end: '2026-04-05T02:00:00.000Z', hours: 3 }, // CEST
    ]);
  });

  it('moves a start inside the gap forward and drops a window that collapses', () => {
    const day = ['2026-03-28T12:00Z', '2026-03-29T12:00Z'] as const;
    // 02:30 does not exist: it becomes 03:30 CEST.
    expect(windows('Europe/Berlin', { startTime: '02:30', endTime: '05:00' }, ...day)).toEqual([
      { start: '2026-03-29T01:30:00.000Z', end: '2026-03-29T03:00:00.000Z', hours: 1.5 },
    ]);
    expect(windows('Europe/Berlin', { startTime: '02:15', endTime: '02:45' }, ...day)).toEqual([
      { start: '2026-03-29T01:15:00.000Z', end: '2026-03-29T01:45:00.000Z', hours: 0.5 },
    ]);
    // 02:30 -> 03:30 CEST, 03:00 stays 03:00 CEST: the window is empty.
    expect(windows('Europe/Berlin', { startTime: '02:30', endTime: '03:00' }, ...day)).toEqual([]);
  });

  it('fall back on 2026-10-25: repeated wall times take the first (summer) occurrence', () => {
    const day = ['2026-10-24T12:00Z', '2026-10-25T12:00Z'] as const;
    expect(windows('Europe/Berlin', { startTime: '01:00', endTime: '04:00' }, ...day)).toEqual([
      { start: '2026-10-24T23:00:00.000Z', end: '2026-10-25T03:00:00.000Z', hours: 4 },
    ]);
    expect(windows('Europe/Berlin', { startTime: '02:30', endTime: '03:30' }, ...day)).toEqual([
      { start: '2026-10-25T00:30:00.000Z', end: '2026-10-25T02:30:00.000Z', hours: 2 },
    ]);
    expect(windows('Europe/Berlin', { startTime: '02:00', endTime: '02:30' }, ...day)).toEqual([
      { start: '2026-10-25T00:00:00.000Z', end: '2026-10-25T00:30:00.000Z', hours: 0.5 },
    ]);
  });
});

describe('expandSlotWindows: America/New_York', () => {
  it('spring forward on 2026-03-08', () => {
    expect(
      windows('America/New_York', { startTime: '01:00', endTime: '03:00' }, '2026-03-08Z', '2026-03-09Z'),
    ).toEqual([{ start: '2026-03-08T06:00:00.000Z', end: '2026-03-08T07:00:00.000Z', hours: 1 }]);
    expect(windows('America/New_York', {}, '2026-02-28Z', '2026-03-09Z')).toEqual([
      { start: '2026-03-01T14:00:00.000Z', end: '2026-03-01T15:00:00.000Z', hours: 1 }, // EST
      { start: '2026-03-08T13:00:00.000Z', end: '2026-03-08T14:00:00.000Z', hours: 1 }, // EDT
    ]);
  });

  it('fall back on 2026-11-01', () => {
    const day = ['2026-11-01T00:00Z', '2026-11-02T00:00Z'] as const;
    expect(windows('America/New_York', { startTime: '01:00', endTime: '03:00' }, ...day)).toEqual([
      { start: '2026-11-01T05:00:00.000Z', end: '2026-11-01T08:00:00.000Z', hours: 3 },
    ]);
    expect(windows('America/New_York', { startTime: '01:30', endTime: '02:00' }, ...day)).toEqual([
      { start: '2026-11-01T05:30:00.000Z', end: '2026-11-01T07:00:00.000Z', hours: 1.5 },
    ]);
  });
});

describe('expandSlotWindows: half-hour zones', () => {
  it('Asia/Kolkata is +05:30 all year, and an early window starts on the previous UTC date', () => {
    const monday = ['2026-03-01T12:00Z', '2026-03-03T00:00Z'] as const;
    expect(windows('Asia/Kolkata', { weekday: 1, startTime: '09:00', endTime: '17:00' }, ...monday)).toEqual([
      { start: '2026-03-02T03:30:00.000Z', end: '2026-03-02T11:30:00.000Z', hours: 8 },
    ]);
    expect(windows('Asia/Kolkata', { weekday: 1, startTime: '04:00', endTime: '06:00' }, ...monday)).toEqual([
      { start: '2026-03-01T22:30:00.000Z', end: '2026-03-02T00:30:00.000Z', hours: 2 },
    ]);
  });

  it('Australia/Lord_Howe ends its 30-minute DST on 2026-04-05 (02:00 +11 -> 01:30 +10:30)', () => {
    const day = ['2026-04-04T00:00Z', '2026-04-05T00:00Z'] as const;
    expect(windows('Australia/Lord_Howe', { startTime: '01:00', endTime: '03:00' }, ...day)).toEqual([
      { start: '2026-04-04T14:00:00.000Z', end: '2026-04-04T16:30:00.000Z', hours: 2.5 },
    ]);
    // 01:30-02:00 happens twice: the window starts at the first 01:30.
    expect(windows('Australia/Lord_Howe', { startTime: '01:30', endTime: '02:00' }, ...day)).toEqual([
      { start: '2026-04-04T14:30:00.000Z', end: '2026-04-04T15:30:00.000Z', hours: 1 },
    ]);
  });

  it('Australia/Lord_Howe starts its DST on 2026-10-04 (02:00 +10:30 -> 02:30 +11)', () => {
    const day = ['2026-10-03T00:00Z', '2026-10-04T00:00Z'] as const;
    expect(windows('Australia/Lord_Howe', { startTime: '01:00', endTime: '03:00' }, ...day)).toEqual([
      { start: '2026-10-03T14:30:00.000Z', end: '2026-10-03T16:00:00.000Z', hours: 1.5 },
    ]);
    // 02:10 does not exist: it moves forward by the 30-minute gap to 02:40 +11.
    expect(windows('Australia/Lord_Howe', { startTime: '02:10', endTime: '03:00' }, ...day)).toEqual([
      { start: '2026-10-03T15:40:00.000Z', end: '2026-10-03T16:00:00.000Z', hours: 1 / 3 },
    ]);
  });
});

describe('expandSlotWindows: the weekday and the validity dates are local', () => {
  it('America/Los_Angeles: a Monday 17:00 window is on Tuesday in UTC', () => {
    const slot = { weekday: 1, startTime: '17:00', endTime: '19:00' };
    expect(windows('America/Los_Angeles', slot, '2026-06-01T00:00Z', '2026-06-03T00:00Z')).toEqual([
      { start: '2026-06-02T00:00:00.000Z', end: '2026-06-02T02:00:00.000Z', hours: 2 },
    ]);
    // The UTC Monday holds no Monday window: the previous one ended 2026-05-26T02:00Z.
    expect(windows('America/Los_Angeles', slot, '2026-06-01T00:00Z', '2026-06-02T00:00Z')).toEqual([]);
  });

  it('Pacific/Auckland: morning windows fall on the previous UTC date, afternoon ones on the same', () => {
    const range = ['2026-05-31T00:00Z', '2026-06-02T00:00Z'] as const;
    expect(
      windows('Pacific/Auckland', { weekday: 1, startTime: '09:00', endTime: '10:00' }, ...range),
    ).toEqual([{ start: '2026-05-31T21:00:00.000Z', end: '2026-05-31T22:00:00.000Z', hours: 1 }]);
    expect(
      windows('Pacific/Auckland', { weekday: 1, startTime: '13:00', endTime: '15:00' }, ...range),
    ).toEqual([{ start: '2026-06-01T01:00:00.000Z', end: '2026-06-01T03:00:00.000Z', hours: 2 }]);
    expect(
      windows('Pacific/Auckland', { weekday: 1, startTime: '22:00', endTime: '24:00' }, ...range),
    ).toEqual([{ start: '2026-06-01T10:00:00.000Z', end: '2026-06-01T12:00:00.000Z', hours: 2 }]);
  });

  it('Pacific/Auckland: a 13:00 window across the end of DST on 2026-04-05', () => {
    const slot = { weekday: 7, startTime: '13:00', endTime: '14:00' };
    expect(windows('Pacific/Auckland', slot, '2026-03-28T00:00Z', '2026-04-06T00:00Z')).toEqual([
      { start: '2026-03-29T00:00:00.000Z', end: '2026-03-29T01:00:00.000Z', hours: 1 }, // NZDT +13
      { start: '2026-04-05T01:00:00.000Z', end: '2026-04-05T02:00:00.000Z', hours: 1 }, // NZST +12
    ]);
  });

  it('validFrom and validUntil are inclusive local dates', () => {
    const slot = { weekday: 1, validFrom: '2026-03-09', validUntil: '2026-03-23' };
    expect(windows('Europe/Berlin', slot, '2026-03-01Z', '2026-04-01Z').map((w) => w.start)).toEqual([
      '2026-03-09T08:00:00.000Z',
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
    ]);
    // Monday 2026-06-01 09:00 in Auckland is Sunday 2026-05-31 in UTC, and still valid from 06-01.
    const auckland = { weekday: 1, validFrom: '2026-06-01', validUntil: '2026-06-01' };
    expect(windows('Pacific/Auckland', auckland, '2026-05-01Z', '2026-07-01Z').map((w) => w.start)).toEqual([
      '2026-05-31T21:00:00.000Z',
    ]);
    expect(
      windows(
        'Europe/Berlin',
        { weekday: 1, validFrom: '2026-03-24', validUntil: '2026-03-23' },
        '2026-03-01Z',
        '2026-04-01Z',
      ),
    ).toEqual([]);
  });

  it('returns windows that only partly overlap the range', () => {
    expect(windows('UTC', { weekday: 1 }, '2026-03-02T09:30Z', '2026-03-02T09:45Z')).toEqual([
      { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z', hours: 1 },
    ]);
    expect(windows('UTC', { weekday: 1 }, '2026-03-02T10:00Z', '2026-03-02T11:00Z')).toEqual([]);
  });

  it('rejects malformed input with a RangeError', () => {
    const range = ['2026-03-01Z', '2026-04-01Z'] as const;
    expect(() => windows('Mars/Olympus', {}, ...range)).toThrow(RangeError);
    expect(() => windows('UTC', {}, '2026-04-01Z', '2026-03-01Z')).toThrow(RangeError);
    for (const bad of [
      { weekday: 0 },
      { weekday: 8 },
      { weekday: 1.5 },
      { startTime: '9:00' },
      { startTime: '24:00' },
      { endTime: '24:30' },
      { startTime: '10:00', endTime: '10:00' },
      { startTime: '22:00', endTime: '02:00' },
      { validFrom: '2026-02-30' },
      { validUntil: '01.03.2026' },
    ]) {
      expect(() => windows('UTC', bad, ...range), JSON.stringify(bad)).toThrow(RangeError);
    }
  });
});
