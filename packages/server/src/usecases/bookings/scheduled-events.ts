/**
 * Scheduled appointment events: the job handler that fires `calendar.appointment.hasStarted` and
 * `calendar.appointment.hasEnded` at their times.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import type { ServiceContext } from '../../core/context';
import { runUnit } from '../../core/unit-of-work';
import type { JobHandler } from '../../ports/scheduler';
import type { JobHandlers } from '../jobs';
import { withCurrentMeeting } from '../meetings/fields';

/** Job types of the appointment timers. */
export const APPOINTMENT_JOB_TYPES = {
  hasStarted: 'calendar.appointment.hasStarted',
  hasEnded: 'calendar.appointment.hasEnded',
} as const;

/** The payload of an appointment timer job. */
export interface AppointmentJobPayload {
  /** The booking as it was when scheduled (the event carries its meeting fields as they are then). */
  booking: CalendarBooking;
  /** Who created the booking. */
  trigger: TriggerContext;
}

/** The job key of a booking's timer. */
export const appointmentJobKey = (bookingId: string, kind: keyof typeof APPOINTMENT_JOB_TYPES) =>
  `booking:${bookingId}:${kind}`;

/** The job handlers that turn due appointment timers into events, by job type. */
export function appointmentJobHandlers(ctx: ServiceContext): JobHandlers {
  const handler: JobHandler = async (job, run) => {
    const { booking, trigger } = job.payload as AppointmentJobPayload;
    await runUnit(
      ctx,
      async (tx, emit) => {
        // A scheduler that may run the job again (its instance died) finishes it with the event, so
        // the event is emitted once; a run that finds it finished emits nothing.
        if (run && ctx.unitJobStore && !(await run.finish(tx.jobs))) return;
        // A booking deleted meanwhile fires nothing, even if its job was not cancelled in time.
        const record = await tx.bookings.get(booking.organizationId, booking.id);
        if (!record) return;
        await emit(job.type as typeof APPOINTMENT_JOB_TYPES.hasStarted, booking.organizationId, trigger, {
          booking: withCurrentMeeting(booking, record),
        });
      },
      { eventsOf: booking.organizationId },
    );
  };
  return { [APPOINTMENT_JOB_TYPES.hasStarted]: handler, [APPOINTMENT_JOB_TYPES.hasEnded]: handler };
}
