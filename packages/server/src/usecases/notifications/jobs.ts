/**
 * The notification jobs: their type, keys, payload, message ids and retry delays.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import { MAX_NOTIFICATION_REMINDERS } from '@leadbook/contract';
import type { NotificationKind } from '../../domain/notifications';
import { LEADBOOK_EVENT_UID_DOMAIN } from '../../ports/external-calendar';
import type { ScheduledJob } from '../../ports/scheduler';

/** The job type of every notification. */
export const NOTIFICATION_JOB_TYPE = 'booking.notification';

/** The payload of a notification job: everything the message needs that may be gone at send time. */
export interface NotificationJobPayload {
  /** Which message. */
  kind: NotificationKind;
  /** The booking's organization. */
  organizationId: string;
  /** The booking as it was when the message was scheduled (a cancellation's booking is gone by then). */
  booking: CalendarBooking;
  /** Who made the change the message is about (the `notificationFailed` event's trigger). */
  trigger: TriggerContext;
  /** The form the booking was made through, whose email field names the lead's address; or null. */
  formId: string | null;
  /** The invite's `SEQUENCE`: the booking's as of the change. */
  sequence: number;
  /** For a reminder, how long before the start it goes out, in minutes. */
  minutesBefore?: number;
  /** For a reschedule, the former interval. */
  previous?: { startMs: number; endMs: number };
  /** The message's stable id (its `Message-ID`), the same on every attempt. */
  messageId: string;
  /** The key of the first attempt's job; a retry's key adds its number. */
  jobKey: string;
  /** Which attempt this job is, from 1. */
  attempt: number;
  /** How many leases of this attempt ran before (a lease runs when its send never settled). */
  lease?: number;
}

/** The key of a booking's message job of `slot` (`confirmation`, `reschedule`, `cancellation`, `reminder:<i>`). */
export const notificationJobKey = (bookingId: string, slot: string) => `notify:${bookingId}:${slot}`;

/** The slots of a booking's reminders, one per possible offset. */
export const REMINDER_SLOTS = Array.from({ length: MAX_NOTIFICATION_REMINDERS }, (_, i) => `reminder:${i}`);

/**
 * The message id of a notification, as the message builders make it, such as
 * `reminder.b_1.2.60m@leadbook.events`: stored with the job, so each attempt sends the same `Message-ID`.
 */
export function notificationMessageId(
  kind: NotificationKind,
  bookingId: string,
  sequence: number,
  minutesBefore?: number,
): string {
  const part = kind === 'reminder' ? `${sequence}.${minutesBefore}m` : `${sequence}`;
  return `${kind}.${bookingId}.${part}@${LEADBOOK_EVENT_UID_DOMAIN}`;
}

/**
 * A notification job: the first attempt under `payload.jobKey`, later ones under that key with their
 * number (so a retry never depends on how a scheduler treats the key of the job that is running).
 */
export function notificationJob(runAt: number, payload: NotificationJobPayload): ScheduledJob {
  const { jobKey, attempt, lease = 0 } = payload;
  const key = attempt === 1 ? jobKey : `${jobKey}:attempt:${attempt}`;
  return {
    key: lease === 0 ? key : `${key}:lease:${lease}`,
    runAt,
    type: NOTIFICATION_JOB_TYPE,
    payload,
  };
}

/**
 * The lease of a send in progress: the same attempt of the same message again at `runAt`, under a
 * key of its own. It is cancelled once the send's outcome is written, and runs only when the process
 * died in between.
 */
export const leaseJob = (payload: NotificationJobPayload, runAt: number): ScheduledJob =>
  notificationJob(runAt, { ...payload, lease: (payload.lease ?? 0) + 1 });

/** How long after failed attempt `attempt` (from 1) the next one runs: 1, 2, 4, ... minutes, at most an hour. */
export const retryDelayMs = (attempt: number): number => Math.min(60_000 * 2 ** (attempt - 1), 3_600_000);
