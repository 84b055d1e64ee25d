/**
 * The example's settings, from the environment.
 *
 * @module
 */

/** The local test database of the repository's CI, used when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Where the instances keep their data. */
export const databaseUrl = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
/** The schema of the Leadbook tables (and the rate-limit counters). */
export const schema = process.env['LEADBOOK_SCHEMA'] || 'leadbook_demo';
/** The schema of pg-boss's tables. */
export const pgBossSchema = process.env['LEADBOOK_PGBOSS_SCHEMA'] || 'pgboss_demo';
