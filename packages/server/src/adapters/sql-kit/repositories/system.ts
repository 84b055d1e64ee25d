/**
 * The server's own records: the activity log, scheduled jobs and idempotent answers.
 *
 * @module
 */
import type { ActivityRecord, IdempotencyRecord, JobRecord } from '../../../ports/records';
import type { ActivityRepository, IdempotencyRepository, JobRepository } from '../../../ports/storage';
import { statement, type SqlDialect } from '../dialect';
import { docOf, docsOf, timeOf } from '../documents';
import { sendWrite, type SqlExecutor } from '../executor';

/** The activity, job and idempotency repositories in `d`. */
export function systemRepositories(d: SqlDialect) {
  const activity = d.table('activity');
  const appendActivity = statement(
    d,
    (p) => `INSERT INTO ${activity} (id, organization_id, type, doc)
    VALUES (${p.value()}, ${p.value()}, ${p.value()}, ${p.document()})`,
  );
  // Newest first is last appended first.
  const listActivity = statement(
    d,
    (p) =>
      `SELECT doc FROM ${activity} WHERE organization_id = ${p.value()} ORDER BY seq DESC LIMIT ${p.value()}`,
  );
  const listActivityOfType = statement(
    d,
    (p) => `SELECT doc FROM ${activity} WHERE organization_id = ${p.value()} AND type = ${p.value()}
    ORDER BY seq DESC LIMIT ${p.value()}`,
  );

  const jobs = d.table('jobs');
  const upsertJob = statement(
    d,
    (p) => `INSERT INTO ${jobs} (key, run_at, doc) VALUES (${p.value()}, ${p.value()}, ${p.document()})
    ON CONFLICT (key) DO UPDATE SET run_at = excluded.run_at, doc = excluded.doc`,
  );
  const deleteJob = statement(d, (p) => `DELETE FROM ${jobs} WHERE key = ${p.value()}`);
  const getJob = statement(d, (p) => `SELECT doc FROM ${jobs} WHERE key = ${p.value()}`);
  const listDue = statement(
    d,
    (p) => `SELECT doc FROM ${jobs} WHERE run_at <= ${p.value()} ORDER BY run_at, seq LIMIT ${p.value()}`,
  );
  const nextRunAt = `SELECT MIN(run_at) AS next FROM ${jobs}`;

  const answers = d.table('idempotency');
  const getAnswer = statement(
    d,
    (p) => `SELECT doc FROM ${answers}
    WHERE organization_id = ${p.value()} AND scope = ${p.value()} AND key = ${p.value()}`,
  );
  // Saving the same key again replaces the answer rather than failing the request.
  const saveAnswer = statement(
    d,
    (p) => `INSERT INTO ${answers} (organization_id, scope, key, created_ms, doc)
    VALUES (${p.value()}, ${p.value()}, ${p.value()}, ${p.value()}, ${p.document()})
    ON CONFLICT (organization_id, scope, key) DO UPDATE SET created_ms = excluded.created_ms, doc = excluded.doc`,
  );
  const deleteAnswers = statement(d, (p) => `DELETE FROM ${answers} WHERE created_ms < ${p.value()}`);

  return {
    activity: (exec: SqlExecutor): ActivityRepository => ({
      async append(record) {
        await sendWrite(exec, appendActivity, [
          record.id,
          record.organizationId,
          record.type,
          d.document(record),
        ]);
      },
      async list(organizationId, options = {}) {
        const limit = options.limit ?? d.noLimit;
        const rows =
          options.type === undefined
            ? await exec.all(listActivity, [organizationId, limit])
            : await exec.all(listActivityOfType, [organizationId, options.type, limit]);
        return docsOf<ActivityRecord>(d, rows);
      },
    }),
    jobs: (exec: SqlExecutor): JobRepository => ({
      async upsert(record) {
        await sendWrite(exec, upsertJob, [record.key, record.runAt, d.document(record)]);
      },
      async delete(key) {
        return (await exec.run(deleteJob, [key])) > 0;
      },
      async get(key) {
        return docOf<JobRecord>(d, await exec.get(getJob, [key]));
      },
      async listDue(atMs, limit) {
        return docsOf<JobRecord>(d, await exec.all(listDue, [atMs, Math.max(0, limit)]));
      },
      async nextRunAt() {
        const value = (await exec.get(nextRunAt))?.['next'];
        // A bigint column comes back from `pg` as a string.
        return value === null || value === undefined ? null : Number(value);
      },
    }),
    idempotency: (exec: SqlExecutor): IdempotencyRepository => ({
      async get(organizationId, scope, key) {
        return docOf<IdempotencyRecord>(d, await exec.get(getAnswer, [organizationId, scope, key]));
      },
      async save(record) {
        const { organizationId, scope, key, createdAt } = record;
        const params = [organizationId, scope, key, timeOf(d, createdAt), d.document(record)];
        await sendWrite(exec, saveAnswer, params);
      },
      async deleteOlderThan(createdBefore) {
        return exec.run(deleteAnswers, [timeOf(d, createdBefore)]);
      },
    }),
  };
}
