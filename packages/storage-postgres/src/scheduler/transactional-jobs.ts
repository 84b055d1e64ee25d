/**
 * The pg-boss scheduler's jobs as a storage transaction's job repository: when the storage is
 * given the scheduler (`createPostgresStorage({ scheduler })`), a use case's jobs (a booking's
 * `hasStarted`/`hasEnded`) are written to pg-boss's job table in the use case's own transaction.
 * They commit or roll back with the booking, and go to the database with its commit: no round trip
 * and no transaction of their own.
 *
 * @module
 */
import type { JobRecord, JobRepository } from '@leadbook/server';
import { sendWrite, type SqlExecutor, type SqlRow } from '@leadbook/server/sql';
import type PgBoss from 'pg-boss';
import { jobIdOf } from './job-id';
import type { JobData } from './job-loop';
import type { jobTableSql } from './job-table';

/** What the repository needs of its scheduler. */
export interface TransactionalJobsOptions {
  /** The pg-boss instance, which writes its own job rows. */
  boss: PgBoss;
  /** The statements on pg-boss's job table. */
  sql: ReturnType<typeof jobTableSql>;
  /** pg-boss's schema, for the lock keys. */
  schema: string;
  /** The queue. */
  queue: string;
  /** How long a claimed job may run (see the scheduler's options). */
  expireInSeconds: number;
}

/** A value as `pg` would send it, so the executor can inline it: objects as JSON, dates as ISO text. */
const plain = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : value;

const recordOf = (row: SqlRow | undefined): JobRecord | null => {
  if (!row) return null;
  const data = (typeof row['data'] === 'string' ? JSON.parse(row['data']) : row['data']) as JobData;
  const createdAt = new Date(row['created_on'] as string | Date).toISOString();
  return { key: data.key, runAt: data.runAt, type: data.type, payload: data.payload, createdAt };
};

/** The job repository of one transaction's executor `exec`. */
export function transactionalJobs(exec: SqlExecutor, options: TransactionalJobsOptions): JobRepository {
  const { boss, sql, schema, queue, expireInSeconds } = options;
  return {
    async upsert(record) {
      const id = jobIdOf(queue, record.key);
      const data: JobData = {
        key: record.key,
        type: record.type,
        runAt: record.runAt,
        payload: record.payload,
      };
      // As schedule() does: under the key's lock, whatever row the key has goes, then the new one.
      await sendWrite(exec, sql.lock, [`leadbook:pgboss:${schema}:${queue}:${record.key}`]);
      await sendWrite(exec, sql.deleteById, [queue, id]);
      await boss.send(queue, data, {
        id,
        startAfter: new Date(record.runAt),
        retryLimit: 0,
        expireInSeconds,
        // pg-boss builds its insert; it runs with the transaction's other writes. The id is free
        // (deleted just above) and the queue exists (attach() created it before the storage
        // opened any transaction: nothing here waits for another pool client), so it stores the row.
        db: {
          executeSql: async (text: string, values: unknown[]) => {
            await sendWrite(exec, text, values.map(plain));
            return { rows: [{ id }] };
          },
        },
      });
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
