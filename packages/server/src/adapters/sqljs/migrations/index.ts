/**
 * Numbered schema migrations, applied in order and recorded in `schema_migrations`, so reopening a
 * persisted database applies only the ones it lacks.
 *
 * @module
 */
import { StorageError } from '../../../ports/storage';
import type { SqlConnection } from '../connection';
import { INITIAL_SCHEMA } from './001-initial-schema';
import { FORMS_AND_INGRESS } from './002-forms-and-ingress';
import { BOOKING_DURATION_BOUND } from './003-booking-duration-bound';
import { WEBHOOK_SUBSCRIPTIONS } from './004-webhook-subscriptions';
import { BOOKING_LIFECYCLE } from './005-booking-lifecycle';
import { COVERING_OVERLAP_INDEX } from './006-covering-overlap-index';
import { BLOCKER_TIMES } from './007-blocker-times';
import { EXTERNAL_CALENDAR_LINKS } from './008-external-calendar-links';
import { NOTIFICATION_SETTINGS } from './009-notification-settings';
import { BOOKING_CALENDAR_EVENTS } from './010-booking-calendar-events';
import { CALENDAR_FEEDS } from './011-calendar-feeds';

/** One schema change. */
export interface Migration {
  /** Position in the sequence, starting at 1, never reused. */
  version: number;
  /** What the migration does. */
  name: string;
  /** The statements to run. */
  sql: string;
}

/** Every migration, oldest first. Append; never edit or reorder a released one. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial schema', sql: INITIAL_SCHEMA },
  {
    version: 2,
    name: 'forms, submissions, webhook deliveries, ingress webhooks, telemetry',
    sql: FORMS_AND_INGRESS,
  },
  { version: 3, name: 'booking duration bound for the overlap query', sql: BOOKING_DURATION_BOUND },
  { version: 4, name: 'webhook subscriptions and their deliveries', sql: WEBHOOK_SUBSCRIPTIONS },
  { version: 5, name: 'booking buffers and slot holds', sql: BOOKING_LIFECYCLE },
  { version: 6, name: 'the overlap index covers ids and buffers', sql: COVERING_OVERLAP_INDEX },
  { version: 7, name: 'blocker times as columns', sql: BLOCKER_TIMES },
  { version: 8, name: 'external calendar links', sql: EXTERNAL_CALENDAR_LINKS },
  { version: 9, name: 'notification settings of appointment types', sql: NOTIFICATION_SETTINGS },
  { version: 10, name: 'events of bookings in external calendars', sql: BOOKING_CALENDAR_EVENTS },
  { version: 11, name: 'calendar feeds of resources', sql: CALENDAR_FEEDS },
];

/**
 * Applies the migrations the database lacks, each in its own transaction together with its
 * `schema_migrations` row. Returns how many ran.
 *
 * @throws StorageError when the database was written by a newer version (it has migrations this
 *   code does not know), or when a migration fails (that migration is rolled back).
 */
export function applyMigrations(
  connection: SqlConnection,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => Date = () => new Date(),
): number {
  connection.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const current = Number(connection.get('SELECT MAX(version) AS v FROM schema_migrations')?.['v'] ?? 0);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new StorageError(
      `sql.js: the database is at schema version ${current}, newer than this version of @leadbook/server knows (${latest})`,
    );
  }
  const pending = migrations.filter((migration) => migration.version > current);
  for (const migration of pending) {
    connection.exec('BEGIN');
    try {
      connection.exec(migration.sql);
      connection.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        now().toISOString(),
      ]);
      connection.exec('COMMIT');
    } catch (error) {
      connection.exec('ROLLBACK');
      throw new StorageError(`sql.js: migration ${migration.version} (${migration.name}) failed`, {
        cause: error,
      });
    }
  }
  return pending.length;
}
