/**
 * The default in-process scheduler. Jobs are stored through the storage port (so a persisted sql.js
 * file restores them), armed with one `unref()`ed timer for the earliest job, and deleted once they
 * ran, in the handler's own transaction when it finishes the job through its `JobRun`.
 *
 * @module
 */
import { systemClock, type Clock } from '../../ports/clock';
import { silentLogger, type Logger } from '../../ports/logger';
import type { JobRecord } from '../../ports/records';
import type { JobHandler, ScheduledJob, Scheduler } from '../../ports/scheduler';
import type { JobRepository, StorageAdapter } from '../../ports/storage';
import { createAlarm } from './alarm';
import { createJobWriter, jobLockKey } from './job-writes';

/** Options of {@link createTimerScheduler}. */
export interface TimerSchedulerOptions {
  /** Where jobs are stored. */
  storage: StorageAdapter;
  /** The clock (tests inject fake time). */
  clock?: Clock;
  /** Where handler and storage failures are logged. */
  logger?: Logger;
  /** How many due jobs one wake-up runs before it re-arms (default 100). */
  batchSize?: number;
}

/** Whether `stored` is still the job `record` (not replaced or cancelled since `record` was read). */
const isSameJob = (record: JobRecord, stored: JobRecord | null) =>
  stored !== null &&
  stored.runAt === record.runAt &&
  stored.createdAt === record.createdAt &&
  stored.type === record.type &&
  JSON.stringify(stored.payload) === JSON.stringify(record.payload);

// setTimeout takes at most a signed 32-bit delay; longer waits re-arm on wake-up.
const MAX_DELAY_MS = 2_147_483_647;
// After a storage failure the scheduler retries on its own, backing off up to a minute, so an
// outage neither loses jobs nor floods the log.
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/**
 * Creates the in-process scheduler. Jobs scheduled in the same tick are stored in one transaction;
 * use cases writing to the same `storage` store their jobs in their own transaction instead (see
 * {@link Scheduler.jobStore}).
 * One timer is armed for the earliest stored job; when it fires, up to `batchSize` due jobs are
 * run one after another, each deleted once it ran, then the timer is re-armed. A job stays stored
 * while it runs, so a process killed meanwhile runs it again at the next start; the handler gets a
 * `JobRun` whose `finish(tx.jobs)` deletes the job in its own transaction, so that what it writes
 * commits once. Storage failures while arming or firing are logged and retried with backoff; a
 * handler that throws is logged and its job is not run again.
 *
 * `stop()` waits for the handler that is running, so do not await it inside a handler.
 *
 * @throws RangeError when `batchSize` is not a positive integer.
 *
 * @example
 * ```ts
 * const storage = await createSqlJsStorage({ file: './data/leadbook.sqlite' });
 * const scheduler = createTimerScheduler({ storage });
 * const service = await createConnectService({ storage, scheduler });
 * ```
 */
export function createTimerScheduler(options: TimerSchedulerOptions): Scheduler {
  const { storage, clock = systemClock, logger = silentLogger, batchSize = 100 } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  }

  let handler: JobHandler | undefined;
  let stopped = true;
  // Bumped by start() and stop(): a wake-up that began under an older session claims nothing more.
  let session = 0;
  // Bumped by every arm() and by stop(): only the latest arm may set the timer, so a slow read of
  // an older state can never replace the timer a newer read set.
  let armGeneration = 0;
  const alarm = createAlarm(() => void wake());
  const store = createJobWriter(storage);
  let draining: Promise<void> | undefined;
  // A wake-up was asked for while one was running (a timer fired, or start() was called).
  let wakeAgain = false;
  let failures = 0;
  const armsInFlight = new Set<Promise<void>>();
  // The job whose handler runs; it stays stored until it ran, but is no longer pending.
  let running: JobRecord | undefined;

  // Timer callbacks have nobody to throw to, so not even a failing logger may reject them.
  const logError = (message: string, meta: Record<string, unknown>) => {
    try {
      logger.error(message, meta);
    } catch {
      // Nothing sensible is left to do.
    }
  };

  const retryLater = (what: string, error: unknown) => {
    if (stopped) return;
    const delay = Math.min(RETRY_MIN_MS * 2 ** failures, RETRY_MAX_MS);
    failures += 1;
    logError(`scheduler: ${what} failed; retrying`, { error: String(error), retryInMs: delay });
    armGeneration += 1;
    alarm.set(delay);
  };

  async function readAndArm(generation: number): Promise<void> {
    let next: number | null;
    try {
      next = await storage.transaction((tx) => tx.jobs.nextRunAt());
    } catch (error) {
      if (generation === armGeneration) retryLater('arming the timer', error);
      return;
    }
    if (generation !== armGeneration || stopped) return;
    failures = 0;
    if (next === null) alarm.clear();
    else alarm.set(Math.min(Math.max(0, next - clock.now()), MAX_DELAY_MS), next);
  }

  /** Sets the timer for the earliest stored job. Never rejects: failures are logged and retried. */
  function arm(): Promise<void> {
    if (stopped) return Promise.resolve();
    const pending = readAndArm(++armGeneration);
    armsInFlight.add(pending);
    void pending.finally(() => armsInFlight.delete(pending));
    return pending;
  }

  /** Reads a listed job again: what is stored now, or null when it is gone or not due. */
  function claim(key: string): Promise<JobRecord | null> {
    return storage.transaction(
      async (tx) => {
        // The job may have been cancelled or rescheduled since it was listed, and a replaced job
        // runs with its newest payload.
        const current = await tx.jobs.get(key);
        return current && current.runAt <= clock.now() ? current : null;
      },
      { lockKeys: [jobLockKey(key)] },
    );
  }

  /** Deletes the job `record` through `jobs`, unless it was replaced or cancelled since it was read. */
  async function finishIn(jobs: JobRepository, record: JobRecord): Promise<boolean> {
    return isSameJob(record, await jobs.get(record.key)) && (await jobs.delete(record.key));
  }

  /** Runs one batch of due jobs; resolves false when storage failed (the rest stays stored). */
  async function runBatch(): Promise<boolean> {
    const run = handler;
    const mySession = session;
    const live = () => !stopped && session === mySession;
    if (!run || !live()) return true;
    try {
      const due = await storage.transaction((tx) => tx.jobs.listDue(clock.now(), batchSize));
      for (const { key } of due) {
        if (!live()) break;
        const record = await claim(key);
        if (record) await runJob(run, record);
      }
    } catch (error) {
      retryLater('running due jobs', error);
      return false;
    }
    return true;
  }

  async function runJob(run: JobHandler, record: JobRecord): Promise<void> {
    const job: ScheduledJob = {
      key: record.key,
      runAt: record.runAt,
      type: record.type,
      payload: record.payload,
    };
    running = record;
    try {
      // Whether the handler finished the job in its own transaction: a job stored under the key
      // after that is a new one, even when it looks the same (stored within the same millisecond).
      let finished = false;
      try {
        await run(job, { finish: async (jobs) => (finished = await finishIn(jobs, record)) });
      } catch (error) {
        finished = false;
        logError('scheduled job failed', { key: job.key, type: job.type, error: String(error) });
      }
      // Ran: deleted now, unless the handler did (or the job was replaced meanwhile). Should this
      // fail, the job stays stored and runs again.
      if (!finished) {
        await storage.transaction((tx) => finishIn(tx.jobs, record), { lockKeys: [jobLockKey(record.key)] });
      }
    } finally {
      running = undefined;
    }
  }

  /** Arms the timer for a job stored due at `runAt`, unless it already fires no later. Never rejects. */
  function storedDueAt(runAt: number): Promise<void> {
    // No need to read the earliest job again then. If the job replaced the one the timer is for,
    // the early wake-up finds nothing due and re-arms.
    if (alarm.isSet && alarm.target !== undefined && runAt >= alarm.target && armsInFlight.size === 0)
      return Promise.resolve();
    return arm();
  }

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (draining) {
      // The running wake-up looks again before it finishes, so this request is never lost.
      wakeAgain = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          wakeAgain = false;
          // After a storage failure runBatch has set a retry timer; that is the next wake-up.
          if (!(await runBatch()) || stopped) return;
          // A full batch leaves due jobs behind: arm() then sets a zero delay, which yields to the
          // event loop before the next batch.
          await arm();
        } while (wakeAgain && !stopped);
      } finally {
        draining = undefined;
      }
    })();
    return draining;
  }

  return {
    // Jobs live in `storage`'s job repository, so a caller's transaction on it can store them.
    jobStore: { storage, stored: storedDueAt },
    async schedule(job) {
      if (!Number.isFinite(job.runAt)) {
        throw new RangeError(`runAt must be a finite epoch time, got ${job.runAt}`);
      }
      const record: JobRecord = {
        key: job.key,
        runAt: job.runAt,
        type: job.type,
        payload: job.payload,
        createdAt: new Date(clock.now()).toISOString(),
      };
      await store(record);
      await storedDueAt(job.runAt);
    },
    async cancel(key) {
      const removed = await storage.transaction(
        async (tx) => {
          // The running job already fired: only a replacement of it can be cancelled.
          if (running?.key === key && isSameJob(running, await tx.jobs.get(key))) return false;
          return tx.jobs.delete(key);
        },
        { lockKeys: [jobLockKey(key)] },
      );
      // Without this the timer would still fire for the removed job, find nothing and re-arm.
      if (removed) await arm();
      return removed;
    },
    async start(jobHandler) {
      handler = jobHandler;
      session += 1;
      stopped = false;
      // Jobs that fell due while the service was down fire at once.
      await wake();
    },
    async stop() {
      stopped = true;
      session += 1;
      armGeneration += 1;
      alarm.clear();
      // Wait for the running handler and for reads in flight, so the owner can close the storage.
      await draining;
      await Promise.all([...armsInFlight]);
    },
  };
}
