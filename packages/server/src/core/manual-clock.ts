/**
 * A clock that moves only when told: the clock tests inject into `createConnectService({ clock })`.
 *
 * @module
 */
import type { Clock } from '../ports/clock';

/** A {@link Clock} that stands still until it is set or advanced. */
export interface ManualClock extends Clock {
  /** Moves the clock to `at` (epoch milliseconds, a `Date` or an ISO-8601 string). */
  set(at: number | Date | string): void;
  /** Moves the clock forward by `ms` milliseconds (negative moves it back). */
  advance(ms: number): void;
}

const toEpoch = (at: number | Date | string): number => {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${String(at)}`);
  return ms;
};

/**
 * Creates a clock fixed at `start`. Services given it see the same "now" however long a test takes,
 * so fixture dates written relative to `start` stay in the future whatever today's date is.
 * The clock decides when the service's jobs are due (a booking whose start has passed by the clock
 * fires `hasStarted` at once) and the timestamps it writes. Moving it does not wake a scheduler
 * that is waiting on a real timer: a test that needs scheduled jobs to fire drives time with fake
 * timers (`vi.useFakeTimers()`) instead.
 *
 * @param start - The clock's time: epoch milliseconds, a `Date` or an ISO-8601 string.
 * @throws RangeError when `start` is not a valid time.
 *
 * @example
 * ```ts
 * import { createConnectService, createManualClock } from '@leadbook/server';
 *
 * const clock = createManualClock('2030-01-07T09:00:00Z');
 * const service = await createConnectService({ clock });
 * clock.advance(60 * 60_000); // an hour later, for the service
 * ```
 */
export function createManualClock(start: number | Date | string): ManualClock {
  let now = toEpoch(start);
  return {
    now: () => now,
    set(at) {
      now = toEpoch(at);
    },
    advance(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`not a duration: ${String(ms)}`);
      now += ms;
    },
  };
}
