/**
 * The one test epoch of the repository's suites. Every service a test creates runs on a clock fixed
 * at {@link NOW} (or on fake timers set to it), and fixture dates are written relative to it, so no
 * test depends on today's date: CI runs the suites again with the system clock 400 days ahead.
 *
 * @module
 */
import { createManualClock, type ManualClock } from '@leadbook/server';

/**
 * Sunday 2024-01-07 12:00 UTC. In the weeks after it Berlin is on UTC+1 and New York on UTC-5
 * (the fixtures' slot times are written for winter time).
 */
export const NOW = Date.parse('2024-01-07T12:00:00Z');

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** The `YYYY-MM-DD` date `days` after the epoch's day: `day(1)` is the Monday after it. */
export const day = (days: number): string => new Date(NOW + days * DAY_MS).toISOString().slice(0, 10);

/** The instant `days` (fractions allowed) after {@link NOW}. */
export const inDays = (days: number): Date => new Date(NOW + days * DAY_MS);

/** A clock fixed at {@link NOW}: pass it as `createConnectService({ clock })`. */
export const testClock = (): ManualClock => createManualClock(NOW);
