/**
 * The short cache of external busy times: by link version and range, for a TTL on the service's
 * clock, so a widget stepping through dates does not read a provider for every step. Concurrent
 * searches of the same range share one read. Only successful reads are kept; bookings bypass it.
 *
 * @module
 */
import type { Clock } from '../../ports/clock';
import type { BusyCache } from '../../core/external-calendars';
import type { BusyInterval } from '../../ports/external-calendar';

export type { BusyCache } from '../../core/external-calendars';

/** The most ranges kept; the oldest is dropped first. */
export const MAX_CACHED_RANGES = 10_000;

/** A cache whose entries live `ttlMs` on `clock` (0: nothing is kept, reads in flight still shared). */
export function createBusyCache({ ttlMs, clock }: { ttlMs: number; clock: Clock }): BusyCache {
  const kept = new Map<string, { expiresMs: number; busy: BusyInterval[] }>();
  const inFlight = new Map<string, Promise<BusyInterval[]>>();
  return {
    through(key, read) {
      const entry = kept.get(key);
      if (entry && entry.expiresMs > clock.now()) return Promise.resolve(entry.busy);
      if (entry) kept.delete(key);
      const running = inFlight.get(key);
      if (running) return running;
      const started = read().then(
        (busy) => {
          inFlight.delete(key);
          if (ttlMs > 0) {
            if (kept.size >= MAX_CACHED_RANGES) kept.delete(kept.keys().next().value!);
            kept.set(key, { expiresMs: clock.now() + ttlMs, busy });
          }
          return busy;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, started);
      return started;
    },
  };
}
