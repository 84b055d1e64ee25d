/**
 * The storage floor of a booking, a breakdown for the booking benchmark: the raw loop
 * (`BEGIN IMMEDIATE` + bounded `COUNT` + `INSERT` + `COMMIT`) plus the other rows the booking use
 * case must write in the same transaction: its `calendar.appointment.booked` activity row and its
 * `hasStarted`/`hasEnded` jobs. Prepared statements on a database with the service's schema and
 * pragmas; documents cloned from what the use case stored for a sample booking, so the bytes match.
 */
import { randomUUID } from 'node:crypto';
import type { StorageAdapter } from '../../packages/server/src/ports/storage';
import type { BookingRecord, JobRecord } from '../../packages/server/src/ports/records';
import { jsonParam, type SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import { appointmentJobKey } from '../../packages/server/src/usecases/scheduled-events';
import { floorConnection } from './storage-floor';

/** The booking `bookingId`, the newest activity row and the booking's two jobs, as stored. */
async function storedWrites(storage: StorageAdapter, organizationId: string, bookingId: string) {
  return storage.transaction(async (tx) => {
    const booking = await tx.bookings.get(organizationId, bookingId);
    const [event] = await tx.activity.list(organizationId, { limit: 1 });
    const jobs = await Promise.all(
      (['hasStarted', 'hasEnded'] as const).map((kind) => tx.jobs.get(appointmentJobKey(bookingId, kind))),
    );
    if (!booking || !event || jobs.some((job) => !job)) throw new Error('booking floor: sample not stored');
    return { booking, event, jobs: jobs as JobRecord[] };
  });
}

/**
 * A function that books slot `index` with the same statements and bytes as the use case's writes
 * (the availability check reduced to the raw loop's bounded `COUNT`), its database connection
 * (tests compare the stored bytes; a caller may pass its own), and `writes`, the booking's rows
 * alone, for floors that check more before them (inside their own transaction).
 */
export async function bookingFloor(
  storage: StorageAdapter,
  sample: { organizationId: string; bookingId: string },
  slot: (index: number) => { startMs: number; endMs: number },
  maxLengthMs: number,
  connection?: SqlConnection,
): Promise<{ book: (index: number) => void; writes: (index: number) => void; connection: SqlConnection }> {
  const stored = await storedWrites(storage, sample.organizationId, sample.bookingId);
  const db = connection ?? (await floorConnection());
  const { organizationId, resourceId, calendarId } = stored.booking;

  const writes = (index: number) => {
    const { startMs, endMs } = slot(index);
    const booking: BookingRecord = {
      ...stored.booking,
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(endMs).toISOString(),
      startMs,
      endMs,
    };
    // Events and jobs carry the booking as the API returns it: the stored one, with this booking's values.
    const changed = {
      id: booking.id,
      createdAt: booking.createdAt,
      startDateTime: booking.startDateTime,
      endDateTime: booking.endDateTime,
    };
    const withBooking = (payload: unknown) => {
      const value = payload as { booking: object };
      return { ...value, booking: { ...value.booking, ...changed } };
    };
    const event = { ...stored.event, id: randomUUID(), payload: withBooking(stored.event.payload) };
    db.run(
      `INSERT INTO bookings (id, organization_id, calendar_id, resource_id, schedule_type_id, start_ms, end_ms, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT))`,
      [booking.id, organizationId, calendarId, resourceId, null, startMs, endMs, jsonParam(booking)],
    );
    db.run('INSERT INTO activity (id, organization_id, type, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
      event.id,
      organizationId,
      event.type,
      jsonParam(event),
    ]);
    for (const [k, job] of stored.jobs.entries()) {
      const record = {
        ...job,
        key: appointmentJobKey(booking.id, k === 0 ? 'hasStarted' : 'hasEnded'),
        runAt: k === 0 ? startMs : endMs,
        payload: withBooking(job.payload),
      };
      db.run(
        `INSERT INTO jobs (key, run_at, doc) VALUES (?, ?, CAST(? AS TEXT))
         ON CONFLICT (key) DO UPDATE SET run_at = excluded.run_at, doc = excluded.doc`,
        [record.key, record.runAt, jsonParam(record)],
      );
    }
  };

  const book = (index: number) => {
    const { startMs, endMs } = slot(index);
    db.control('BEGIN');
    const overlapping = db.get(
      `SELECT COUNT(*) AS n FROM bookings WHERE organization_id = ? AND resource_id = ?
       AND start_ms > ? AND start_ms < ? AND end_ms > ?`,
      [organizationId, resourceId, startMs - maxLengthMs, endMs, startMs],
    );
    if (Number(overlapping?.['n']) >= 10_000) throw new Error('full');
    writes(index);
    db.control('COMMIT');
  };
  return { book, writes, connection: db };
}
