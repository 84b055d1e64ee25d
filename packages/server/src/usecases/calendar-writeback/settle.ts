/**
 * What a failed write-back leaves behind: a retry job after {@link writebackRetryDelayMs} while
 * attempts remain and the failure is retryable, otherwise a `calendar.appointment.calendarEventFailed`
 * event in the activity log (and a `warn` log line).
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import type { ServiceContext } from '../../core/context';
import type { Unit } from '../../core/unit-of-work';
import type { ScheduledJob } from '../../ports/scheduler';
import { WRITEBACK_MAX_ATTEMPTS, writebackRetryDelayMs } from './job';

/** A failed write-back attempt and what its record shows. */
export interface WritebackFailure {
  /** What the attempt did. */
  operation: 'create' | 'move' | 'delete';
  /** Whether a later attempt may succeed. */
  retryable: boolean;
  /** What went wrong (the adapter's message, never a credential). */
  detail: string;
  /** Which attempt failed, from 1. */
  attempt: number;
  /** The link whose calendar was written. */
  linkId: string;
  /** The booking, for the record. */
  booking: CalendarBooking;
  /** The trigger of the record's event. */
  trigger: TriggerContext;
  /** The job of the next attempt, due at the time given. */
  retry: (runAt: number) => ScheduledJob;
}

/** Writes a retry, or the failure record when none is left. */
export async function settleFailure(
  ctx: ServiceContext,
  { emit, jobs }: Pick<Unit, 'emit' | 'jobs'>,
  failure: WritebackFailure,
): Promise<void> {
  const { operation, attempt, detail, booking } = failure;
  const fields = {
    bookingId: booking.id,
    externalCalendarLinkId: failure.linkId,
    operation,
    attempt,
    detail,
  };
  if (failure.retryable && attempt < WRITEBACK_MAX_ATTEMPTS) {
    const retryAt = ctx.clock.now() + writebackRetryDelayMs(attempt);
    ctx.logger.warn('calendar write-back failed; retrying', { ...fields, retryAt });
    await jobs.schedule(failure.retry(retryAt));
    return;
  }
  const reason = failure.retryable ? 'retriesExhausted' : 'rejected';
  ctx.logger.warn('calendar write-back failed', { ...fields, reason });
  await emit('calendar.appointment.calendarEventFailed', booking.organizationId, failure.trigger, {
    booking,
    calendarEvent: { operation, externalCalendarLinkId: failure.linkId, reason, detail },
  });
}
