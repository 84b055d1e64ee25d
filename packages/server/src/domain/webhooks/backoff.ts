/**
 * The retry schedule of outgoing webhook deliveries.
 *
 * @module
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays before each retry, in milliseconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Entry `i` is
 * the wait after the `(i + 1)`-th failed attempt, so a delivery gets at most
 * {@link WEBHOOK_MAX_ATTEMPTS} attempts (the first plus seven retries) over about 27.6 hours.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
]);

/** How many attempts a delivery gets in total: the first plus one per retry delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/**
 * The wait before the next attempt once `attemptsMade` attempts have failed: 0 before the first
 * attempt, then the schedule, and null when the schedule is exhausted (give up).
 *
 * @throws RangeError when `attemptsMade` is not a non-negative integer.
 *
 * @example
 * ```ts
 * nextAttemptDelay(1); // 5_000: the first retry comes 5 s after the first failure
 * nextAttemptDelay(7); // 36_000_000: the last retry, 10 h after the seventh failure
 * nextAttemptDelay(8); // null: give up
 * ```
 */
export function nextAttemptDelay(attemptsMade: number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) {
    throw new RangeError(`attemptsMade must be a non-negative integer, got ${attemptsMade}`);
  }
  if (attemptsMade === 0) return 0;
  return WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}
