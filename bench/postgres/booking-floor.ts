/**
 * The PostgreSQL floor of a booking: the queries the service sent for one booking, replayed on a
 * raw `pg` client, one transaction per booking, with nothing else (no HTTP, auth logic, validation,
 * engine, events or JSON building). The ids the service generated for that booking (those that
 * differ between two consecutive bookings: booking, event and job ids) are fresh in every replay,
 * so each replay writes new rows of the same size.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RecordedQuery } from '../../packages/storage-postgres/test/support/query-count';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const uuidsOf = (queries: readonly RecordedQuery[]) =>
  new Set(queries.flatMap((query) => JSON.stringify([query.text, query.values]).match(UUID) ?? []));

/** Replays `sample` (the queries of one booking) `count` times; returns bookings per second. */
export async function replayBookings(
  pool: pg.Pool,
  sample: readonly RecordedQuery[],
  next: readonly RecordedQuery[],
  count: number,
): Promise<number> {
  const later = uuidsOf(next);
  const generated = [...uuidsOf(sample)].filter((id) => !later.has(id));
  const pattern = generated.length > 0 ? new RegExp(generated.join('|'), 'g') : undefined;
  const client = await pool.connect();
  try {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const fresh = new Map(generated.map((id) => [id, randomUUID()]));
      const swap = (text: string) => (pattern ? text.replace(pattern, (id) => fresh.get(id)!) : text);
      for (const query of sample) {
        const values = query.values?.map((value) => (typeof value === 'string' ? swap(value) : value));
        // A named statement keeps its name: the connection plans it once, as the service's does.
        if (query.name) await client.query({ name: query.name, text: query.text, values });
        else await client.query(swap(query.text), values);
      }
    }
    return count / ((performance.now() - start) / 1000);
  } finally {
    client.release();
  }
}
