/**
 * The scheduler conformance suite: every adapter of the scheduler port (the in-process timer
 * scheduler, a PostgreSQL-backed one, your own) runs it from its own test file and must pass it.
 *
 * @module
 */
import { describe } from 'vitest';
import type { ConformanceSkip } from './storage-conformance/harness';
import type { SchedulerUnderTest } from './scheduler-conformance/harness';
import { registerDurabilityTests } from './scheduler-conformance/durability';
import { registerFiringTests } from './scheduler-conformance/firing';
import { registerJobStoreTests } from './scheduler-conformance/job-store';
import { SchedulerHarness } from './scheduler-conformance/harness';
import { registerKeyTests } from './scheduler-conformance/keys';
import { registerLifecycleTests } from './scheduler-conformance/lifecycle';
import { fakeTime, realTime } from './scheduler-conformance/time';

export type { SchedulerInstance, SchedulerUnderTest } from './scheduler-conformance/harness';

/** Options of {@link runSchedulerConformance}. */
export interface SchedulerConformanceOptions {
  /** The suite's name in the test report, such as `timer scheduler on sql.js (memory)`. */
  name: string;
  /**
   * Creates a fresh scheduler over an empty store, not yet started. Each test gets its own; the
   * suite disposes it (and every reopened instance) after the test. Under `time: 'fake'` it is
   * called after `vi.useFakeTimers()`, so timers the adapter sets are fake.
   */
  create: () => Promise<SchedulerUnderTest>;
  /**
   * How the suite lets time pass. `'fake'` (the default) uses `vi.useFakeTimers()` and moves time
   * exactly, for schedulers driven by `setTimeout` and `Date.now()`; `'real'` waits in real time
   * with short delays (job times a few hundred milliseconds apart), for adapters that poll a
   * database, whose poll interval should then be short.
   */
  time?: 'fake' | 'real';
  /**
   * Tests this adapter does not run, each with its reason (shown in the report). A skip entry that
   * names no test fails the suite. Names are `"<group> > <title>"`.
   */
  skip?: ConformanceSkip[];
}

/**
 * Registers the scheduler conformance tests with vitest (`describe`/`it`): a job fires once at its
 * time and not before; scheduling a key again replaces its job; cancel; `runAt` order; overdue
 * jobs at start; jobs scheduled before start; handler failures (a failed job is not run again, so
 * create an adapter that retries failed jobs with its retries off); stop and start; for adapters
 * whose `create` gives `reopen`, restart survival and two instances on one store; and, for schedulers
 * with a `jobStore`, jobs written through its storage's `tx.jobs`. Call it at the
 * top level of a test file. Under fake time the suite restores real timers after each test.
 *
 * @example
 * ```ts
 * import { mkdtempSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { createSqlJsStorage, createTimerScheduler } from '@leadbook/server';
 * import { runSchedulerConformance } from '@leadbook/server/testing';
 *
 * runSchedulerConformance({
 *   name: 'timer scheduler on sql.js (file)',
 *   create: async () => {
 *     const file = join(mkdtempSync(join(tmpdir(), 'scheduler-')), 'db.sqlite');
 *     const open = async () => {
 *       const storage = await createSqlJsStorage({ file });
 *       const scheduler = createTimerScheduler({ storage });
 *       return { scheduler, dispose: async () => { await scheduler.stop(); await storage.close(); } };
 *     };
 *     return { ...(await open()), reopen: open };
 *   },
 *   skip: [
 *     {
 *       test: 'durability > two instances started on the same store fire each due job exactly once between them',
 *       reason: 'sql.js keeps the database in one process',
 *     },
 *   ],
 * });
 * ```
 */
export function runSchedulerConformance(options: SchedulerConformanceOptions): void {
  describe(`scheduler conformance: ${options.name}`, () => {
    const time = options.time === 'real' ? realTime() : fakeTime();
    const harness = new SchedulerHarness(options.create, time, options.skip);
    registerFiringTests(harness);
    registerKeyTests(harness);
    registerLifecycleTests(harness);
    registerDurabilityTests(harness);
    registerJobStoreTests(harness);
    harness.checkSkips();
  });
}
