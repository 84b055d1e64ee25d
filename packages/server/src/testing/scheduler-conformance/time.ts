/**
 * How the scheduler conformance suite lets time pass: fake timers for in-process schedulers, short
 * real waits for adapters that poll a database.
 *
 * @module
 */
import { vi } from 'vitest';

/** Lets time pass for a test and waits for the scheduler to act on it. */
export interface TimeDriver {
  /** The spacing of job times in a test, in milliseconds. */
  readonly step: number;
  /** How long one test may take, in milliseconds. */
  readonly testTimeout: number;
  /** Called before the adapter is created and after everything is disposed. */
  install(): void;
  /** Undoes {@link TimeDriver.install}. */
  uninstall(): void;
  /** The current epoch time. */
  now(): number;
  /** A time shortly before `at`, when a job due at `at` must not have fired yet. */
  justBefore(at: number): number;
  /** Lets time pass until `at` (no-op when it has passed), then lets pending work settle. */
  until(at: number): Promise<void>;
  /** Lets pending work settle without moving fake time forward. */
  settle(): Promise<void>;
  /** Passes once `check` passes: fake time checks after settling, real time retries until a timeout. */
  eventually(check: () => void): Promise<void>;
}

/** The epoch time fake-time tests start at: 2026-01-05T08:00:00Z. */
export const FAKE_START = Date.UTC(2026, 0, 5, 8);

// Captured when this module loads, before a test fakes timers: one real turn of the event loop,
// in which a storage's real disk writes (a persisted sql.js file's log) can complete.
const realSetImmediate = globalThis.setImmediate;
const realTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve));
const realMs = () => Number(process.hrtime.bigint() / 1_000_000n);

/** How long, in real time, a fake-time check is retried while the storage's disk writes catch up. */
const FAKE_EVENTUALLY_MS = 5_000;

/**
 * Fake timers: `vi.useFakeTimers()` fakes `setTimeout`, `setImmediate` and `Date.now`, and time
 * moves only on request. Settling also lets real turns of the event loop pass, for storage that
 * writes to disk.
 */
export function fakeTime(): TimeDriver {
  const settle = async () => {
    // The scheduler awaits storage transactions between timers; each round lets one more link of
    // such a promise chain (and any zero-delay timer it sets) run, and real I/O complete.
    for (let round = 0; round < 10; round++) {
      await vi.advanceTimersByTimeAsync(0);
      await realTurn();
    }
  };
  return {
    step: 1_000,
    testTimeout: 10_000,
    install() {
      vi.useFakeTimers();
      vi.setSystemTime(FAKE_START);
    },
    uninstall() {
      vi.useRealTimers();
    },
    now: () => Date.now(),
    justBefore: (at) => at - 1,
    async until(at) {
      const wait = at - Date.now();
      if (wait > 0) await vi.advanceTimersByTimeAsync(wait);
      await settle();
    },
    settle,
    async eventually(check) {
      const deadline = realMs() + FAKE_EVENTUALLY_MS;
      for (;;) {
        await settle();
        try {
          check();
          return;
        } catch (error) {
          if (realMs() > deadline) throw error;
        }
      }
    },
  };
}

/**
 * Real time: short waits, and checks that retry until the adapter has caught up. A step leaves room
 * for a test's setup between its job times (the durability test schedules eight jobs, stops and
 * starts an instance before its third step): 100 ms was too little for pg-boss on PGlite while
 * other test files ran beside it.
 */
export function realTime(): TimeDriver {
  const step = 250;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  return {
    step,
    testTimeout: 30_000,
    install() {},
    uninstall() {},
    now: () => Date.now(),
    justBefore: (at) => at - step / 2,
    async until(at) {
      // Timers may fire a millisecond early against Date.now(), so loop.
      while (Date.now() < at) await sleep(at - Date.now());
      await sleep(20);
    },
    settle: () => sleep(50),
    eventually: (check) => vi.waitFor(check, { timeout: 10_000, interval: 20 }),
  };
}
