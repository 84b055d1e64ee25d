/**
 * What the database holds at the end, read directly with `pg` (not through the service): bookings,
 * leads, form submissions and the activity log of the run's schema.
 *
 * @module
 */
import type pg from 'pg';
import type { DatabaseState } from './checks';

/** Reads the state the checks compare against. `schema` is the run's own (a generated name). */
export async function readDatabase(pool: pg.Pool, schema: string): Promise<DatabaseState> {
  const s = `"${schema}"`;
  const bookings = await pool.query(`SELECT id, resource_id, start_ms, end_ms FROM ${s}.bookings`);
  const entries = await pool.query(`SELECT id FROM ${s}.table_entries`);
  const submissions = await pool.query(
    `SELECT id, doc->>'entryId' AS entry_id, doc->>'bookingId' AS booking_id FROM ${s}.form_submissions`,
  );
  const events = await pool.query(
    `SELECT id, type, doc->'payload'->'booking'->>'id' AS booking_id, doc->>'occurredAt' AS occurred_at
     FROM ${s}.activity`,
  );
  return {
    bookings: bookings.rows.map((row) => ({
      id: String(row['id']),
      resourceId: row['resource_id'] === null ? null : String(row['resource_id']),
      startMs: Number(row['start_ms']),
      endMs: Number(row['end_ms']),
    })),
    entryIds: entries.rows.map((row) => String(row['id'])),
    submissions: submissions.rows.map((row) => ({
      id: String(row['id']),
      entryId: row['entry_id'] ?? null,
      bookingId: row['booking_id'] ?? null,
    })),
    events: events.rows.map((row) => ({
      id: String(row['id']),
      type: String(row['type']),
      bookingId: row['booking_id'] ?? null,
      occurredAtMs: Date.parse(String(row['occurred_at'])),
    })),
  };
}
