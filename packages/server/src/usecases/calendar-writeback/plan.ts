/**
 * What a booking's own units do about its event in the receiving external calendar: each only
 * schedules jobs (and, on delete, forgets the stored event) in the caller's unit; the calendar is
 * called by the jobs. A service without external calendars, and a booking whose resource has no
 * receiving link, schedule nothing.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import type { ServiceContext } from '../../core/context';
import type { Unit } from '../../core/unit-of-work';
import type { BookingRecord } from '../../ports/records';
import { calendarEventDeleteJob, calendarEventJobKey, calendarEventSyncJob } from './job';

/** Whether `resourceId` has a link that receives bookings (one indexed read). */
async function receives({ tx }: Pick<Unit, 'tx'>, organizationId: string, resourceId: string | null) {
  if (!resourceId) return false;
  const links = await tx.externalCalendarLinks.list(organizationId, { resourceId });
  return links.some((link) => link.receivesBookings);
}

const syncNow = (
  ctx: ServiceContext,
  { jobs }: Pick<Unit, 'jobs'>,
  organizationId: string,
  bookingId: string,
) => jobs.schedule(calendarEventSyncJob({ organizationId, bookingId, attempt: 1 }, ctx.clock.now()));

/** Inside the unit that creates `booking`: schedules its event's creation, due now. */
export async function scheduleCalendarEvent(
  ctx: ServiceContext,
  unit: Pick<Unit, 'tx' | 'jobs'>,
  booking: CalendarBooking,
): Promise<void> {
  if (!ctx.externalCalendars || !(await receives(unit, booking.organizationId, booking.resourceId ?? null)))
    return;
  await syncNow(ctx, unit, booking.organizationId, booking.id);
}

/**
 * Inside the unit that reschedules a booking (`record` at its new time and resource, the unit
 * holding `meetingLockKey(record.id)`): schedules the sync job, which moves the event, or deletes
 * it from the old resource's calendar and creates it in the new one's.
 */
export async function moveCalendarEvent(
  ctx: ServiceContext,
  unit: Pick<Unit, 'tx' | 'jobs'>,
  record: BookingRecord,
): Promise<void> {
  if (!ctx.externalCalendars) return;
  const stored = await unit.tx.bookingCalendarEvents.get(record.organizationId, record.id);
  if (!stored && !(await receives(unit, record.organizationId, record.resourceId))) return;
  await syncNow(ctx, unit, record.organizationId, record.id);
}

/**
 * Inside the unit that deletes a booking (holding `meetingLockKey(record.id)`): cancels its pending
 * sync and, when its event exists, forgets it and schedules its deletion, due now. `booking` and
 * `trigger` are what a failure record of the deletion shows.
 */
export async function releaseCalendarEvent(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  record: BookingRecord,
  booking: CalendarBooking,
  trigger: TriggerContext,
): Promise<void> {
  if (!ctx.externalCalendars) return;
  await jobs.cancel(calendarEventJobKey(record.id));
  const stored = await tx.bookingCalendarEvents.get(record.organizationId, record.id);
  if (!stored) return;
  await tx.bookingCalendarEvents.delete(record.organizationId, record.id);
  const { organizationId, id: bookingId } = record;
  const payload = { organizationId, bookingId, attempt: 1, linkId: stored.linkId, eventId: stored.eventId };
  await jobs.schedule(calendarEventDeleteJob({ ...payload, booking, trigger }, ctx.clock.now()));
}
