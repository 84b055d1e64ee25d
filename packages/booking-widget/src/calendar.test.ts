import { describe, expect, it } from 'vitest';
import { addMonths, firstDayOfWeek, monthGrid, moveDay } from './calendar';

describe('the month grid', () => {
  it('lays out March 2030 from Monday, with blanks outside the month', () => {
    const weeks = monthGrid('2030-03-17', 1);
    // 1 March 2030 is a Friday: four blanks before it; 31 March is a Sunday, the last cell.
    expect(weeks[0]).toEqual([null, null, null, null, '2030-03-01', '2030-03-02', '2030-03-03']);
    expect(weeks.at(-1)).toEqual([
      '2030-03-25',
      '2030-03-26',
      '2030-03-27',
      '2030-03-28',
      '2030-03-29',
      '2030-03-30',
      '2030-03-31',
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('starts weeks on Sunday where the locale does', () => {
    expect(monthGrid('2030-03-01', 7)[0]![0]).toBeNull();
    expect(monthGrid('2030-03-01', 7)[0]![5]).toBe('2030-03-01');
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('de-DE')).toBe(1);
  });
});

describe('keyboard moves of the date grid', () => {
  const ltr = { rtl: false, firstDay: 1, shift: false };
  it('moves by days, weeks, week ends, months and years', () => {
    expect(moveDay('2030-03-31', 'ArrowRight', ltr)).toBe('2030-04-01');
    expect(moveDay('2030-03-01', 'ArrowLeft', ltr)).toBe('2030-02-28');
    expect(moveDay('2030-03-28', 'ArrowDown', ltr)).toBe('2030-04-04');
    expect(moveDay('2030-03-28', 'ArrowUp', ltr)).toBe('2030-03-21');
    expect(moveDay('2030-03-28', 'Home', ltr)).toBe('2030-03-25'); // Monday
    expect(moveDay('2030-03-28', 'End', ltr)).toBe('2030-03-31'); // Sunday
    expect(moveDay('2030-01-31', 'PageDown', ltr)).toBe('2030-02-28'); // clamped
    expect(moveDay('2030-03-28', 'PageUp', { ...ltr, shift: true })).toBe('2029-03-28');
    expect(moveDay('2030-03-28', 'Tab', ltr)).toBeUndefined();
  });

  it('swaps left and right in a right-to-left layout', () => {
    expect(moveDay('2030-03-28', 'ArrowLeft', { ...ltr, rtl: true })).toBe('2030-03-29');
    expect(moveDay('2030-03-28', 'ArrowRight', { ...ltr, rtl: true })).toBe('2030-03-27');
  });

  it('adds months across year ends', () => {
    expect(addMonths('2030-12-15', 1)).toBe('2031-01-15');
  });
});
