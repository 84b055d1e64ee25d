/**
 * The statements the scheduler runs on pg-boss's job table itself, where pg-boss's API has no
 * equivalent: storing a key's job in a storage transaction (replacing whatever row the key had),
 * cancelling a key's job only while it is pending, putting claimed jobs back, finishing a claimed run
 * in a handler's transaction, and the time until the earliest pending job. They rely on pg-boss 12's
 * table layout (`job` partitioned by queue `name`, primary key `(name, id)`, the `job_state` enum
 * ordered `created < retry < active < ...`), which is why pg-boss is pinned to major version 12.
 * Every value is a parameter.
 *
 * A run of a job is named by its `retry_count`, as pg-boss's own settle statements fence it: every
 * claim adds one, and so does every store of the key here, so that a run of a job that was replaced
 * meanwhile never settles the replacement.
 *
 * @module
 */

/** The statements for pg-boss's schema `s` (a quoted identifier). */
export function jobTableSql(s: string) {
  return {
    /**
     * Stores the jobs of the queue `$1` (ids `$2`, data `$3` as JSON text, due at `$4`, ISO text,
     * one array element per job, keys distinct), replacing each key's row whatever its state, as
     * `schedule()` does. Each run may take `$5` seconds, must beat every `$7` seconds, and a failed
     * run is retried `$6` times, `$8` seconds apart. One statement: a concurrent store of the same key
     * waits for this one and then replaces its row. The columns left out take pg-boss's defaults;
     * the queue's policy is copied as pg-boss's own insert does.
     */
    upsert: `INSERT INTO ${s}.job AS j (id, name, data, start_after, created_on, retry_limit,
        retry_delay, retry_backoff, expire_seconds, heartbeat_seconds, keep_until, policy)
      SELECT u.id, q.name, u.data::jsonb, u.start_after, now(), $6::int, $8::int, false, $5::int,
        $7::int, u.start_after + q.retention_seconds * interval '1 second', q.policy
      FROM ${s}.queue q
      CROSS JOIN unnest($2::uuid[], $3::text[], $4::timestamptz[]) AS u(id, data, start_after)
      WHERE q.name = $1
      ON CONFLICT (name, id) DO UPDATE SET data = excluded.data, state = excluded.state,
        start_after = excluded.start_after, created_on = excluded.created_on,
        started_on = NULL, completed_on = NULL, heartbeat_on = NULL, output = NULL,
        retry_count = j.retry_count + 1, retry_limit = j.retry_count + 1 + excluded.retry_limit,
        retry_delay = excluded.retry_delay, retry_backoff = false,
        expire_seconds = excluded.expire_seconds, heartbeat_seconds = excluded.heartbeat_seconds,
        keep_until = excluded.keep_until, policy = excluded.policy`,
    // Only a pending job can be cancelled: one that is running or done already fired.
    cancel: `DELETE FROM ${s}.job WHERE name = $1 AND id = $2 AND state < 'active'`,
    /**
     * Finishes the run `$3` (its `retry_count`) of the job `$2` in the caller's transaction. No row
     * when another run finished it or the key was stored again; a concurrent finish of the same run
     * waits for this transaction and then finds none.
     */
    finish: `UPDATE ${s}.job SET state = 'completed', completed_on = now()
      WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
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
