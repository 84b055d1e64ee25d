/**
 * Scheduled appointment events: the job handler that fires `calendar.appointment.hasStarted` and
 * `calendar.appointment.hasEnded` at their times.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { runUnit } from '../core/unit-of-work';
import type { JobHandler } from '../ports/scheduler';

/** Job types of the appointment timers. */
export const APPOINTMENT_JOB_TYPES = {
  hasStarted: 'calendar.appointment.hasStarted',
  hasEnded: 'calendar.appointment.hasEnded',
} as const;

/** The payload of an appointment timer job. */
export interface AppointmentJobPayload {
  /** The booking as it was when scheduled. */
  booking: CalendarBooking;
  /** Who created the booking. */
  trigger: TriggerContext;
}

/** The job key of a booking's timer. */
export const appointmentJobKey = (bookingId: string, kind: keyof typeof APPOINTMENT_JOB_TYPES) =>
  `booking:${bookingId}:${kind}`;

/** Creates the handler that turns due appointment jobs into events. */
export function createScheduledEventHandler(ctx: ServiceContext): JobHandler {
  return async (job) => {
    if (job.type !== APPOINTMENT_JOB_TYPES.hasStarted && job.type !== APPOINTMENT_JOB_TYPES.hasEnded) {
      ctx.logger.warn('unknown job type', { type: job.type, key: job.key });
      return;
    }
    const { booking, trigger } = job.payload as AppointmentJobPayload;
    await runUnit(ctx, async (tx, emit) => {
      // A booking deleted meanwhile fires nothing, even if its job was not cancelled in time.
      if (!(await tx.bookings.get(booking.organizationId, booking.id))) return;
      await emit(job.type as typeof APPOINTMENT_JOB_TYPES.hasStarted, booking.organizationId, trigger, {
        booking,
      });
    });
  };
}
