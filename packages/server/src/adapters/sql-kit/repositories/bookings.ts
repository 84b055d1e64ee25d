/**
 * Calendar bookings.
 *
 * @module
 */
import type { BookingInterval, BookingRecord } from '../../../ports/records';
import type { BookingRepository } from '../../../ports/storage';
import { statement, type Placeholders, type SqlDialect } from '../dialect';
import { countsOf, docsOf } from '../documents';
import type { SqlExecutor, SqlRow } from '../executor';
import { scopedTable } from '../scoped-table';

// `pg` returns a bigint column as text.
// Buffers appear only when set, so a booking without rules reads as it was stored.
const intervalOf = (row: SqlRow): BookingInterval => {
  const interval: BookingInterval = {
    id: String(row['id']),
    resourceId: row['resource_id'] === null ? null : String(row['resource_id']),
    startMs: Number(row['start_ms']),
    endMs: Number(row['end_ms']),
  };
  const before = Number(row['buffer_before_ms']);
  const after = Number(row['buffer_after_ms']);
  if (before > 0) interval.bufferBeforeMs = before;
  if (after > 0) interval.bufferAfterMs = after;
  return interval;
};

/** The booking repository in `d`. */
export function bookingRepositories(d: SqlDialect) {
  const bookings = scopedTable<BookingRecord>(d, {
    table: 'bookings',
    columns: {
      calendar_id: (record) => record.calendarId,
      resource_id: (record) => record.resourceId,
      schedule_type_id: (record) => record.calendarScheduleTypeId,
      start_ms: (record) => record.startMs,
      end_ms: (record) => record.endMs,
      buffer_before_ms: (record) => record.bufferBeforeMs ?? 0,
      buffer_after_ms: (record) => record.bufferAfterMs ?? 0,
    },
  });
  const t = d.table('bookings');
  // Only the columns a capacity check needs: no document to read or parse. One statement whatever
  // the number of resources (the ids travel as one JSON array), and a plain equality for the one
  // resource of a booking. Where the schema keeps the longest duration, a booking ending after
  // startMs started after startMs minus it, which bounds the index range from below (without it,
  // every earlier booking of the resource is scanned).
  const floor = d.maxBookingDuration;
  const overlapping = (resource: (p: Placeholders) => string) =>
    statement(
      d,
      (p) => `SELECT id, resource_id, start_ms, end_ms, buffer_before_ms, buffer_after_ms FROM ${t}
    WHERE organization_id = ${p.value()} AND ${resource(p)}
      AND start_ms < ${p.value()}${floor === undefined ? '' : ` AND start_ms > ${p.value()} - ${floor}`}
      AND end_ms > ${p.value()}
    ORDER BY start_ms, seq`,
    );
  const overlappingOne = overlapping((p) => `resource_id = ${p.value()}`);
  const overlappingAny = overlapping((p) => d.inJsonList('resource_id', p.value()));
  // A feed's read: the same index range as a capacity check, with the documents, bounded.
  const byResource = (order: 'ASC' | 'DESC') =>
    statement(
      d,
      (p) => `SELECT doc FROM ${t}
    WHERE organization_id = ${p.value()} AND resource_id = ${p.value()}
      AND start_ms < ${p.value()}${floor === undefined ? '' : ` AND start_ms > ${p.value()} - ${floor}`}
      AND end_ms > ${p.value()}
    ORDER BY start_ms ${order}, seq ${order} LIMIT ${p.value()}`,
    );
  const byResourceEarliest = byResource('ASC');
  const byResourceLatest = byResource('DESC');
  const listByCalendar = statement(
    d,
    (p) => `SELECT doc FROM ${t} WHERE organization_id = ${p.value()} AND calendar_id = ${p.value()}
    ORDER BY start_ms, seq`,
  );
  const listMeetingsDue = statement(
    d,
    (p) => `SELECT doc FROM ${t} WHERE ${d.jsonText('doc', 'meetingDueAt')} IS NOT NULL
    ORDER BY seq LIMIT ${p.value()}`,
  );
  const countByCalendar = statement(
    d,
    (p) =>
      `SELECT calendar_id AS k, COUNT(*) AS n FROM ${t} WHERE organization_id = ${p.value()} GROUP BY calendar_id`,
  );
  const countByScheduleType = statement(
    d,
    (p) => `SELECT schedule_type_id AS k, COUNT(*) AS n FROM ${t}
    WHERE organization_id = ${p.value()} AND calendar_id = ${p.value()} AND schedule_type_id IS NOT NULL
    GROUP BY schedule_type_id`,
  );

  return {
    bookings: (exec: SqlExecutor): BookingRepository => {
      const base = bookings(exec);
      return {
        create: base.create,
        get: base.get,
        update: base.update,
        delete: base.delete,
        async listOverlapping(organizationId, resourceIds, startMs, endMs) {
          if (resourceIds.length === 0) return [];
          const [sql, resources] =
            resourceIds.length === 1
              ? [overlappingOne, resourceIds[0]]
              : [overlappingAny, JSON.stringify(resourceIds)];
          const bounds = floor === undefined ? [endMs, startMs] : [endMs, startMs, startMs];
          const rows = await exec.all(sql, [organizationId, resources, ...bounds]);
          return rows.map(intervalOf);
        },
        async listByResource(organizationId, resourceId, range) {
          const { startMs, endMs, limit } = range;
          const bounds = floor === undefined ? [endMs, startMs] : [endMs, startMs, startMs];
          const sql = range.latestFirst ? byResourceLatest : byResourceEarliest;
          const rows = await exec.all(sql, [organizationId, resourceId, ...bounds, Math.max(0, limit)]);
          return docsOf<BookingRecord>(d, rows);
        },
        async listMeetingsDue(limit) {
          return docsOf<BookingRecord>(d, await exec.all(listMeetingsDue, [Math.max(0, limit)]));
        },
        async listByCalendar(organizationId, calendarId) {
          return docsOf<BookingRecord>(d, await exec.all(listByCalendar, [organizationId, calendarId]));
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
