/**
 * The statements the scheduler runs on pg-boss's job table itself, where pg-boss's API has no
 * equivalent: replacing and cancelling a key's job only while it is pending, putting claimed jobs
 * back, and the time until the earliest pending job. They rely on pg-boss 10's table layout
 * (`job` partitioned by queue `name`, primary key `(name, id)`, the `job_state` enum ordered
 * `created < retry < active < ...`), which is why pg-boss is pinned to major version 10.
 *
 * @module
 */

/** The statements for pg-boss's schema `s` (a quoted identifier). */
export function jobTableSql(s: string) {
  return {
    lock: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))',
    deleteById: `DELETE FROM ${s}.job WHERE name = $1 AND id = $2`,
    // Only a pending job can be cancelled: one that is running or done already fired.
    cancel: `DELETE FROM ${s}.job WHERE name = $1 AND id = $2 AND state < 'active'`,
    release: `UPDATE ${s}.job SET state = 'created', started_on = NULL
      WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
    // The job repository of a storage transaction (see transactional-jobs.ts): pending jobs only.
    pendingById: `SELECT data, created_on FROM ${s}.job WHERE name = $1 AND id = $2 AND state < 'active'`,
    listDue: `SELECT data, created_on FROM ${s}.job
      WHERE name = $1 AND state < 'active' AND (data->>'runAt')::bigint <= $2::bigint
      ORDER BY (data->>'runAt')::bigint, data->>'key' LIMIT $3`,
    nextRunAt: `SELECT MIN((data->>'runAt')::bigint) AS next FROM ${s}.job WHERE name = $1 AND state < 'active'`,
    // Measured on the database's clock, which decides when pg-boss's fetch sees a job as due.
    untilNext: `SELECT (EXTRACT(EPOCH FROM MIN(start_after) - now()) * 1000)::float8 AS wait_ms
      FROM ${s}.job WHERE name = $1 AND state < 'active'`,
  };
}
