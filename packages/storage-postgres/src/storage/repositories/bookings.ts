/**
 * Calendar bookings.
 *
 * @module
 */
import type { BookingRecord, BookingRepository } from '@leadbook/server';
import type { PgExecutor } from '../executor';
import { countsOf, defineScopedTable, docsOf } from '../doc-table';

/** The booking repository of the schema `s` (a quoted identifier). */
export function bookingRepositories(s: string) {
  const bookings = defineScopedTable<BookingRecord>({
    table: `${s}.bookings`,
    columns: {
      calendar_id: (record) => record.calendarId,
      resource_id: (record) => record.resourceId,
      schedule_type_id: (record) => record.calendarScheduleTypeId,
      start_ms: (record) => record.startMs,
      end_ms: (record) => record.endMs,
    },
  });
  // One statement whatever the number of resources: the ids travel as one array parameter.
  const listOverlapping = `SELECT doc FROM ${s}.bookings
    WHERE organization_id = $1 AND resource_id = ANY($2::text[]) AND start_ms < $3 AND end_ms > $4
    ORDER BY start_ms, seq`;
  const listByCalendar = `SELECT doc FROM ${s}.bookings WHERE organization_id = $1 AND calendar_id = $2
    ORDER BY start_ms, seq`;
  const countByCalendar = `SELECT calendar_id AS k, COUNT(*) AS n FROM ${s}.bookings
    WHERE organization_id = $1 GROUP BY calendar_id`;
  const countByScheduleType = `SELECT schedule_type_id AS k, COUNT(*) AS n FROM ${s}.bookings
    WHERE organization_id = $1 AND calendar_id = $2 AND schedule_type_id IS NOT NULL
    GROUP BY schedule_type_id`;

  return {
    bookings: (exec: PgExecutor): BookingRepository => {
      const base = bookings(exec);
      return {
        create: base.create,
        get: base.get,
        delete: base.delete,
        async listOverlapping(organizationId, resourceIds, startMs, endMs) {
          if (resourceIds.length === 0) return [];
          const rows = await exec.all(listOverlapping, [organizationId, [...resourceIds], endMs, startMs]);
          return docsOf<BookingRecord>(rows);
        },
        async listByCalendar(organizationId, calendarId) {
          return docsOf<BookingRecord>(await exec.all(listByCalendar, [organizationId, calendarId]));
        },
        async countByCalendar(organizationId) {
          return countsOf(await exec.all(countByCalendar, [organizationId]));
        },
        async countByScheduleType(organizationId, calendarId) {
          return countsOf(await exec.all(countByScheduleType, [organizationId, calendarId]));
        },
      };
    },
  };
}
