import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBlockerIndex, overlapsBlocker } from './blocker-index';
import { buildConcurrencyProfile, peakConcurrency } from './concurrency';
import type { EngineInterval } from './types';

const iv = (startMs: number, endMs: number): EngineInterval => ({ startMs, endMs });

describe('peakConcurrency', () => {
  it('is the peak over the interval, not the number of overlapping intervals', () => {
    const profile = buildConcurrencyProfile([iv(0, 30), iv(30, 60), iv(15, 45)]);
    expect(peakConcurrency(profile, 0, 60)).toBe(2);
    expect(peakConcurrency(profile, 0, 15)).toBe(1);
    expect(peakConcurrency(profile, 45, 60)).toBe(1);
    expect(peakConcurrency(profile, 60, 90)).toBe(0);
    expect(peakConcurrency(buildConcurrencyProfile([iv(0, 30), iv(30, 60)]), 0, 60)).toBe(1);
  });

  it('treats intervals as half-open and ignores empty ones', () => {
    const profile = buildConcurrencyProfile([iv(10, 20), iv(20, 20), iv(25, 15)]);
    expect(peakConcurrency(profile, 0, 10)).toBe(0);
    expect(peakConcurrency(profile, 20, 30)).toBe(0);
    expect(peakConcurrency(profile, 19, 20)).toBe(1);
    expect(peakConcurrency(profile, 15, 15)).toBe(0);
  });

  it('stores one step per change of level', () => {
    const profile = buildConcurrencyProfile([iv(0, 10), iv(10, 20), iv(0, 20), iv(5, 15)]);
    expect(Array.from(profile.times)).toEqual([0, 5, 15, 20]);
    expect(Array.from(profile.levels)).toEqual([2, 3, 2, 0]);
  });

  it('matches counting at every instant, for random intervals', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 25 }), interval, (raw, [qs, ql]) => {
        const intervals = raw.map(([s, l]) => iv(s, s + l));
        let expected = 0;
        for (let t = qs; t < qs + ql; t++) {
          expected = Math.max(expected, intervals.filter((i) => i.startMs <= t && t < i.endMs).length);
        }
        expect(peakConcurrency(buildConcurrencyProfile(intervals), qs, qs + ql)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('overlapsBlocker', () => {
  it('merges touching and nested blockers and treats them as half-open', () => {
    const index = buildBlockerIndex([iv(20, 30), iv(10, 20), iv(12, 14), iv(50, 50), iv(40, 45)]);
    expect(Array.from(index.starts)).toEqual([10, 40]);
    expect(Array.from(index.ends)).toEqual([30, 45]);
    expect(overlapsBlocker(index, 0, 10)).toBe(false);
    expect(overlapsBlocker(index, 0, 11)).toBe(true);
    expect(overlapsBlocker(index, 29, 40)).toBe(true);
    expect(overlapsBlocker(index, 30, 40)).toBe(false);
    expect(overlapsBlocker(index, 45, 60)).toBe(false);
    expect(overlapsBlocker(index, 41, 42)).toBe(true);
  });
});
