/**
 * The loop that fires due jobs: claim a batch with pg-boss's `fetch`, run it in `runAt` order
 * (beating each running job's heartbeat), settle each run (completed, or failed for a retry), then
 * sleep until the earliest pending job (at most the poll interval), unless a new job is due sooner.
 *
 * @module
 */
import type { JobHandler, JobRepository, ScheduledJob } from '@leadbook/server';
import type { Job, JobAttempt, PgBoss } from 'pg-boss';
import type { PgPool } from '../pg';
import type { jobTableSql } from './job-table';

/** What a job row holds in its `data` column. */
export interface JobData {
  key: string;
  type: string;
  runAt: number;
  payload: unknown;
}

/** What the loop works with. */
export interface JobLoopOptions {
  boss: PgBoss;
  pool: PgPool;
  sql: ReturnType<typeof jobTableSql>;
  queue: string;
  batchSize: number;
  pollIntervalMs: number;
  /** How often a running job's heartbeat must reach the database. */
  heartbeatSeconds: number;
  /** Finishes the run `attempt` in the transaction whose job repository is `jobs` (see `JobRun`). */
  finish(jobs: JobRepository, attempt: JobAttempt): Promise<boolean>;
  /** Logs without ever throwing. */
  logError(message: string, meta: Record<string, unknown>): void;
}

/** A loop that can be started with a handler, stopped, and woken for a new job. */
export interface JobLoop {
  /** Starts firing through `handler`; resolves after the first look (overdue jobs have fired). */
  start(handler: JobHandler): Promise<void>;
  /** Stops; resolves once the running handler has finished and unrun claimed jobs are back. */
  stop(): Promise<void>;
  /** Makes the loop look again before a job due at `runAt` (a no-op when it looks by then anyway). */
  wakeFor(runAt: number): void;
}

// After a database failure the loop retries on its own, backing off up to a minute.
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;
// The shortest sleep between looks, so a job that is due but not yet visible cannot spin the loop.
const MIN_SLEEP_MS = 5;

const byRunAtThenKey = (a: Job<JobData>, b: Job<JobData>) =>
  a.data.runAt - b.data.runAt || (a.data.key < b.data.key ? -1 : a.data.key > b.data.key ? 1 : 0);

/** Creates the loop (not started). */
export function createJobLoop(options: JobLoopOptions): JobLoop {
  const { boss, pool, sql, queue, batchSize, pollIntervalMs, heartbeatSeconds, finish, logError } = options;
  let stopped = true;
  // Bumped by start() and stop(): a loop of an older session claims nothing more.
  let session = 0;
  let running: Promise<void> | undefined;
  // A look was asked for while one ran (a job was scheduled), so the loop must not sleep yet.
  let wakeRequested = false;
  let interrupt: (() => void) | undefined;
  // When the sleeping loop looks next (epoch ms), or null while it does not sleep.
  let sleepingUntil: number | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        interrupt = undefined;
        sleepingUntil = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // A pending job must not keep the process alive.
      timer.unref?.();
      sleepingUntil = Date.now() + ms;
      interrupt = done;
    });

  /**
   * Runs one claimed job and settles it: completed (a no-op when the handler finished it in its
   * transaction), or failed, so that pg-boss retries it while retries remain. Both are fenced on the
   * run, so a run whose claim lapsed meanwhile settles nothing. A settle that fails leaves the job
   * active: its heartbeat stops, and pg-boss's maintenance retries it.
   */
  async function runJob(run: JobHandler, claimed: Job<JobData>): Promise<void> {
    const { data } = claimed;
    const job: ScheduledJob = { key: data.key, runAt: data.runAt, type: data.type, payload: data.payload };
    const attempt: JobAttempt = { id: claimed.id, retryCount: claimed.retryCount };
    const beat = setInterval(
      () => {
        boss
          .touch(queue, attempt)
          .catch((error: unknown) =>
            logError('scheduler: a job heartbeat failed', { key: job.key, error: String(error) }),
          );
      },
      (heartbeatSeconds * 1000) / 2,
    );
    beat.unref?.();
    let failure: unknown;
    try {
      await run(job, { finish: (jobs) => finish(jobs, attempt) });
    } catch (error) {
      failure = error;
      logError('scheduled job failed', { key: job.key, type: job.type, error: String(error) });
    } finally {
      clearInterval(beat);
    }
    if (failure === undefined) await boss.complete(queue, attempt);
    else await boss.fail(queue, attempt, { message: String(failure) });
  }

  /** Runs the due jobs of one look; resolves how long to sleep before the next. */
  async function look(live: () => boolean, run: JobHandler): Promise<number> {
    const claimed = await boss.fetch<JobData>(queue, { batchSize });
    const jobs = [...claimed].sort(byRunAtThenKey);
    for (const [index, job] of jobs.entries()) {
      if (!live()) {
        // Claimed but not run: back to pending, for the next start() or another instance.
        await pool.query(sql.release, [queue, jobs.slice(index).map((rest) => rest.id)]);
        return 0;
      }
      await runJob(run, job);
    }
    // A full batch may leave due jobs behind.
    if (claimed.length >= batchSize) return 0;
    const { rows } = await pool.query(sql.untilNext, [queue]);
    const wait = rows[0]?.['wait_ms'];
    if (wait === null || wait === undefined) return pollIntervalMs;
    return Math.min(Math.max(Number(wait), MIN_SLEEP_MS), pollIntervalMs);
  }

  async function run(mySession: number, handler: JobHandler, firstLookDone: () => void): Promise<void> {
    const live = () => !stopped && session === mySession;
    let failures = 0;
    while (live()) {
      let delay: number;
      wakeRequested = false;
      try {
        delay = await look(live, handler);
        failures = 0;
      } catch (error) {
        delay = Math.min(RETRY_MIN_MS * 2 ** failures, RETRY_MAX_MS);
        failures += 1;
        logError('scheduler: looking for due jobs failed; retrying', {
          error: String(error),
          retryInMs: delay,
        });
      }
      firstLookDone();
      if (!live()) break;
      if (wakeRequested) continue;
      await sleep(delay);
    }
  }

  const stop = async () => {
    stopped = true;
    session += 1;
    interrupt?.();
    await running;
  };

  return {
    async start(handler) {
      await stop();
      stopped = false;
      session += 1;
      let firstLookDone!: () => void;
      const firstLook = new Promise<void>((resolve) => (firstLookDone = resolve));
      running = run(session, handler, firstLookDone).finally(firstLookDone);
      await firstLook;
    },
    stop,
    wakeFor(runAt) {
      if (sleepingUntil !== null && runAt >= sleepingUntil) return;
      wakeRequested = true;
      interrupt?.();
    },
  };
}
