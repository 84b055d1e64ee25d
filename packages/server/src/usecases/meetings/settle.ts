/**
 * How a meeting attempt's failure is recorded: on the webhook retry schedule (`nextAttemptDelay`),
 * never past the booking's end (a meeting after its appointment helps no one), or at once for a
 * failure that no retry can mend; a meeting that gives up is `failed` and fires
 * `calendar.appointment.meetingFailed` with the reason (the activity log keeps it).
 *
 * @module
 */
import { nowIso, type ServiceContext } from '../../core/context';
import type { Unit } from '../../core/unit-of-work';
import { nextAttemptDelay } from '../../domain/webhooks';
import { isMeetingProviderError } from '../../ports/meetings';
import type { BookingRecord } from '../../ports/records';
import { bookingResponse } from '../bookings/response';
import { meetingJobKey, meetingSyncJob } from './job';
import { withMeeting } from './state';

/** A failed attempt: what went wrong, whether a retry may help and how long the provider asked to wait. */
export interface AttemptFailure {
  /** The reason (the activity log shows it). */
  message: string;
  /** Whether a later attempt may succeed. */
  retryable: boolean;
  /** The provider's requested wait, in milliseconds. */
  retryAfterMs?: number | undefined;
}

/** The failure a thrown value describes; anything but a `MeetingProviderError` is retryable. */
export function failureOf(error: unknown): AttemptFailure {
  if (isMeetingProviderError(error)) {
    return { message: error.message, retryable: error.retryable, retryAfterMs: error.retryAfterMs };
  }
  return { message: error instanceof Error ? error.message : String(error), retryable: true };
}

/**
 * Records a failed attempt of `booking`'s meeting in `unit`: the retry's job, or `failed` and the
 * `meetingFailed` event. `step` says what failed (`create` or `update`) for the reason.
 */
export async function settleFailure(
  ctx: ServiceContext,
  { tx, emit, jobs }: Unit,
  booking: BookingRecord,
  failure: AttemptFailure,
  step: 'create' | 'update',
): Promise<void> {
  const meeting = booking.meeting!;
  const now = ctx.clock.now();
  const attempts = meeting.attempts + 1;
  const delay = failure.retryable ? nextAttemptDelay(attempts) : null;
  const retryAt = delay === null ? null : now + Math.max(delay, failure.retryAfterMs ?? 0);
  const cleared = { ...meeting, attempts, lastError: failure.message, attemptStartedAt: null };
  if (retryAt !== null && retryAt < booking.endMs) {
    await tx.bookings.update(withMeeting(booking, { ...cleared, nextAttemptAt: retryAt }));
    await jobs.schedule(meetingSyncJob(booking.organizationId, booking.id, retryAt));
    return;
  }
  const failed = withMeeting(booking, { ...cleared, status: 'failed', nextAttemptAt: null });
  await tx.bookings.update(failed);
  await jobs.cancel(meetingJobKey(booking.id));
  const what = step === 'create' ? 'could not be created' : 'could not be moved';
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  ctx.logger.warn('meeting failed', {
    bookingId: booking.id,
    step,
    attempts,
    error: { name: 'MeetingProviderError', message: failure.message },
  });
  await emit('calendar.appointment.meetingFailed', booking.organizationId, booking.trigger, {
    booking: await bookingResponse(tx, failed),
    reason: `The meeting ${what} after ${tries}: ${failure.message}`,
  });
}

/** The lease an attempt holds its booking's meeting for: twice the provider call timeout. */
export const meetingLeaseMs = (ctx: Pick<ServiceContext, 'meetings'>) => 2 * ctx.meetings.timeoutMs;

/** `booking` with its meeting claimed for an attempt starting now. */
export function claimed(ctx: ServiceContext, booking: BookingRecord): BookingRecord {
  return withMeeting(booking, {
    ...booking.meeting!,
    attemptStartedAt: nowIso(ctx),
    nextAttemptAt: ctx.clock.now() + meetingLeaseMs(ctx),
  });
}
