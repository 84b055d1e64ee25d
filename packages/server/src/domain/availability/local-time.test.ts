import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  civilFromDays,
  createWallClockResolver,
  daysFromCivil,
  isoWeekday,
  parseLocalDate,
  parseWallTime,
  resolveWallTime,
} from './local-time';

describe('local dates', () => {
  it('numbers days from 1970-01-01 and reads ISO weekdays', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    // 56 years of 365 days plus 14 leap days (1972..2024), then January, February and 28 days.
    expect(daysFromCivil(2026, 3, 29)).toBe(56 * 365 + 14 + 31 + 28 + 28);
    expect(isoWeekday(0)).toBe(4); // a Thursday
    expect(isoWeekday(daysFromCivil(2026, 3, 29))).toBe(7);
    expect(isoWeekday(daysFromCivil(2026, 3, 2))).toBe(1);
    expect(isoWeekday(-1)).toBe(3);
  });

  it('round-trips day numbers across leap years and before 1970', () => {
    for (let day = -800_000; day <= 800_000; day += 997) {
      const { year, month, day: d } = civilFromDays(day);
      expect(daysFromCivil(year, month, d)).toBe(day);
    }
    expect(civilFromDays(daysFromCivil(2024, 2, 29))).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('parses wall times and dates strictly', () => {
    expect(parseWallTime('00:00', false)).toBe(0);
    expect(parseWallTime('09:30', false)).toBe(570);
    expect(parseWallTime('23:59', false)).toBe(1439);
    expect(parseWallTime('24:00', true)).toBe(1440);
    for (const bad of ['24:00', '9:30', '12:60', '25:00', '12:00:00', '', 'ab:cd']) {
      expect(parseWallTime(bad, false)).toBeNull();
    }
    expect(parseWallTime('24:01', true)).toBeNull();
    expect(parseLocalDate('2024-02-29')).toBe(daysFromCivil(2024, 2, 29));
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01', '20260101', '']) {
      expect(parseLocalDate(bad)).toBeNull();
    }
  });
});

describe('createWallClockResolver', () => {
  // Reference: luxon alone, then the first of the possible occurrences.
  const reference = (zone: string, dayNumber: number, minute: number): number => {
    const { year, month, day } = civilFromDays(dayNumber);
    const local = DateTime.fromObject(
      { year, month, day, hour: Math.floor(minute / 60), minute: minute % 60 },
      { zone },
    );
    return Math.min(...local.getPossibleOffsets().map((d) => d.toMillis()));
  };

  it.each([
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Pacific/Auckland',
    'America/Santiago',
  ])('agrees with luxon on every day of 2026 in %s', (zone) => {
    const resolve = createWallClockResolver(zone);
    const first = daysFromCivil(2026, 1, 1);
    for (let day = first; day < first + 365; day++) {
      // Every half hour of the night, when transitions happen, then every 90 minutes.
      for (let minute = 0; minute < 1440; minute += minute < 240 ? 30 : 90) {
        if (resolve(day, minute) !== reference(zone, day, minute)) {
          expect.fail(`${zone} ${JSON.stringify(civilFromDays(day))} minute ${minute}`);
        }
      }
    }
  });

  it('resolves 24:00 as midnight of the next day', () => {
    const resolve = createWallClockResolver('Europe/Berlin');
    const day = daysFromCivil(2026, 3, 28);
    expect(resolve(day, 1440)).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(resolve(day, 1440)).toBe(resolve(day + 1, 0));
  });

  it('takes the first occurrence of a repeated wall time, whatever the current date', () => {
    // Luxon alone picks the occurrence whose offset is in force now; the engine must not.
    expect(resolveWallTime('Europe/Berlin', daysFromCivil(2026, 10, 25), 150)).toBe(
      Date.parse('2026-10-25T00:30:00Z'),
    );
    expect(resolveWallTime('Australia/Lord_Howe', daysFromCivil(2026, 4, 5), 105)).toBe(
      Date.parse('2026-04-04T14:45:00Z'),
    );
  });
});
