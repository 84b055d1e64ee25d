/**
 * `@leadbook/storage-postgres`: the scale-out path of `@leadbook/server`. The storage port on
 * PostgreSQL (`createPostgresStorage`, with `migrate()` and the migration SQL), a durable
 * scheduler on pg-boss (`createPgBossScheduler`), and a shared express-rate-limit store
 * (`createPostgresRateLimitStore`), so several instances behind a load balancer share one database.
 * Each adapter passes the conformance suites of `@leadbook/server/testing`.
 *
 * @packageDocumentation
 */
export type { PgPool, PgPoolClient, PgQueryResult, PgRow } from './pg';
export {
  createPostgresStorage,
  DEFAULT_SCHEMA,
  migrate,
  postgresMigrations,
  type MigrateOptions,
  type PostgresMigration,
  type PostgresStorage,
  type PostgresStorageOptions,
} from './storage';
export { createPgBossScheduler, type PgBossScheduler, type PgBossSchedulerOptions } from './scheduler';
export { createPostgresRateLimitStore, type PostgresRateLimitStoreOptions } from './rate-limit';
