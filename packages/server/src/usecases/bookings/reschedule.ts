/**
 * `PATCH /connect/calendar_bookings/:id` (extension): moves a booking to a new interval, and
 * optionally to another resource, in one transaction.
 *
 * @module
 */
import type { CalendarBooking, RescheduleCalendarBookingBody, TriggerContext } from '@leadbook/contract';
import { nowIso, readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { runUnit, type Unit } from '../../core/unit-of-work';
import type { BookingRecord } from '../../ports/records';
import { buffersOf, slotStarted } from '../availability';
import { assertResourceExternallyFree } from '../external-calendars';
import { checkPlannerInterval, invalid, usableHold } from './checks';
import { bookingResponse } from './response';
import { scheduleAppointmentTimers } from './index';
import { meetingLockKey, moveMeeting } from '../meetings';
import { moveCalendarEvent } from '../calendar-writeback';
import { inviteSequence, planRescheduledNotifications, withNextInviteSequence } from '../notifications';

/** One reschedule. */
export interface RescheduleRequest {
  /** The booking's organization. */
  organizationId: string;
  /** The booking. */
  id: string;
  /** The new interval (and resource). */
  body: RescheduleCalendarBookingBody;
  /** Who asked. */
  trigger: TriggerContext;
}

// A concurrent reschedule may move the booking to another resource between the read that names
// the locks and the locked transaction: then the locks are taken again, a bounded number of times.
const LOCK_ATTEMPTS = 3;

/** The new record, checked as a booking of the new interval would be (the booking itself not counting). */
async function movedRecord(
  ctx: ServiceContext,
  tx: Unit['tx'],
  record: BookingRecord,
  body: RescheduleCalendarBookingBody,
) {
  const org = record.organizationId;
  const nowMs = ctx.clock.now();
  const startMs = Date.parse(body.startDateTime);
  const endMs = Date.parse(body.endDateTime);
  if (record.startMs < nowMs) {
    throw invalid('startDateTime', 'The booking has already started and can no longer be rescheduled');
  }
  const organization = await tx.organizations.get(org);
  const interval = {
    startMs,
    endMs,
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(endMs).toISOString(),
  };
  if (!organization?.resourcePlanner || !record.resourceId || !record.appointmentTypeId) {
    if (body.resourceId || body.resourceSlotId || body.holdId) {
      throw invalid('resourceId', 'The booking is not on the resource planner: send only the new interval');
    }
    if (startMs < nowMs) throw slotStarted();
    return { record: { ...record, ...interval }, holdId: null };
  }
  const resourceId = body.resourceId ?? record.resourceId;
  if (body.resourceId && !(await tx.resources.get(org, resourceId))) throw notFound('Resource');
  const wanted = {
    calendarId: record.calendarId,
    appointmentTypeId: record.appointmentTypeId,
    resourceId,
    startMs,
    endMs,
    nowMs,
  };
  const hold = await usableHold(tx, org, body.holdId, wanted);
  const checked = await checkPlannerInterval(tx, org, {
    ...wanted,
    resourceSlotId: body.resourceSlotId,
    publicOnly: false,
    excludeIds: new Set(hold ? [record.id, hold.id] : [record.id]),
  });
  const { bufferBeforeMs: _before, bufferAfterMs: _after, ...rest } = record;
  return {
    record: {
      ...rest,
      ...interval,
      resourceId,
      resourceSlotId: checked.resourceSlotId,
      ...buffersOf(checked.appointmentType),
    },
    holdId: body.holdId ?? null,
  };
}

/**
 * Moves a booking: capacity, buffers, the daily limit and the booking window are checked for the
 * new interval with the booking itself not counting, all under the locks of the old and the new
 * resource, so the old time is released only when the new one is taken and a refused reschedule
 * changes nothing. The timers move, the meeting moves (`moveMeeting`), and one
 * `calendar.appointment.rescheduled` fires with the old and new times.
 *
 * @throws ServiceError: 404 for an unknown booking or resource; 400 for a new interval that is not
 *   bookable, full (`slotUnavailable`), outside the booking window, or for a booking that started.
 */
export async function rescheduleBooking(
  ctx: ServiceContext,
  request: RescheduleRequest,
): Promise<CalendarBooking> {
  const { organizationId: org, id, body, trigger } = request;
  for (let attempt = 1; ; attempt++) {
    const current = await readTx(ctx, (tx) => tx.bookings.get(org, id));
    if (!current) throw notFound('Booking');
    // The new interval's external calendars, read before the transaction (never from the cache).
    const target = body.resourceId ?? current.resourceId;
    if (attempt === 1 && target) {
      const [startMs, endMs] = [Date.parse(body.startDateTime), Date.parse(body.endDateTime)];
      await assertResourceExternallyFree(ctx, org, target, startMs, endMs);
    }
    const resources = [...new Set([current.resourceId, body.resourceId ?? current.resourceId])];
    const lockKeys = [
      ...resources.map((resource) => (resource ? `resource:${resource}` : `calendar:${current.calendarId}`)),
      meetingLockKey(id),
    ];
    const result = await runUnit(
      ctx,
      async (tx, emit, jobs) => {
        const record = await tx.bookings.get(org, id);
        if (!record) throw notFound('Booking');
        // Moved to another resource meanwhile: its lock is not ours; take the right ones.
        if (record.resourceId !== current.resourceId) return null;
        const moved = await movedRecord(ctx, tx, record, body);
        if (moved.holdId) await tx.holds.delete(org, moved.holdId);
        const written = {
          ...withNextInviteSequence(await moveMeeting(ctx, jobs, moved.record)),
          rescheduledAt: nowIso(ctx),
        };
        await tx.bookings.update(written);
        await moveCalendarEvent(ctx, { tx, jobs }, written);
        const booking = await bookingResponse(tx, written);
        await scheduleAppointmentTimers(jobs, booking, record.trigger);
        await planRescheduledNotifications(
          ctx,
          { tx, jobs },
          {
            booking,
            sequence: inviteSequence(written),
            trigger,
            formId: record.trigger.formId ?? null,
            previous: record,
          },
        );
        await emit('calendar.appointment.rescheduled', org, trigger, {
          booking,
          previous: {
            startDateTime: record.startDateTime,
            endDateTime: record.endDateTime,
            resourceId: record.resourceId,
            resourceSlotId: record.resourceSlotId,
          },
        });
        return booking;
      },
      { lockKeys, eventsOf: org },
    );
    if (result) return result;
    if (attempt >= LOCK_ATTEMPTS)
      throw invalid('id', 'The booking is being rescheduled by another request: try again');
  }
}
