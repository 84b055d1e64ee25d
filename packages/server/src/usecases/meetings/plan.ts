/**
 * What a booking's own units do about its meeting: plan it when the booking is created, release it
 * when the booking is deleted, and move it when the booking is rescheduled. Each only writes the
 * booking's meeting state and its jobs in the caller's unit; the provider is called by the jobs.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import type { ServiceContext } from '../../core/context';
import type { UnitJobs } from '../../core/unit-jobs';
import type { AppointmentTypeRecord, BookingRecord } from '../../ports/records';
import { meetingDeleteJob, meetingJobKey, meetingSyncJob } from './job';
import { withMeeting } from './state';

/**
 * The meeting a new booking of `appointmentType` on `resourceId` gets: `pending`, hosted by the
 * resource's host user (null when the setting names none: the job then fails it with that reason),
 * or null when the type has no meetings. Reads nothing: the booking has read its type already.
 */
export function plannedMeeting(
  appointmentType: AppointmentTypeRecord | null,
  resourceId: string | null,
): Pick<BookingRecord, 'meeting' | 'meetingDueAt'> {
  const setting = appointmentType?.meetings;
  if (!setting) return {};
  return {
    // Due at once: the job is scheduled with the booking.
    meetingDueAt: 0,
    meeting: {
      provider: setting.provider,
      status: 'pending',
      hostUserId: (resourceId && setting.hosts[resourceId]) || null,
      url: null,
      externalId: null,
      password: null,
      externalStartTime: null,
      durationMinutes: null,
      attempts: 0,
      lastError: null,
      attemptStartedAt: null,
      nextAttemptAt: null,
    },
  };
}

/** Schedules the job that creates a new booking's meeting, due now, with the booking's writes. */
export async function scheduleMeeting(ctx: ServiceContext, jobs: UnitJobs, booking: CalendarBooking) {
  if (booking.meetingStatus !== 'pending') return;
  await jobs.schedule(meetingSyncJob(booking.organizationId, booking.id, ctx.clock.now()));
}

/**
 * Inside the unit that deletes `booking`: cancels its meeting's pending job and, when the meeting
 * exists at the provider, schedules its deletion (due now, retried; "already gone" counts as done).
 * Returns the booking as the `deleted` event shows it: `meetingStatus: 'deleted'` (a `failed`
 * meeting, which never existed, stays `failed`). The unit takes `meetingLockKey(booking.id)`.
 */
export async function releaseMeeting(
  ctx: ServiceContext,
  jobs: UnitJobs,
  booking: BookingRecord,
): Promise<BookingRecord> {
  const meeting = booking.meeting;
  if (!meeting) return booking;
  await jobs.cancel(meetingJobKey(booking.id));
  if (meeting.externalId !== null && meeting.hostUserId !== null) {
    const ref = { externalId: meeting.externalId, hostUserId: meeting.hostUserId, bookingId: booking.id };
    await jobs.schedule(
      meetingDeleteJob(
        { organizationId: booking.organizationId, provider: meeting.provider, meeting: ref, attempts: 0 },
        ctx.clock.now(),
      ),
    );
  }
  const status = meeting.status === 'failed' ? 'failed' : 'deleted';
  return withMeeting(booking, { ...meeting, status, attemptStartedAt: null, nextAttemptAt: null });
}

/**
 * Moves a booking's meeting to the booking's new time: call it inside the unit that reschedules the
 * booking (with `meetingLockKey(booking.id)` among the unit's lock keys), with the booking at its new
 * time, and write the booking it returns. It schedules the booking's meeting job; the job compares
 * the booking's time with the time the provider holds and calls `MeetingProvider.update` (or creates
 * the meeting, if it does not exist yet). A meeting with an attempt in flight or a retry waiting
 * keeps its time (the attempt checks the booking's time again when it records its outcome); a
 * `failed` or `deleted` one is not moved; a booking without a meeting comes back as it is.
 *
 * @example
 * ```ts
 * // a reschedule use case, inside runUnit(ctx, fn, { lockKeys: [..., meetingLockKey(id)] }):
 * const moved = await moveMeeting(ctx, jobs, { ...record, startDateTime, endDateTime, startMs, endMs });
 * await tx.bookings.update(moved);
 * ```
 */
export async function moveMeeting(
  ctx: ServiceContext,
  jobs: UnitJobs,
  booking: BookingRecord,
): Promise<BookingRecord> {
  const meeting = booking.meeting;
  if (!meeting) return booking;
  const moved = withMeeting(booking, meeting);
  if (moved.meetingDueAt === null || moved.meetingDueAt === undefined) return moved;
  const runAt = Math.max(ctx.clock.now(), moved.meetingDueAt);
  await jobs.schedule(meetingSyncJob(booking.organizationId, booking.id, runAt));
  return moved;
}
