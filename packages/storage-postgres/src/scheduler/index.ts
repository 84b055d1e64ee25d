/**
 * The durable scheduler: the scheduler port on pg-boss, in PostgreSQL, shared by every instance.
 *
 * @module
 */
import {
  StorageError,
  type JobRepository,
  type Logger,
  type Scheduler,
  type SchedulerJobStore,
  type StorageAdapter,
} from '@leadbook/server';
import type { SqlExecutor } from '@leadbook/server/sql';
import { PgBoss } from 'pg-boss';
import { quoteSchema, type PgPool } from '../pg';
import { sqlState, toStorageError } from '../storage/errors';
import { jobIdOf } from './job-id';
import { createJobLoop, type JobData } from './job-loop';
import { jobTableSql } from './job-table';
import { transactionalJobs, upsertParams } from './transactional-jobs';

/** Options of {@link createPgBossScheduler}. */
export interface PgBossSchedulerOptions {
  /**
   * The pool pg-boss and the scheduler run their statements on (a `pg.Pool`). You own it: the
   * scheduler never ends it.
   */
  pool: PgPool;
  /**
   * The schema of pg-boss's tables, created on first use. Default `leadbook_pgboss`, so that it
   * never meets an application's own pg-boss (whose default is `pgboss`): give each pg-boss on a
   * database a schema of its own. Instances of one service share it.
   */
  schema?: string;
  /** The pg-boss queue the jobs go to. Default `leadbook`. */
  queue?: string;
  /**
   * The longest an instance waits before it looks for due jobs that another instance scheduled.
   * Jobs this instance knows of fire on time whatever the interval: after each look it sleeps
   * until the earliest pending job. Default 2000 ms.
   */
  pollIntervalMs?: number;
  /** How many due jobs one look claims at most; they run one after another in `runAt` order. Default 10. */
  batchSize?: number;
  /**
   * How often pg-boss's maintenance (retrying runs whose instance stopped beating or that ran too
   * long, deleting old jobs) runs while started. Default 30000 ms.
   */
  maintenanceIntervalMs?: number;
  /**
   * How long a claimed job may run before pg-boss's maintenance counts the run as failed and retries
   * the job. Default 900 seconds.
   */
  expireInSeconds?: number;
  /**
   * How often the instance running a job tells the database it still runs it (at half this
   * interval). A run whose beats stop for this long (its instance died) is retried by the next
   * maintenance. At least 10 (pg-boss's minimum). Default 30 seconds.
   */
  heartbeatSeconds?: number;
  /**
   * How many times a job is run again after a run that threw, was lost with its instance, or ran past
   * `expireInSeconds`. Default 3.
   */
  retryLimit?: number;
  /** How long after such a run the job runs again. Default 10 seconds. */
  retryDelaySeconds?: number;
  /** Where handler, database and pg-boss failures are logged. Default: silent. */
  logger?: Logger;
}

/** The default schema of the scheduler's pg-boss tables. */
export const DEFAULT_PGBOSS_SCHEMA = 'leadbook_pgboss';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

// Duplicate schema, table, index or type (another instance's setup got there first), or a deadlock
// or serialization failure between two setups: either way, trying again after it succeeds.
const SETUP_RACE = new Set(['23505', '42P06', '42P07', '42710', '40P01', '40001']);
const SETUP_ATTEMPTS = 5;

/**
 * The pg-boss scheduler. Given to `createPostgresStorage({ scheduler })`, it also writes the jobs of
 * a use case (a booking's timers) in the use case's own transaction: its {@link Scheduler.jobStore}
 * is then that storage, and the service stores jobs through `tx.jobs`.
 */
export interface PgBossScheduler extends Scheduler {
  /** The storage that writes this scheduler's jobs in its transactions, once one was given it. */
  readonly jobStore: SchedulerJobStore | undefined;
  /**
   * Called by `createPostgresStorage({ scheduler })`: the job repository of one of the storage's
   * transactions, writing to pg-boss's job table through the transaction's executor.
   */
  jobRepository(exec: SqlExecutor): JobRepository;
  /**
   * Called by `createPostgresStorage({ scheduler })` with the storage it created, before the storage
   * is returned: creates pg-boss's schema and the queue, so that no transaction ever waits for it.
   */
  attach(storage: StorageAdapter): Promise<void>;
}

/**
 * Creates the durable scheduler. Jobs are pg-boss jobs in PostgreSQL, so they survive restarts and
 * every instance on the database sees them:
 *
 * - `schedule(job)` stores the job under an id derived from its key (UUID v5), replacing the key's
 *   job, in one statement (of two concurrent calls for one key, the last wins).
 * - `cancel(key)` deletes the key's job while it is pending.
 * - `start(handler)` claims due jobs with pg-boss's `fetch` (`FOR UPDATE SKIP LOCKED`, so each job
 *   goes to one instance), runs them one after another in `runAt` order while beating their
 *   heartbeat, and marks them completed, then sleeps until the earliest pending job, at most
 *   `pollIntervalMs`.
 * - `stop()` waits for the running handler (so do not await it inside a handler) and puts jobs
 *   it claimed but did not run back.
 *
 * A job is run again (`retryLimit` times, `retryDelaySeconds` apart) when its handler throws, when
 * its instance dies while it runs (its heartbeat stops for `heartbeatSeconds`; the next maintenance,
 * every `maintenanceIntervalMs`, notices), or when it runs past `expireInSeconds`. So a job fires at
 * least once, and the handler gets a `JobRun`: one that calls `run.finish(tx.jobs)` in its
 * transaction commits its effects together with the job's completion, once, whichever run gets there
 * first. pg-boss's own timers are off; this scheduler runs its maintenance while started, its timers
 * do not keep the process alive, and `stop()` stops pg-boss's remaining timers too, so nothing uses
 * the pool after it. Times are judged by the database's clock.
 *
 * @throws RangeError when `pollIntervalMs`, `batchSize`, `maintenanceIntervalMs`,
 *   `expireInSeconds` or `retryDelaySeconds` is not a positive integer, `retryLimit` is not an
 *   integer of 0 or more, `heartbeatSeconds` is not an integer of 10 or more, `expireInSeconds` is a
 *   day or more, or `schema` is not a plain SQL identifier.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createConnectService } from '@leadbook/server';
 * import { createPgBossScheduler, createPostgresStorage } from '@leadbook/storage-postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const service = await createConnectService({
 *   storage: await createPostgresStorage({ pool }),
 *   scheduler: createPgBossScheduler({ pool }),
 * });
 * ```
 */
export function createPgBossScheduler(options: PgBossSchedulerOptions): PgBossScheduler {
  const {
    pool,
    schema = DEFAULT_PGBOSS_SCHEMA,
    queue = 'leadbook',
    pollIntervalMs = 2_000,
    batchSize = 10,
    maintenanceIntervalMs = 30_000,
    expireInSeconds = 900,
    heartbeatSeconds = 30,
    retryLimit = 3,
    retryDelaySeconds = 10,
    logger = silent,
  } = options;
  for (const [name, value] of Object.entries({
    pollIntervalMs,
    batchSize,
    maintenanceIntervalMs,
    expireInSeconds,
    retryDelaySeconds,
  })) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
  if (!Number.isInteger(retryLimit) || retryLimit < 0)
    throw new RangeError(`retryLimit must be an integer of 0 or more, got ${retryLimit}`);
  if (!Number.isInteger(heartbeatSeconds) || heartbeatSeconds < 10)
    throw new RangeError(`heartbeatSeconds must be an integer of 10 or more, got ${heartbeatSeconds}`);
  // pg-boss's own limit.
  if (expireInSeconds >= 86_400)
    throw new RangeError(`expireInSeconds must be below 86400, got ${expireInSeconds}`);

  const sql = jobTableSql(quoteSchema(schema));

  // pg-boss runs on the caller's pool, with its timers off: the job loop polls and start() runs
  // the maintenance, so stop() controls everything and nothing keeps the process alive.
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema,
    supervise: false,
    schedule: false,
    migrate: true,
    registerInstance: false,
    openTelemetry: { enabled: false },
    // The expiry and heartbeat sweeps of a maintenance pass run at most this often across instances,
    // so every instance's pass may run them.
    monitorIntervalSeconds: Math.max(1, Math.floor(maintenanceIntervalMs / 2_000)),
  });

  // Timer callbacks have nobody to throw to, so not even a failing logger may reject them.
  const logError = (message: string, meta: Record<string, unknown>) => {
    try {
      logger.error(message, meta);
    } catch {
      // Nothing sensible is left to do.
    }
  };
  boss.on('error', (error: unknown) => logError('pg-boss failed', { error: String(error) }));

  let booting: Promise<void> | undefined;
  const setUp = async () => {
    await boss.start();
    await boss.createQueue(queue, { policy: 'standard', retryLimit: 0 });
  };
  /**
   * Creates pg-boss's schema and the queue on first use (retried after a failure). Instances that
   * start together race to create the schema and the queue: the loser's duplicate-object error or
   * deadlock (see SETUP_RACE) means another instance is creating them, so it waits and tries again.
   */
  const ready = (): Promise<void> =>
    (booting ??= (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await setUp();
        } catch (error) {
          if (attempt >= SETUP_ATTEMPTS || !SETUP_RACE.has(sqlState(error) ?? '')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    })().catch((error: unknown) => {
      booting = undefined;
      throw toStorageError(error, `pg-boss setup in schema ${schema}`);
    }));

  // The executors of the transactions whose job repositories this scheduler made, so that a handler's
  // `run.finish(tx.jobs)` runs in the handler's transaction.
  const executors = new WeakMap<JobRepository, SqlExecutor>();
  const finish = async (jobs: JobRepository, attempt: { id: string; retryCount: number }) => {
    const exec = executors.get(jobs);
    if (!exec)
      throw new Error(`postgres: run.finish() takes the tx.jobs of a transaction of the scheduler's storage`);
    return (await exec.run(sql.finish, [queue, attempt.id, attempt.retryCount])) === 1;
  };
  const loop = createJobLoop({
    boss,
    pool,
    sql,
    queue,
    batchSize,
    pollIntervalMs,
    heartbeatSeconds,
    finish,
    logError,
  });
  let maintenance: ReturnType<typeof setInterval> | undefined;
  let jobStore: SchedulerJobStore | undefined;
  const jobOptions = { sql, queue, expireInSeconds, heartbeatSeconds, retryLimit, retryDelaySeconds };

  return {
    get jobStore() {
      return jobStore;
    },
    jobRepository(exec) {
      const jobs = transactionalJobs(exec, jobOptions);
      executors.set(jobs, exec);
      return jobs;
    },
    async attach(storage) {
      await ready();
      // The job loop learns of a committed job's time as if schedule() had stored it.
      jobStore = { storage, stored: async (earliestRunAt) => loop.wakeFor(earliestRunAt) };
    },

    async schedule(job) {
      if (!Number.isFinite(job.runAt)) {
        throw new RangeError(`runAt must be a finite epoch time, got ${job.runAt}`);
      }
      await ready();
      const data: JobData = { key: job.key, type: job.type, runAt: job.runAt, payload: job.payload };
      // One statement replaces whatever row the key has (pending, or fired and kept for the record).
      let stored: number | null;
      try {
        ({ rowCount: stored } = await pool.query(sql.upsert, upsertParams(queue, [data], jobOptions)));
      } catch (error) {
        throw toStorageError(error, `schedule ${job.key}`);
      }
      if (stored !== 1) throw new StorageError(`postgres: pg-boss stored no job for the queue ${queue}`);
      // The new job may be due before the loop looks next.
      loop.wakeFor(job.runAt);
    },

    async cancel(key) {
      await ready();
      try {
        const { rowCount } = await pool.query(sql.cancel, [queue, jobIdOf(queue, key)]);
        return (rowCount ?? 0) > 0;
      } catch (error) {
        throw toStorageError(error, `cancel ${key}`);
      }
    },

    async start(handler) {
      await ready();
      clearInterval(maintenance);
      maintenance = setInterval(() => {
        boss
          .supervise(queue)
          .catch((error: unknown) => logError('pg-boss maintenance failed', { error: String(error) }));
      }, maintenanceIntervalMs);
      maintenance.unref?.();
      // Jobs that fell due while no instance ran fire before start() resolves.
      await loop.start(handler);
    },

    async stop() {
      clearInterval(maintenance);
      maintenance = undefined;
      await loop.stop();
      // pg-boss's own timers (its queue cache) stop too, so nothing runs on the pool after stop();
      // the next use starts it again.
      const started = booting;
      booting = undefined;
      await started?.then(
        () => boss.stop({ graceful: false, close: false }),
        () => undefined,
      );
    },
  };
}
