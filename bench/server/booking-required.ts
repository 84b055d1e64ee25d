/**
 * The floor of the work a booking cannot leave out, a breakdown for the booking goal of issue 21:
 * the booking floor's rows (see `booking-floor.ts`) after the checks the spec requires of them,
 * written as directly as a loop of statements can, on a copy of the use case's database: the
 * calendar, appointment type, resource and slot read by id (and the resource's mappings to the
 * calendar and the type), the interval checked against the type's length, now, and the slot's
 * weekday and wall-clock window in the calendar's time zone, the calendar's blockers, and the
 * bookings (with their buffers) and active holds that overlap it, counted against the resource's
 * capacity. No booking rules are set in the bench's type, so none is checked. What it leaves out
 * (the availability engine, the unit of work, the events bus) is the use case's design.
 */
import { IANAZone } from 'luxon';
import type { SqlJsStorage } from '../../packages/server/src/adapters/sqljs';
import { SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import { loadSqlJs } from '../../packages/server/src/adapters/sqljs/load-sql-js';
import {
  DAY_MS,
  isoWeekday,
  MINUTE_MS,
  parseLocalDate,
  parseWallTime,
} from '../../packages/server/src/domain/availability/local-time';
import { bookingFloor } from './booking-floor';
import { docOf } from './required-writes';

/** What one booking names, as a client sends it. */
export interface BookingBody {
  calendarId: string;
  appointmentTypeId: string;
  resourceId: string;
  resourceSlotId: string;
}

/**
 * A function that checks and books slot `index` in one transaction (it throws, having written
 * nothing, when a check refuses), on a copy of `storage` as it is now, and that copy's connection.
 */
export async function requiredBooking(
  storage: SqlJsStorage,
  sample: { organizationId: string; bookingId: string },
  slot: (index: number) => { startMs: number; endMs: number },
  body: (index: number) => BookingBody,
  maxLengthMs: number,
): Promise<{ book: (index: number, nowMs: number) => void; connection: SqlConnection }> {
  const connection = new SqlConnection(new (await loadSqlJs()).Database(storage.exportBytes()));
  connection.applyPragmas();
  const { writes } = await bookingFloor(storage, sample, slot, maxLengthMs, connection);
  const org = sample.organizationId;
  const byId = (table: string, id: string) =>
    docOf(connection.get(`SELECT doc FROM ${table} WHERE organization_id = ? AND id = ?`, [org, id]));
  const refuse = (why: string): never => {
    throw new Error(`required booking refused: ${why}`);
  };

  const check = (index: number, nowMs: number) => {
    const { startMs, endMs } = slot(index);
    const { calendarId, appointmentTypeId, resourceId, resourceSlotId } = body(index);
    const calendar = byId('calendars', calendarId);
    const type = byId('appointment_types', appointmentTypeId);
    const resource = byId('resources', resourceId);
    const resourceSlot = byId('resource_slots', resourceSlotId);
    if (!calendar || !type || !resource || resource.archived || !resourceSlot) refuse('unknown record');
    const mapped = (table: string, column: string, id: string) =>
      connection.get(
        `SELECT 1 AS m FROM ${table} WHERE organization_id = ? AND ${column} = ? AND resource_id = ?`,
        [org, id, resourceId],
      );
    if (!mapped('resource_calendar_mappings', 'calendar_id', calendarId)) refuse('not on the calendar');
    if (!mapped('appointment_type_resource_mappings', 'appointment_type_id', appointmentTypeId)) {
      refuse('not for the type');
    }
    if (resourceSlot.resourceId !== resourceId || resourceSlot.calendarId !== calendarId)
      refuse('other slot');
    if (endMs - startMs !== type.bookingLength * MINUTE_MS || startMs < nowMs) refuse('length or past');
    // The start's wall clock in the calendar's zone: its weekday and minute of the day.
    const localMs = startMs + IANAZone.create(calendar.tzdata).offset(startMs) * MINUTE_MS;
    const day = Math.floor(localMs / DAY_MS);
    const minute = (localMs - day * DAY_MS) / MINUTE_MS;
    const from = parseWallTime(resourceSlot.startTime, false)!;
    const to = parseWallTime(resourceSlot.endTime, true)!;
    if (isoWeekday(day) !== resourceSlot.weekday || minute < from || minute + type.bookingLength > to) {
      refuse('outside the slot');
    }
    if ((minute - from) % type.searchLength !== 0) refuse('not a candidate start');
    const { validFrom, validUntil } = resourceSlot;
    if (
      (validFrom && day < parseLocalDate(validFrom)!) ||
      (validUntil && day > parseLocalDate(validUntil)!)
    ) {
      refuse('outside the dates of the slot');
    }
    const blockers = connection
      .all('SELECT doc FROM blockers WHERE organization_id = ? AND calendar_id = ? ORDER BY seq', [
        org,
        calendarId,
      ])
      .map(docOf);
    const blocked = blockers.some(
      (b: { resourceId: string | null; startDateTime: string; endDateTime: string }) =>
        (b.resourceId === null || b.resourceId === resourceId) &&
        Date.parse(b.startDateTime) < endMs &&
        Date.parse(b.endDateTime) > startMs,
    );
    if (blocked) refuse('blocked');
    const count = (sql: string, params: Array<string | number>) => Number(connection.get(sql, params)?.['n']);
    const taken =
      count(
        `SELECT COUNT(*) AS n FROM bookings WHERE organization_id = ? AND resource_id = ?
         AND start_ms > ? AND start_ms - buffer_before_ms < ? AND end_ms + buffer_after_ms > ?`,
        [org, resourceId, startMs - maxLengthMs, endMs, startMs],
      ) +
      count(
        `SELECT COUNT(*) AS n FROM holds WHERE organization_id = ? AND resource_id = ?
         AND start_ms < ? AND end_ms > ? AND expires_ms > ?`,
        [org, resourceId, endMs, startMs, nowMs],
      );
    if (taken >= resource.maxParallelBookings) refuse('full');
  };

  const book = (index: number, nowMs: number) => {
    connection.control('BEGIN');
    try {
      check(index, nowMs);
      writes(index);
      connection.control('COMMIT');
    } catch (error) {
      connection.control('ROLLBACK');
      throw error;
    }
  };
  return { book, connection };
}
