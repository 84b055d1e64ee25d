/**
 * The write-back jobs: a booking's event in its resource's receiving external calendar is created
 * and moved by a sync job keyed by the booking, and deleted by a delete job whose payload carries
 * the event (the booking is gone by then). Retries and leases run under keys of their own, so a
 * retry never depends on how a scheduler treats the key of the job that is running.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import type { ScheduledJob } from '../../ports/scheduler';

/** The job type that creates or moves a booking's event. */
export const CALENDAR_EVENT_SYNC_JOB_TYPE = 'booking.calendarEvent.sync';

/** The job type that deletes the event of a deleted (or moved away) booking. */
export const CALENDAR_EVENT_DELETE_JOB_TYPE = 'booking.calendarEvent.delete';

/** Attempts of one write before it is recorded as failed: the first and four retries. */
export const WRITEBACK_MAX_ATTEMPTS = 5;

/** How long after failed attempt `attempt` (from 1) the next one runs: 1, 2, 4, 8 minutes. */
export const writebackRetryDelayMs = (attempt: number): number => 60_000 * 2 ** (attempt - 1);

/** What every write-back job carries. */
interface Attempted {
  /** The booking's organization. */
  organizationId: string;
  /** The booking. */
  bookingId: string;
  /** Which attempt this job is, from 1. */
  attempt: number;
  /** How many leases of this attempt ran before (a lease runs when its attempt never settled). */
  lease?: number;
}

/** The payload of a sync job: the booking is read when it runs. */
export type CalendarEventSyncPayload = Attempted;

/** The payload of a delete job: the event and what its failure record shows. */
export interface CalendarEventDeletePayload extends Attempted {
  /** The link whose calendar holds the event. */
  linkId: string;
  /** The adapter's id of the event. */
  eventId: string;
  /** The booking as it was when it was deleted (or moved away), for the failure record. */
  booking: CalendarBooking;
  /** Who deleted or moved the booking. */
  trigger: TriggerContext;
}

/** The key of a booking's sync job: each create, move and reschedule reuses it. */
export const calendarEventJobKey = (bookingId: string) => `calendar-event:${bookingId}`;

const keyOf = (base: string, { attempt, lease = 0 }: Attempted) => {
  const key = attempt === 1 ? base : `${base}:attempt:${attempt}`;
  return lease === 0 ? key : `${key}:lease:${lease}`;
};

/** The sync job of a booking, due at `runAt`. */
export const calendarEventSyncJob = (payload: CalendarEventSyncPayload, runAt: number): ScheduledJob => ({
  key: keyOf(calendarEventJobKey(payload.bookingId), payload),
  runAt,
  type: CALENDAR_EVENT_SYNC_JOB_TYPE,
  payload,
});

/** The delete job of an event, due at `runAt`. */
export const calendarEventDeleteJob = (payload: CalendarEventDeletePayload, runAt: number): ScheduledJob => ({
  key: keyOf(`calendar-event:${payload.bookingId}:delete:${payload.eventId}`, payload),
  runAt,
  type: CALENDAR_EVENT_DELETE_JOB_TYPE,
  payload,
});

/** The same attempt again at `runAt` under a lease key: it runs only if the attempt never settled. */
export const leaseOf = (job: ScheduledJob, runAt: number): ScheduledJob => {
  const payload = job.payload as Attempted;
  const leased = { ...payload, lease: (payload.lease ?? 0) + 1 };
  return job.type === CALENDAR_EVENT_SYNC_JOB_TYPE
    ? calendarEventSyncJob(leased, runAt)
    : calendarEventDeleteJob(leased as CalendarEventDeletePayload, runAt);
};
