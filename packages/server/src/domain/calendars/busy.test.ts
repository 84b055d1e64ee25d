import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExternalCalendarError } from '../../ports/external-calendar';
import { assertBusyRange, mergeBusyIntervals } from './busy';

describe('mergeBusyIntervals', () => {
  it('covers exactly the instants some interval covers within the range', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 20 }))
      .map(([start, length]) => ({ startMs: start, endMs: start + length }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 12 }),
        fc.integer({ min: 0, max: 40 }),
        (intervals, from) => {
          const range = { startMs: from, endMs: from + 30 };
          const merged = mergeBusyIntervals(intervals, range);
          for (let t = 0; t < 90; t++) {
            const expected =
              t >= range.startMs && t < range.endMs && intervals.some((i) => t >= i.startMs && t < i.endMs);
            expect(merged.some((i) => t >= i.startMs && t < i.endMs)).toBe(expected);
          }
          for (let i = 1; i < merged.length; i++)
            expect(merged[i]!.startMs).toBeGreaterThan(merged[i - 1]!.endMs);
        },
      ),
    );
  });
});

describe('assertBusyRange', () => {
  it('accepts 366 days and refuses a millisecond more, as a non-retryable error', () => {
    expect(() => assertBusyRange({ startMs: 0, endMs: 366 * 86_400_000 })).not.toThrow();
    let caught: unknown;
    try {
      assertBusyRange({ startMs: 0, endMs: 366 * 86_400_000 + 1 });
    } catch (error) {
      caught = error;
    }
    expect(isExternalCalendarError(caught) && !caught.retryable).toBe(true);
    expect(() => assertBusyRange({ startMs: Number.NaN, endMs: 1 })).toThrow('finite');
  });
});
