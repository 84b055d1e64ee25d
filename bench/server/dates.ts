/**
 * Dates the benchmarks book and search, chosen so that the service's clock never makes them past
 * (a candidate that starts before now is not bookable) and no timer falls due during a run.
 */

const DAY_MS = 86_400_000;

/** A UTC Monday 00:00 at least a year after the real clock's now: where bookings go. */
export function aMondayAYearAhead(): number {
  const day = Math.floor((Date.now() + 366 * DAY_MS) / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday; Monday is 4 days later.
  return (day + ((((4 - day) % 7) + 7) % 7)) * DAY_MS;
}

/**
 * The start of the clock of services that serve the standard availability fixture (at most 90
 * days around 2026-03-08): before its first day, so none of its candidates has started.
 */
export const STANDARD_FIXTURE_CLOCK = Date.parse('2025-12-01T00:00:00Z');
