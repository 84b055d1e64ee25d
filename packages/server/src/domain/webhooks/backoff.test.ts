import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, nextAttemptDelay } from './backoff';

describe('webhook backoff', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts in total', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect(Object.isFrozen(WEBHOOK_RETRY_DELAYS_MS)).toBe(true);
  });

  it('gives the wait after each failed attempt, then null', () => {
    expect(nextAttemptDelay(0)).toBe(0);
    const delays = Array.from({ length: 9 }, (_, i) => nextAttemptDelay(i + 1));
    expect(delays).toEqual([...WEBHOOK_RETRY_DELAYS_MS, null, null]);
  });

  it('rejects a negative or fractional count', () => {
    expect(() => nextAttemptDelay(-1)).toThrow(RangeError);
    expect(() => nextAttemptDelay(1.5)).toThrow(RangeError);
    expect(() => nextAttemptDelay(Number.NaN)).toThrow(RangeError);
  });
});
