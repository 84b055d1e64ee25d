/**
 * Calendar reads of the Connect API.
 *
 * @module
 */
import type { Calendar, CalendarDetail } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';

/** The organization's calendars, each with its booking `count`. */
export async function listCalendars(ctx: ServiceContext, organizationId: string): Promise<Calendar[]> {
  return readTx(ctx, async (tx) => {
    const [calendars, counts] = await Promise.all([
      tx.calendars.list(organizationId),
      tx.bookings.countByCalendar(organizationId),
    ]);
    return calendars.map((calendar) => ({ ...calendar, count: counts.get(calendar.id) ?? 0 }));
  });
}

/** One calendar with its legacy `scheduleTypes`; 404 when it is not the organization's. */
export async function getCalendar(
  ctx: ServiceContext,
  organizationId: string,
  id: string,
): Promise<CalendarDetail> {
  return readTx(ctx, async (tx) => {
    const calendar = await tx.calendars.get(organizationId, id);
    if (!calendar) throw notFound('Calendar');
    const [scheduleTypes, bookingCounts, typeCounts] = await Promise.all([
      tx.scheduleTypes.list(organizationId, { calendarId: id }),
      tx.bookings.countByCalendar(organizationId),
      tx.bookings.countByScheduleType(organizationId, id),
    ]);
    return {
      ...calendar,
      count: bookingCounts.get(id) ?? 0,
      scheduleTypes: scheduleTypes.map((type) => ({ ...type, count: typeCounts.get(type.id) ?? 0 })),
    };
  });
}
