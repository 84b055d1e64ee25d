import { describe, expect, it } from 'vitest';
import { dayOf, formatTime, startOfDay, zoneOffset } from './zones';

// Berlin moves its clocks from 02:00 to 03:00 on Sunday 31 March 2030; Tokyo keeps UTC+9.
describe('zones across the DST change', () => {
  it('finds the local day of an instant in each zone', () => {
    expect(dayOf(Date.parse('2030-03-30T23:30:00Z'), 'Europe/Berlin')).toBe('2030-03-31');
    expect(dayOf(Date.parse('2030-03-30T23:30:00Z'), 'Asia/Tokyo')).toBe('2030-03-31');
    expect(dayOf(Date.parse('2030-03-30T14:30:00Z'), 'Asia/Tokyo')).toBe('2030-03-30');
  });

  it('knows the offsets before and after the change', () => {
    expect(zoneOffset(Date.parse('2030-03-30T12:00:00Z'), 'Europe/Berlin')).toBe(3_600_000);
    expect(zoneOffset(Date.parse('2030-04-01T12:00:00Z'), 'Europe/Berlin')).toBe(7_200_000);
  });

  it('starts days at local midnight', () => {
    expect(new Date(startOfDay('2030-03-31', 'Europe/Berlin')).toISOString()).toBe(
      '2030-03-30T23:00:00.000Z',
    );
    expect(new Date(startOfDay('2030-04-01', 'Europe/Berlin')).toISOString()).toBe(
      '2030-03-31T22:00:00.000Z',
    );
    expect(new Date(startOfDay('2030-04-01', 'Asia/Tokyo')).toISOString()).toBe('2030-03-31T15:00:00.000Z');
  });

  it('starts a day whose midnight a change skips at the first instant that exists', () => {
    // Santiago (Chile) springs forward from 24:00 on Saturday 7 September 2030 to 01:00 on the 8th.
    expect(new Date(startOfDay('2030-09-08', 'America/Santiago')).toISOString()).toBe(
      '2030-09-08T04:00:00.000Z',
    );
    expect(dayOf(Date.parse('2030-09-08T03:59:59Z'), 'America/Santiago')).toBe('2030-09-07');
  });

  it('writes the Berlin 09:00 coach slot in Tokyo time on both sides of the change', () => {
    expect(formatTime(Date.parse('2030-03-29T08:00:00Z'), 'Asia/Tokyo', 'en-GB')).toBe('17:00');
    expect(formatTime(Date.parse('2030-04-01T07:00:00Z'), 'Asia/Tokyo', 'en-GB')).toBe('16:00');
  });
});
