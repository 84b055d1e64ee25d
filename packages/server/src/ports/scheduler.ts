/**
 * The scheduler port: keyed jobs that fire once at a time. The default in-process scheduler persists
 * jobs through the storage port; a durable adapter (PostgreSQL) implements the same interface and
 * proves it with `runSchedulerConformance` from `@leadbook/server/testing`.
 *
 * @module
 */
import type { JobRepository, StorageAdapter } from './storage';

/** A job to run at a time. */
export interface ScheduledJob {
  /** Unique key. Scheduling a key again replaces the pending job; cancelling uses it too. */
  key: string;
  /** When the job is due, in epoch milliseconds. */
  runAt: number;
  /** Job kind, such as `appointment.hasStarted`. */
  type: string;
  /** JSON-serialisable data for the handler. */
  payload: unknown;
}

/**
 * What a scheduler that may run a job more than once (the PostgreSQL one runs a job again when the
 * instance running it died) gives its handler, so that the handler's effects still happen once.
 */
export interface JobRun {
  /**
   * Marks this run of the job done inside the handler's own storage transaction: `jobs` is that
   * transaction's `tx.jobs`, on the scheduler's {@link SchedulerJobStore.storage}. The job's completion
   * then commits or rolls back with the handler's writes. Resolves false when this run must write
   * nothing: another run of the job finished it (an instance taken for dead was only slow), or the job
   * was replaced or cancelled after this run claimed it.
   *
   * @throws Error when `jobs` is not a transaction's job repository of the scheduler's storage.
   */
  finish(jobs: JobRepository): Promise<boolean>;
}

/**
 * Runs a due job. `run` is given by schedulers that may run a job again (see {@link JobRun}); a
 * handler whose effects must happen once calls `run.finish(tx.jobs)` first in its transaction and
 * writes nothing when it resolves false. A handler that throws is logged; whether the job runs again
 * is the scheduler's to say.
 */
export type JobHandler = (job: ScheduledJob, run?: JobRun) => Promise<void>;

/**
 * A scheduler of keyed jobs. Each due job fires once, also across restarts: a scheduler that runs a job
 * again after a crash passes a {@link JobRun}, through which the handler's effects commit once.
 */
export interface Scheduler {
  /** Stores a job (replacing a pending job with the same key) and arms it. */
  schedule(job: ScheduledJob): Promise<void>;
  /** Removes a pending job; returns false when none had the key. */
  cancel(key: string): Promise<boolean>;
  /** Starts firing due jobs (jobs overdue at start fire at once) through `handler`. */
  start(handler: JobHandler): Promise<void>;
  /** Stops firing; pending jobs stay stored. */
  stop(): Promise<void>;
  /**
   * Optional: present when the scheduler keeps its jobs in a storage adapter's `jobs` repository
   * (the in-process default does). A use case writing to that same storage then stores its jobs
   * through `tx.jobs` in its own transaction, so they commit or roll back with the write they belong
   * to (a booking and its timers), and calls {@link SchedulerJobStore.stored} after the commit.
   * Schedulers without it get {@link Scheduler.schedule} calls after the commit instead.
   */
  readonly jobStore?: SchedulerJobStore;
}

/** How a scheduler that keeps its jobs in a storage adapter takes jobs written in a caller's transaction. */
export interface SchedulerJobStore {
  /** The storage whose `tx.jobs` holds this scheduler's jobs. */
  readonly storage: StorageAdapter;
  /**
   * Tells the scheduler that a committed transaction stored jobs through `tx.jobs`, the earliest due
   * at `earliestRunAt`, so it can fire them on time. Never rejects: failures are the scheduler's to
   * log and retry.
   */
  stored(earliestRunAt: number): Promise<void>;
}
