/**
 * The booking records: bookings, their video meetings, the intervals a capacity check reads, and
 * slot holds.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';

/** A calendar booking as stored; the response enrichment (lead state, lead data) is computed on read. */
export interface BookingRecord {
  /** Booking id. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The calendar booked. */
  calendarId: string;
  /** Optional title. */
  name: string | null;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Start (ISO-8601, UTC). */
  startDateTime: string;
  /** End (ISO-8601, UTC). */
  endDateTime: string;
  /** Start in epoch milliseconds (for range queries). */
  startMs: number;
  /** End in epoch milliseconds (for range queries). */
  endMs: number;
  /** Linked lead entry. */
  tableEntryId: string | null;
  /** Booked resource (resource planner). */
  resourceId: string | null;
  /** Booked appointment type (resource planner). */
  appointmentTypeId: string | null;
  /** The resource slot the interval belongs to (resource planner). */
  resourceSlotId: string | null;
  /** Legacy schedule type. */
  calendarScheduleTypeId: string | null;
  /** Legacy schedule type slot. */
  calendarScheduleTypeSlotId: string | null;
  /** Who created the booking; scheduled events reuse it. */
  trigger: TriggerContext;
  /**
   * Milliseconds before the start the booking occupies its resource too (its appointment type's
   * `bufferBeforeMinutes` when it was booked); absent: none.
   */
  bufferBeforeMs?: number;
  /** Milliseconds after the end the booking occupies its resource too; absent: none. */
  bufferAfterMs?: number;
  /** The booking's video meeting; absent or null when its appointment type has none. */
  meeting?: BookingMeetingRecord | null;
  /**
   * When the meeting's job is next due (epoch ms; 0: at once), or absent or null when the meeting
   * needs nothing: what the start-up sweep `BookingRepository.listMeetingsDue` finds.
   */
  meetingDueAt?: number | null;
  /**
   * The `SEQUENCE` of the booking's calendar invites: absent (0) as booked, one more on each
   * reschedule, so a mail client moves the event the first invite added.
   */
  notificationSequence?: number;
  /** When the booking was last moved (ISO-8601); absent when it never was. */
  rescheduledAt?: string;
}

/**
 * The video meeting of a booking (its response's meeting fields) and the state of its job: the meeting
 * job claims an attempt by setting `attemptStartedAt` (a lease that ends at `nextAttemptAt`).
 */
export interface BookingMeetingRecord {
  /** The provider. */
  provider: NonNullable<CalendarBooking['meetingProvider']>;
  /** `pending` until created, `failed` after the retries, `deleted` with the booking. */
  status: NonNullable<CalendarBooking['meetingStatus']>;
  /** The provider user hosting the meeting, or null when the resource has none. */
  hostUserId: string | null;
  /** The join URL, once created. */
  url: string | null;
  /** The provider's meeting id, once created. */
  externalId: string | null;
  /** The passcode, once created (null when the meeting has none). */
  password: string | null;
  /** The start the provider holds (ISO-8601), once created or moved. */
  externalStartTime: string | null;
  /** The length in minutes the provider holds, once created or moved. */
  durationMinutes: number | null;
  /** Failed attempts of the job's current step (creating or moving), reset when one succeeds. */
  attempts: number;
  /** The last attempt's error, or null. */
  lastError: string | null;
  /** When the attempt in flight started (ISO-8601), or null when none is. */
  attemptStartedAt: string | null;
  /** When the job is next due (epoch ms): a retry, or the end of the lease of an attempt in flight. */
  nextAttemptAt: number | null;
}

/**
 * Where a booking sits in time: what capacity checks read (`BookingRepository.listOverlapping`),
 * without the rest of the record.
 */
export type BookingInterval = Pick<
  BookingRecord,
  'id' | 'resourceId' | 'startMs' | 'endMs' | 'bufferBeforeMs' | 'bufferAfterMs'
>;

/**
 * A hold on one place of a candidate (extension): until `expiresMs` it counts against the
 * resource's capacity like a booking of the same interval and buffers. An expired hold simply stops
 * counting; the store deletes it later.
 */
export interface HoldRecord {
  /** Hold id (the `holdId` a booking passes). */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** Who holds it: `form:<formId>:<client>` or `token:<apiTokenId>`; bounds the holds per holder. */
  holder: string;
  /** The calendar. */
  calendarId: string;
  /** The appointment type. */
  appointmentTypeId: string;
  /** The held resource. */
  resourceId: string;
  /** The resource slot of the candidate. */
  resourceSlotId: string;
  /** Start (ISO-8601, UTC). */
  startDateTime: string;
  /** End (ISO-8601, UTC). */
  endDateTime: string;
  /** Start, epoch ms. */
  startMs: number;
  /** End, epoch ms. */
  endMs: number;
  /** Buffer before, ms (the type's rule when held; 0 for none). */
  bufferBeforeMs: number;
  /** Buffer after, ms. */
  bufferAfterMs: number;
  /** When the hold stops counting, epoch ms. */
  expiresMs: number;
  /** When it stops counting (ISO-8601). */
  expiresAt: string;
  /** Creation time (ISO-8601). */
  createdAt: string;
}
