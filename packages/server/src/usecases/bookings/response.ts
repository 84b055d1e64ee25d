/**
 * The booking response: the stored booking plus, when a lead is linked, its state's name
 * and color, its data, its pool and the pool's schema fields.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import type { BookingRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { meetingFields } from '../meetings/fields';

const optional = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: V };

/** Builds the response of a booking inside a transaction. */
export async function bookingResponse(tx: Repositories, booking: BookingRecord): Promise<CalendarBooking> {
  const response: CalendarBooking = {
    id: booking.id,
    organizationId: booking.organizationId,
    calendarId: booking.calendarId,
    ...optional('name', booking.name),
    createdAt: booking.createdAt,
    startDateTime: booking.startDateTime,
    endDateTime: booking.endDateTime,
    ...optional('resourceId', booking.resourceId),
    ...optional('appointmentTypeId', booking.appointmentTypeId),
    ...optional('resourceSlotId', booking.resourceSlotId),
    ...optional('calendarScheduleTypeId', booking.calendarScheduleTypeId),
    ...optional('calendarScheduleTypeSlotId', booking.calendarScheduleTypeSlotId),
    ...meetingFields(booking.meeting),
  };
  if (!booking.tableEntryId) return response;
  response.tableEntryId = booking.tableEntryId;
  const entry = await tx.entries.get(booking.organizationId, booking.tableEntryId);
  if (!entry) return response;
  const [state, schema] = await Promise.all([
    tx.leadStates.get(booking.organizationId, entry.leadStateId),
    tx.tableSchemas.get(booking.organizationId, entry.tableId),
  ]);
  return {
    ...response,
    tableEntryData: entry.data,
    tableId: entry.tableId,
    tableSchemaFields: schema?.fields ?? {},
    ...(state ? { leadStateName: state.name, leadStateColor: state.color } : {}),
  };
}
