/**
 * Calendar bookings.
 *
 * @module
 */
import type { BookingRecord } from '../../../ports/records';
import type { BookingRepository } from '../../../ports/storage';
import type { SqlExecutor } from '../connection';
import { countsOf, defineScopedTable, docsOf } from '../doc-table';

const bookings = defineScopedTable<BookingRecord>({
  table: 'bookings',
  columns: {
    calendar_id: (record) => record.calendarId,
    resource_id: (record) => record.resourceId,
    schedule_type_id: (record) => record.calendarScheduleTypeId,
    start_ms: (record) => record.startMs,
    end_ms: (record) => record.endMs,
  },
});

/** The bookings repository. */
export function bookingRepository(exec: SqlExecutor): BookingRepository {
  const base = bookings(exec);
  return {
    create: base.create,
    get: base.get,
    delete: base.delete,
    async listOverlapping(organizationId, resourceIds, startMs, endMs) {
      if (resourceIds.length === 0) return [];
      // One statement whatever the number of resources: the ids travel as one JSON array. A booking
      // ending after startMs started after startMs minus the longest duration, which bounds the
      // index range from below (without it, every earlier booking of the resource is scanned).
      const rows = exec.all(
        `SELECT doc FROM bookings
         WHERE organization_id = +? AND resource_id IN (SELECT value FROM json_each(?))
           AND start_ms < ? AND start_ms > ? - (SELECT max_duration_ms FROM booking_stats WHERE id = 1)
           AND end_ms > ?
         ORDER BY start_ms, seq`,
        [organizationId, JSON.stringify(resourceIds), endMs, startMs, startMs],
      );
      return docsOf<BookingRecord>(rows);
    },
    async listByCalendar(organizationId, calendarId) {
      const rows = exec.all(
        'SELECT doc FROM bookings WHERE organization_id = +? AND calendar_id = +? ORDER BY start_ms, seq',
        [organizationId, calendarId],
      );
      return docsOf<BookingRecord>(rows);
    },
    async countByCalendar(organizationId) {
      return countsOf(
        exec.all(
          'SELECT calendar_id AS k, COUNT(*) AS n FROM bookings WHERE organization_id = +? GROUP BY calendar_id',
          [organizationId],
        ),
      );
    },
    async countByScheduleType(organizationId, calendarId) {
      return countsOf(
        exec.all(
          `SELECT schedule_type_id AS k, COUNT(*) AS n FROM bookings
           WHERE organization_id = +? AND calendar_id = +? AND schedule_type_id IS NOT NULL
           GROUP BY schedule_type_id`,
          [organizationId, calendarId],
        ),
      );
    },
  };
}
