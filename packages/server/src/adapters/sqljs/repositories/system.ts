/**
 * The server's own records: the activity log, scheduled jobs and idempotent answers.
 *
 * @module
 */
import type { ActivityRecord, IdempotencyRecord, JobRecord } from '../../../ports/records';
import type { ActivityRepository, IdempotencyRepository, JobRepository } from '../../../ports/storage';
import { jsonParam, type SqlExecutor } from '../connection';
import { StorageError } from '../../../ports/storage';
import { docOf, docsOf } from '../doc-table';

/** The activity log; newest first means last appended first. */
export function activityRepository(exec: SqlExecutor): ActivityRepository {
  return {
    async append(record) {
      exec.run('INSERT INTO activity (id, organization_id, type, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
        record.id,
        record.organizationId,
        record.type,
        jsonParam(record),
      ]);
    },
    async list(organizationId, options = {}) {
      // SQLite reads a negative LIMIT as "no limit".
      const limit = options.limit ?? -1;
      const rows =
        options.type === undefined
          ? exec.all('SELECT doc FROM activity WHERE organization_id = +? ORDER BY seq DESC LIMIT ?', [
              organizationId,
              limit,
            ])
          : exec.all(
              'SELECT doc FROM activity WHERE organization_id = +? AND type = +? ORDER BY seq DESC LIMIT ?',
              [organizationId, options.type, limit],
            );
      return docsOf<ActivityRecord>(rows);
    },
  };
}

/** Scheduled jobs. */
export function jobRepository(exec: SqlExecutor): JobRepository {
  return {
    async upsert(record) {
      exec.run(
        `INSERT INTO jobs (key, run_at, doc) VALUES (?, ?, CAST(? AS TEXT))
         ON CONFLICT (key) DO UPDATE SET run_at = excluded.run_at, doc = excluded.doc`,
        [record.key, record.runAt, jsonParam(record)],
      );
    },
    async delete(key) {
      return exec.run('DELETE FROM jobs WHERE key = ?', [key]) > 0;
    },
    async get(key) {
      return docOf<JobRecord>(exec.get('SELECT doc FROM jobs WHERE key = ?', [key]));
    },
    async listDue(atMs, limit) {
      const rows = exec.all('SELECT doc FROM jobs WHERE run_at <= ? ORDER BY run_at, seq LIMIT ?', [
        atMs,
        Math.max(0, limit),
      ]);
      return docsOf<JobRecord>(rows);
    },
    async nextRunAt() {
      const value = exec.get('SELECT MIN(run_at) AS next FROM jobs')?.['next'];
      return value === null || value === undefined ? null : Number(value);
    },
  };
}

/** Stored idempotent answers, compared by time rather than by ISO string. */
export function idempotencyRepository(exec: SqlExecutor): IdempotencyRepository {
  return {
    async get(organizationId, scope, key) {
      return docOf<IdempotencyRecord>(
        exec.get('SELECT doc FROM idempotency WHERE organization_id = ? AND scope = ? AND key = ?', [
          organizationId,
          scope,
          key,
        ]),
      );
    },
    async save(record) {
      // Saving the same key again replaces the answer rather than failing the request.
      exec.run(
        `INSERT INTO idempotency (organization_id, scope, key, created_ms, doc) VALUES (?, ?, ?, ?, CAST(? AS TEXT))
         ON CONFLICT (organization_id, scope, key) DO UPDATE SET created_ms = excluded.created_ms, doc = excluded.doc`,
        [record.organizationId, record.scope, record.key, timeOf(record.createdAt), jsonParam(record)],
      );
    },
    async deleteOlderThan(createdBefore) {
      return exec.run('DELETE FROM idempotency WHERE created_ms < ?', [timeOf(createdBefore)]);
    },
  };
}

function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new StorageError(`sql.js: not an ISO-8601 time: ${iso}`);
  return ms;
}
