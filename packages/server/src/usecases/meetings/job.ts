/**
 * The scheduler jobs of video meetings. Each booking with a meeting has one keyed job,
 * `meeting:<bookingId>`, that brings the provider in line with the booking: it creates the meeting,
 * or moves it when the booking's time no longer matches the time the provider holds. A deleted
 * booking's meeting is deleted by a job of its own, keyed by the meeting, whose payload carries
 * what the deletion needs (the booking is gone).
 *
 * @module
 */
import type { ScheduledJob } from '../../ports/scheduler';
import type { MeetingRef, MeetingProviderName } from '../../ports/meetings';

/** The job type that creates or moves a booking's meeting. */
export const MEETING_SYNC_JOB_TYPE = 'booking.meeting.sync';

/** The job type that deletes the meeting of a deleted booking. */
export const MEETING_DELETE_JOB_TYPE = 'booking.meeting.delete';

/** The job key of a booking's meeting: every create, move and retry of it reuses the key. */
export const meetingJobKey = (bookingId: string) => `meeting:${bookingId}`;

/** The job key of a meeting's deletion. */
export const meetingDeleteJobKey = (bookingId: string, externalId: string) =>
  `meeting:${bookingId}:delete:${externalId}`;

/**
 * The lock key of a booking's meeting: the units that claim or record a meeting attempt and the
 * units that delete (or, later, reschedule) the booking take it, so none of them loses another's write.
 */
export const meetingLockKey = (bookingId: string) => `booking:${bookingId}`;

/** The payload of a sync job. */
export interface MeetingSyncPayload {
  /** The booking's organization. */
  organizationId: string;
  /** The booking. */
  bookingId: string;
}

/** The payload of a delete job: the meeting, since the booking is gone. */
export interface MeetingDeletePayload {
  /** The booking's organization. */
  organizationId: string;
  /** The provider that holds the meeting. */
  provider: MeetingProviderName;
  /** The meeting. */
  meeting: MeetingRef;
  /** Attempts made so far (the one starting included once it is claimed). */
  attempts: number;
}

/** The sync job of a booking's meeting, due at `runAt`. */
export const meetingSyncJob = (organizationId: string, bookingId: string, runAt: number): ScheduledJob => ({
  key: meetingJobKey(bookingId),
  runAt,
  type: MEETING_SYNC_JOB_TYPE,
  payload: { organizationId, bookingId } satisfies MeetingSyncPayload,
});

/** The delete job of a meeting, due at `runAt`. */
export const meetingDeleteJob = (payload: MeetingDeletePayload, runAt: number): ScheduledJob => ({
  key: meetingDeleteJobKey(payload.meeting.bookingId, payload.meeting.externalId),
  runAt,
  type: MEETING_DELETE_JOB_TYPE,
  payload,
});
