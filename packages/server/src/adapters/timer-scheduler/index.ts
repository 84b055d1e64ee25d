/**
 * The default in-process scheduler. Jobs are stored through the storage port (so a persisted sql.js
 * file restores them), armed with one `unref()`ed timer for the earliest job, and claimed by deleting
 * them before they run, so each due job fires once.
 *
 * @module
 */
import { systemClock, silentLogger, type Clock, type Logger } from '../../core/context';
import type { JobHandler, ScheduledJob, Scheduler } from '../../ports/scheduler';
import type { StorageAdapter } from '../../ports/storage';

/** Options of {@link createTimerScheduler}. */
export interface TimerSchedulerOptions {
  /** Where jobs are stored. */
  storage: StorageAdapter;
  /** The clock (tests inject fake time). */
  clock?: Clock;
  /** Where handler failures are logged. */
  logger?: Logger;
  /** How many due jobs one wake-up runs before it re-arms (default 100). */
  batchSize?: number;
}

// setTimeout takes at most a signed 32-bit delay; longer waits re-arm on wake-up.
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Creates the in-process scheduler.
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
  let handler: JobHandler | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const disarm = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  async function arm(): Promise<void> {
    disarm();
    if (stopped) return;
    const next = await storage.transaction((tx) => tx.jobs.nextRunAt());
    if (next === null || stopped) return;
    const delay = Math.min(Math.max(0, next - clock.now()), MAX_DELAY_MS);
    disarm();
    timer = setTimeout(() => void wake(), delay);
    timer.unref?.();
  }

  async function runDue(): Promise<void> {
    for (;;) {
      const due = await storage.transaction((tx) => tx.jobs.listDue(clock.now(), batchSize));
      if (due.length === 0 || stopped) return;
      for (const record of due) {
        // Claim before running: only the caller whose delete succeeds runs the job.
        const claimed = await storage.transaction(async (tx) => {
          const current = await tx.jobs.get(record.key);
          if (!current || current.runAt !== record.runAt) return false;
          return tx.jobs.delete(record.key);
        });
        if (!claimed || !handler) continue;
        const job: ScheduledJob = {
          key: record.key,
          runAt: record.runAt,
          type: record.type,
          payload: record.payload,
        };
        try {
          await handler(job);
        } catch (error) {
          logger.error('scheduled job failed', { key: job.key, type: job.type, error: String(error) });
        }
      }
    }
  }

  async function wake(): Promise<void> {
    if (running) return running;
    running = (async () => {
      try {
        await runDue();
      } catch (error) {
        logger.error('scheduler wake-up failed', { error: String(error) });
      } finally {
        running = undefined;
      }
      await arm().catch((error) => logger.error('scheduler re-arm failed', { error: String(error) }));
    })();
    return running;
  }

  return {
    async schedule(job) {
      if (!Number.isFinite(job.runAt))
        throw new RangeError(`runAt must be a finite epoch time, got ${job.runAt}`);
      await storage.transaction((tx) =>
        tx.jobs.upsert({ ...job, createdAt: new Date(clock.now()).toISOString() }),
      );
      if (!stopped) await arm();
    },
    async cancel(key) {
      const removed = await storage.transaction((tx) => tx.jobs.delete(key));
      if (!stopped) await arm();
      return removed;
    },
    async start(jobHandler) {
      handler = jobHandler;
      stopped = false;
      // Jobs that fell due while the service was down fire at once.
      await wake();
    },
    async stop() {
      stopped = true;
      disarm();
      await running;
    },
  };
}
