/**
 * The test registration of the scheduler conformance suite: a fresh adapter per test under fake or
 * real time, every instance disposed afterwards, named skips, and a recorder of fired jobs.
 *
 * @module
 */
import { describe, it } from 'vitest';
import type { JobHandler, ScheduledJob, Scheduler } from '../../ports/scheduler';
import type { ConformanceSkip } from '../storage-conformance/harness';
import type { TimeDriver } from './time';

/** A scheduler under test and how to release it. */
export interface SchedulerInstance {
  /** The scheduler, not yet started. */
  scheduler: Scheduler;
  /** Stops everything and releases resources (storage, pools, files). */
  dispose(): Promise<void>;
}

/** What `create` returns: an instance, and for durable adapters a way to open another one. */
export interface SchedulerUnderTest extends SchedulerInstance {
  /**
   * Opens a second scheduler over the same durable store, as a restarted or a second process
   * would. Omit it for adapters that keep jobs nowhere durable.
   */
  reopen?: () => Promise<SchedulerInstance>;
}

/** What a test body receives. */
export interface SchedulerTestContext {
  /** The first scheduler, not yet started. */
  scheduler: Scheduler;
  /** How the test lets time pass. */
  time: TimeDriver;
  /** Disposes the first instance (later calls and the cleanup after the test do nothing). */
  dispose(): Promise<void>;
  /** Opens another scheduler over the same store; the harness disposes it after the test. */
  reopen(): Promise<Scheduler>;
}

/** A test body. */
export type SchedulerTestBody = (context: SchedulerTestContext) => Promise<void>;

/**
 * Registers one test of the current group; `durable` tests run only when the adapter has `reopen`,
 * `jobStore` tests only when its scheduler has a `jobStore`.
 */
export type DefineSchedulerTest = (
  title: string,
  body: SchedulerTestBody,
  opts?: { durable?: boolean; jobStore?: boolean },
) => void;

/** Registers the suite's tests, honouring the skip list. */
export class SchedulerHarness {
  private readonly skips: Map<string, string>;
  private readonly registered = new Set<string>();

  /** A harness creating instances with `create` and moving time with `time`. */
  constructor(
    private readonly create: () => Promise<SchedulerUnderTest>,
    private readonly time: TimeDriver,
    skip: readonly ConformanceSkip[] = [],
  ) {
    this.skips = new Map(skip.map((entry) => [entry.test, entry.reason]));
  }

  /** A `describe` block whose tests are named `"<name> > <title>"` for the skip list. */
  group(name: string, register: (test: DefineSchedulerTest) => void): void {
    describe(name, () => {
      register((title, body, opts) => this.test(`${name} > ${title}`, title, body, opts ?? {}));
    });
  }

  /** Fails loudly for skip entries that name no test, so a renamed test cannot hide behind a stale skip. */
  checkSkips(): void {
    if (this.skips.size === 0) return;
    it('every skip entry names a test of the suite', () => {
      // Checked when the test runs: vitest collects the groups' describe blocks after this call.
      const unknown = [...this.skips.keys()].filter((name) => !this.registered.has(name));
      if (unknown.length > 0) {
        throw new Error(`runSchedulerConformance: skip entries name no test: ${unknown.join('; ')}`);
      }
    });
  }

  private test(
    fullName: string,
    title: string,
    body: SchedulerTestBody,
    needs: { durable?: boolean; jobStore?: boolean },
  ): void {
    if (this.registered.has(fullName)) throw new Error(`Duplicate conformance test: ${fullName}`);
    this.registered.add(fullName);
    const reason = this.skips.get(fullName);
    if (reason !== undefined) {
      it.skip(`${title} (skipped: ${reason})`, () => undefined);
      return;
    }
    const { time } = this;
    it(
      title,
      async ({ skip }) => {
        const disposers: Array<() => Promise<void>> = [];
        let passed = false;
        time.install();
        try {
          const first = await this.create();
          const disposeFirst = once(first.dispose);
          disposers.push(disposeFirst);
          const { reopen } = first;
          if (needs.durable && !reopen) skip('the adapter gives no reopen(), so it keeps no durable jobs');
          if (needs.jobStore && !first.scheduler.jobStore) {
            skip('the scheduler has no jobStore: it takes jobs through schedule() only');
          }
          await body({
            scheduler: first.scheduler,
            time,
            dispose: disposeFirst,
            async reopen() {
              if (!reopen) throw new Error('runSchedulerConformance: this adapter gives no reopen()');
              const other = await reopen();
              disposers.push(once(other.dispose));
              return other.scheduler;
            },
          });
          passed = true;
        } finally {
          // A failing test reports its own error rather than a follow-up failure of dispose().
          await disposeAll(disposers.reverse(), () => time.uninstall()).catch((error: unknown) => {
            if (passed) throw error;
          });
        }
      },
      time.testTimeout,
    );
  }
}

// Runs every disposer even when one fails, then `last`; rejects with the first failure.
async function disposeAll(disposers: Array<() => Promise<void>>, last: () => void): Promise<void> {
  const failures: unknown[] = [];
  for (const dispose of disposers) await dispose().catch((error: unknown) => failures.push(error));
  last();
  if (failures.length > 0) throw failures[0];
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** One fired job as a {@link Recorder} saw it. */
export interface Firing {
  /** The job the handler received, reduced to the port's fields. */
  job: ScheduledJob;
  /** `Date.now()` when the handler was called. */
  at: number;
  /** Which handler received it. */
  by: string;
}

/** Collects the jobs that handlers receive, across handlers and instances. */
export class Recorder {
  /** Every firing, in call order. */
  readonly firings: Firing[] = [];

  /**
   * A handler that records each job under the name `by`, then runs `behave` (which may throw or
   * wait) if given.
   */
  handler(by = 'main', behave?: (job: ScheduledJob) => Promise<void> | void): JobHandler {
    return async (job) => {
      const { key, runAt, type, payload } = job;
      this.firings.push({ job: { key, runAt, type, payload }, at: Date.now(), by });
      await behave?.(job);
    };
  }

  /**
   * The keys of the firings recorded before `at`, in order. A check of what has not fired yet reads
   * this rather than {@link Recorder.keys}: a test on a busy machine may look after `at`, when later
   * jobs have rightly fired, and each firing's own time says whether it came too early.
   */
  keysBefore(at: number): string[] {
    return this.firings.filter((firing) => firing.at < at).map((firing) => firing.job.key);
  }

  /** The keys fired so far, in order. */
  keys(by?: string): string[] {
    return this.firings
      .filter((firing) => by === undefined || firing.by === by)
      .map((firing) => firing.job.key);
  }
}

/** A job with a generated type and payload. */
export function job(key: string, runAt: number, payload: unknown = { key }): ScheduledJob {
  return { key, runAt, type: 'conformance.test', payload };
}

/** A promise to release by hand, for handlers that must wait. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
