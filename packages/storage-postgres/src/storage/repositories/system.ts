/**
 * The server's own records: the activity log, scheduled jobs and idempotent answers.
 *
 * @module
 */
import type {
  ActivityRecord,
  ActivityRepository,
  IdempotencyRecord,
  IdempotencyRepository,
  JobRecord,
  JobRepository,
} from '@leadbook/server';
import { StorageError } from '@leadbook/server';
import type { PgExecutor } from '../executor';
import { docOf, docsOf } from '../doc-table';

/** The activity, job and idempotency repositories of the schema `s` (a quoted identifier). */
export function systemRepositories(s: string) {
  const appendActivity = `INSERT INTO ${s}.activity (id, organization_id, type, doc) VALUES ($1, $2, $3, $4)`;
  // LIMIT NULL is no limit; newest first is last appended first.
  const listActivity = `SELECT doc FROM ${s}.activity WHERE organization_id = $1 ORDER BY seq DESC LIMIT $2`;
  const listActivityOfType = `SELECT doc FROM ${s}.activity WHERE organization_id = $1 AND type = $2
    ORDER BY seq DESC LIMIT $3`;

  const upsertJob = `INSERT INTO ${s}.jobs (key, run_at, doc) VALUES ($1, $2, $3)
    ON CONFLICT (key) DO UPDATE SET run_at = excluded.run_at, doc = excluded.doc`;
  const deleteJob = `DELETE FROM ${s}.jobs WHERE key = $1`;
  const getJob = `SELECT doc FROM ${s}.jobs WHERE key = $1`;
  const listDue = `SELECT doc FROM ${s}.jobs WHERE run_at <= $1 ORDER BY run_at, seq LIMIT $2`;
  const nextRunAt = `SELECT MIN(run_at) AS next FROM ${s}.jobs`;

  const getAnswer = `SELECT doc FROM ${s}.idempotency WHERE organization_id = $1 AND scope = $2 AND key = $3`;
  // Saving the same key again replaces the answer rather than failing the request.
  const saveAnswer = `INSERT INTO ${s}.idempotency (organization_id, scope, key, created_ms, doc)
    VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (organization_id, scope, key) DO UPDATE SET created_ms = excluded.created_ms, doc = excluded.doc`;
  const deleteAnswers = `DELETE FROM ${s}.idempotency WHERE created_ms < $1`;

  return {
    activity: (exec: PgExecutor): ActivityRepository => ({
      async append(record) {
        await exec.run(appendActivity, [
          record.id,
          record.organizationId,
          record.type,
          JSON.stringify(record),
        ]);
      },
      async list(organizationId, options = {}) {
        const limit = options.limit ?? null;
        const rows =
          options.type === undefined
            ? await exec.all(listActivity, [organizationId, limit])
            : await exec.all(listActivityOfType, [organizationId, options.type, limit]);
        return docsOf<ActivityRecord>(rows);
      },
    }),
    jobs: (exec: PgExecutor): JobRepository => ({
      async upsert(record) {
        await exec.run(upsertJob, [record.key, record.runAt, JSON.stringify(record)]);
      },
      async delete(key) {
        return (await exec.run(deleteJob, [key])) > 0;
      },
      async get(key) {
        return docOf<JobRecord>(await exec.get(getJob, [key]));
      },
      async listDue(atMs, limit) {
        return docsOf<JobRecord>(await exec.all(listDue, [atMs, Math.max(0, limit)]));
      },
      async nextRunAt() {
        const value = (await exec.get(nextRunAt))?.['next'];
        // bigint comes back as a string.
        return value === null || value === undefined ? null : Number(value);
      },
    }),
    idempotency: (exec: PgExecutor): IdempotencyRepository => ({
      async get(organizationId, scope, key) {
        return docOf<IdempotencyRecord>(await exec.get(getAnswer, [organizationId, scope, key]));
      },
      async save(record) {
        const { organizationId, scope, key, createdAt } = record;
        await exec.run(saveAnswer, [organizationId, scope, key, timeOf(createdAt), JSON.stringify(record)]);
      },
      async deleteOlderThan(createdBefore) {
        return exec.run(deleteAnswers, [timeOf(createdBefore)]);
      },
    }),
  };
}

// Compared by time rather than by ISO string, so offsets and precision do not matter.
function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new StorageError(`postgres: not an ISO-8601 time: ${iso}`);
  return ms;
}
