/**
 * Numbered schema migrations, applied in order and recorded in `schema_migrations`, so `migrate()`
 * applies only the ones a database lacks. The SQL is exported for teams that run migrations with
 * their own tool.
 *
 * @module
 */
import { isStorageError, StorageError } from '@leadbook/server';
import { quoteSchema, type PgPool } from '../../pg';
import { toStorageError } from '../errors';
import { initialSchema } from './001-initial-schema';
import { formsAndIngress } from './002-forms-and-ingress';
import { rateLimits } from './003-rate-limits';
import { webhookSubscriptions } from './004-webhook-subscriptions';
import { bookingLifecycle } from './005-booking-lifecycle';
import { blockerTimes } from './006-blocker-times';
import { externalCalendarLinks } from './007-external-calendar-links';
import { notificationSettings } from './008-notification-settings';
import { bookingCalendarEvents } from './009-booking-calendar-events';
import { calendarFeeds } from './010-calendar-feeds';

/** One schema change. */
export interface PostgresMigration {
  /** Position in the sequence, starting at 1, never reused. */
  version: number;
  /** What the migration does. */
  name: string;
  /** The statements to run, for the schema asked for. */
  sql: string;
}

/** The default schema of the adapters. */
export const DEFAULT_SCHEMA = 'leadbook';

// Append; never edit or reorder a released one.
const DEFINITIONS: ReadonlyArray<{ version: number; name: string; sql: (s: string) => string }> = [
  { version: 1, name: 'initial schema', sql: initialSchema },
  {
    version: 2,
    name: 'forms, submissions, webhook deliveries, ingress webhooks, telemetry',
    sql: formsAndIngress,
  },
  { version: 3, name: 'shared rate-limit counters', sql: rateLimits },
  { version: 4, name: 'webhook subscriptions and their deliveries', sql: webhookSubscriptions },
  { version: 5, name: 'booking buffers and slot holds', sql: bookingLifecycle },
  { version: 6, name: 'blocker times as columns', sql: blockerTimes },
  { version: 7, name: 'external calendar links', sql: externalCalendarLinks },
  { version: 8, name: 'notification settings of appointment types', sql: notificationSettings },
  { version: 9, name: 'events of bookings in external calendars', sql: bookingCalendarEvents },
  { version: 10, name: 'calendar feeds of resources', sql: calendarFeeds },
];

/**
 * Every migration for `schema`, oldest first, with its SQL: for running them with your own
 * migration tool instead of {@link migrate}. The schema must exist; `migrate()` also creates it
 * and records each version in `<schema>.schema_migrations`, which a tool of your own replaces.
 *
 * @throws RangeError when `schema` is not a plain SQL identifier.
 *
 * @example
 * ```ts
 * import { postgresMigrations } from '@leadbook/storage-postgres';
 *
 * for (const { version, name, sql } of postgresMigrations('leadbook')) {
 *   writeFileSync(`migrations/V${version}__${name.replace(/\W+/g, '_')}.sql`, sql);
 * }
 * ```
 */
export function postgresMigrations(schema: string = DEFAULT_SCHEMA): PostgresMigration[] {
  const s = quoteSchema(schema);
  return DEFINITIONS.map(({ version, name, sql }) => ({ version, name, sql: sql(s) }));
}

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /** The schema to create and migrate. Default `leadbook`. */
  schema?: string;
}

/**
 * Creates the schema when it is missing and applies the migrations it lacks, all in one
 * transaction under an advisory lock, so instances that start together take turns and the second
 * finds nothing to do. Returns how many migrations ran. Safe to call at every start.
 *
 * @throws StorageError when the database is at a newer schema version than this package knows,
 *   or when a migration fails (nothing of the run is kept).
 * @throws RangeError when `schema` is not a plain SQL identifier.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { migrate } from '@leadbook/storage-postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * console.log(`applied ${await migrate(pool)} migrations`);
 * ```
 */
export async function migrate(pool: PgPool, options: MigrateOptions = {}): Promise<number> {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const migrations = postgresMigrations(schema);
  const s = quoteSchema(schema);
  const client = await pool.connect().catch((error: unknown) => {
    throw toStorageError(error, 'connect');
  });
  let step = 'BEGIN';
  let broken = false;
  try {
    await client.query('BEGIN');
    step = 'lock';
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `leadbook:migrate:${schema}`,
    ]);
    step = 'create schema';
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    const { rows } = await client.query(`SELECT COALESCE(MAX(version), 0) AS v FROM ${s}.schema_migrations`);
    const current = Number(rows[0]?.['v'] ?? 0);
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new StorageError(
        `postgres: the schema ${schema} is at version ${current}, newer than this version of @leadbook/storage-postgres knows (${latest})`,
      );
    }
    const pending = migrations.filter((migration) => migration.version > current);
    for (const migration of pending) {
      step = `migration ${migration.version} (${migration.name})`;
      // Without parameters pg sends the text as one simple query, so several statements are fine.
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${s}.schema_migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    step = 'COMMIT';
    await client.query('COMMIT');
    return pending.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    if (isStorageError(error)) throw error;
    throw toStorageError(error, `migrate ${schema}: ${step}`);
  } finally {
    client.release(broken);
  }
}

/**
 * The schema version of `schema` in the database against the newest migration this package knows:
 * what the storage's `schemaStatus()` (the health report's migrations check) reads.
 *
 * @throws StorageError when the database cannot be read.
 */
export async function readSchemaStatus(
  pool: PgPool,
  schema: string,
): Promise<{ applied: number; latest: number }> {
  const latest = DEFINITIONS.at(-1)?.version ?? 0;
  const s = quoteSchema(schema);
  try {
    // A schema nobody has migrated yet has no schema_migrations table: that is version 0.
    const table = await pool.query('SELECT to_regclass($1) IS NOT NULL AS present', [
      `${s}.schema_migrations`,
    ]);
    if (table.rows[0]?.['present'] !== true) return { applied: 0, latest };
    const { rows } = await pool.query(`SELECT COALESCE(MAX(version), 0) AS v FROM ${s}.schema_migrations`);
    return { applied: Number(rows[0]?.['v'] ?? 0), latest };
  } catch (error) {
    throw toStorageError(error, `read the schema version of ${schema}`);
  }
}
