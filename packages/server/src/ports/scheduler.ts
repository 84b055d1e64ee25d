/**
 * The scheduler port: keyed jobs that fire once at a time. The default in-process scheduler persists
 * jobs through the storage port; a durable adapter (PostgreSQL) implements the same interface and
 * proves it with `runSchedulerConformance` from `@leadbook/server/testing`.
 *
 * @module
 */
import type { StorageAdapter } from './storage';

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

/** Runs a due job. A handler that throws is logged; the job is not retried unless the scheduler says so. */
export type JobHandler = (job: ScheduledJob) => Promise<void>;

/** A scheduler of keyed jobs. Each due job fires exactly once, also across restarts. */
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
