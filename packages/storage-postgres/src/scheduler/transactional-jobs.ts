/**
 * The pg-boss scheduler's jobs as a storage transaction's job repository: when the storage is
 * given the scheduler (`createPostgresStorage({ scheduler })`), a use case's jobs (a booking's
 * `hasStarted`/`hasEnded`) are written to pg-boss's job table in the use case's own transaction,
 * through its executor, as parameterised statements. They commit or roll back with the booking.
 *
 * @module
 */
import { StorageError, type JobRecord, type JobRepository } from '@leadbook/server';
import type { SqlExecutor, SqlRow } from '@leadbook/server/sql';
import { jobIdOf } from './job-id';
import type { JobData } from './job-loop';
import type { jobTableSql } from './job-table';

/** How the scheduler's jobs run (see the scheduler's options of the same names). */
export interface JobRunOptions {
  /** How long a claimed job may run. */
  expireInSeconds: number;
  /** How often a running job's instance must beat. */
  heartbeatSeconds: number;
  /** How many times a run that failed or was lost is retried. */
  retryLimit: number;
  /** How long after a failed or lost run the job is retried. */
  retryDelaySeconds: number;
}

/** What the repository needs of its scheduler. */
export interface TransactionalJobsOptions extends JobRunOptions {
  /** The statements on pg-boss's job table. */
  sql: ReturnType<typeof jobTableSql>;
  /** The queue. */
  queue: string;
}

/**
 * The parameters of `sql.upsert` for `records` in `queue`, the last record of a key kept when a key
 * comes twice. The upsert stores nothing when the queue is missing; callers compare its row count
 * with the array length.
 */
export function upsertParams(queue: string, records: readonly JobData[], run: JobRunOptions) {
  const byKey = new Map(records.map((record) => [record.key, record]));
  const jobs = [...byKey.values()];
  return [
    queue,
    jobs.map((job) => jobIdOf(queue, job.key)),
    jobs.map(({ key, type, runAt, payload }) => JSON.stringify({ key, type, runAt, payload })),
    jobs.map((job) => new Date(job.runAt).toISOString()),
    run.expireInSeconds,
    run.retryLimit,
    run.heartbeatSeconds,
    run.retryDelaySeconds,
  ];
}

const recordOf = (row: SqlRow | undefined): JobRecord | null => {
  if (!row) return null;
  const data = (typeof row['data'] === 'string' ? JSON.parse(row['data']) : row['data']) as JobData;
  const createdAt = new Date(row['created_on'] as string | Date).toISOString();
  return { key: data.key, runAt: data.runAt, type: data.type, payload: data.payload, createdAt };
};

/** The job repository of one transaction's executor `exec`. */
export function transactionalJobs(exec: SqlExecutor, options: TransactionalJobsOptions): JobRepository {
  const { sql, queue } = options;
  let batch: { records: JobData[]; stored: Promise<number> } | undefined;
  return {
    // Upserts started together (a booking's two timers) go as one statement, sent on the next
    // microtask; each caller gets that statement's outcome.
    async upsert(record) {
      if (!batch) {
        const records: JobData[] = [];
        const stored = Promise.resolve().then(() => {
          batch = undefined;
          return exec.run(sql.upsert, upsertParams(queue, records, options));
        });
        batch = { records, stored };
      }
      const { records, stored } = batch;
      records.push(record);
      // attach() created the queue before the storage opened any transaction.
      if ((await stored) !== new Set(records.map((job) => job.key)).size) {
        throw new StorageError(`postgres: pg-boss stored no job for the queue ${queue}`);
      }
    },
    async delete(key) {
      return (await exec.run(sql.cancel, [queue, jobIdOf(queue, key)])) > 0;
    },
    async get(key) {
      return recordOf(await exec.get(sql.pendingById, [queue, jobIdOf(queue, key)]));
    },
    async listDue(atMs, limit) {
      const rows = await exec.all(sql.listDue, [queue, atMs, Math.max(0, limit)]);
      return rows.map((row) => recordOf(row)!);
    },
    async nextRunAt() {
      const value = (await exec.get(sql.nextRunAt, [queue]))?.['next'];
      return value === null || value === undefined ? null : Number(value);
    },
  };
}
