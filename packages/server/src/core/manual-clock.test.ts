import { describe, expect, it } from 'vitest';
import { createManualClock } from './manual-clock';

describe('createManualClock', () => {
  it('stands still at its start until it is set or advanced', () => {
    const clock = createManualClock('2030-01-07T09:00:00Z');
    expect(clock.now()).toBe(Date.parse('2030-01-07T09:00:00Z'));
    expect(clock.now()).toBe(clock.now());
    clock.advance(90_000);
    expect(new Date(clock.now()).toISOString()).toBe('2030-01-07T09:01:30.000Z');
    clock.set(new Date('2031-02-03T04:05:06Z'));
    expect(clock.now()).toBe(Date.parse('2031-02-03T04:05:06Z'));
    clock.set(0);
    expect(clock.now()).toBe(0);
  });

  it('refuses what is not a time or a duration, and keeps its time', () => {
    expect(() => createManualClock('next tuesday')).toThrow(RangeError);
    expect(() => createManualClock(Number.NaN)).toThrow(RangeError);
    const clock = createManualClock(1_000);
    expect(() => clock.set(new Date('nope'))).toThrow(RangeError);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(clock.now()).toBe(1_000);
  });
});
