/**
 * The external calendar port: one calendar outside Leadbook (a CalDAV collection, a Google
 * calendar, a published ICS feed) whose busy times can block a resource and which can receive a
 * booking as an event. Adapters (`@leadbook/calendar-caldav`, the in-memory calendar, your own)
 * prove themselves with `runExternalCalendarConformance` from `@leadbook/server/testing`.
 *
 * Every call is bounded: it takes an `AbortSignal` (the service aborts it at its timeout), and a
 * busy-time range spans at most {@link MAX_BUSY_RANGE_MS} (366 days).
 *
 * @module
 */

/** A half-open span of time `[startMs, endMs)` in epoch milliseconds. */
export interface TimeSpan {
  /** Start, epoch milliseconds (inclusive). */
  startMs: number;
  /** End, epoch milliseconds (exclusive). */
  endMs: number;
}

/** The range a busy-time read covers; `endMs - startMs` is at most {@link MAX_BUSY_RANGE_MS}. */
export type BusyRange = TimeSpan;

/**
 * A time the calendar's owner is busy. What `busy()` returns is merged (no two intervals overlap
 * or touch), sorted by start and clipped to the range asked for.
 */
export type BusyInterval = TimeSpan;

/** Per-call options. */
export interface ExternalCalendarCallOptions {
  /**
   * Aborted when the service's per-call timeout ends or the service stops waiting; an adapter
   * passes it to its HTTP client, and a call whose signal is aborted rejects.
   */
  signal?: AbortSignal;
}

/** The event a booking becomes in the receiving calendar. */
export interface CalendarEventInput extends TimeSpan {
  /**
   * The event's UID, stable for the booking (make it with `bookingEventUid(bookingId)`), so a
   * repeated creation finds the event it made and Leadbook's own events are not read back as busy.
   */
  uid: string;
  /** The title, such as the appointment type's name. */
  summary: string;
  /** An optional description (the booking's reference, the customer's name). */
  description?: string;
  /** The IANA time zone the event is shown in (the resource's calendar zone). */
  timezone: string;
}

/** The new time of an event whose booking was rescheduled. */
export interface CalendarEventTime extends TimeSpan {
  /** The IANA time zone the event is shown in. */
  timezone: string;
}

/** An event as the calendar created it. */
export interface CreatedCalendarEvent {
  /** The adapter's id of the event (for CalDAV, the object's URL); pass it to move and delete. */
  eventId: string;
}

/**
 * One external calendar. Failures are thrown as {@link ExternalCalendarError} (any other error
 * counts as a retryable one); deleting an event that no longer exists is done, never an error.
 */
export interface ExternalCalendar {
  /** The adapter's kind, such as `caldav` or `memory`, for logs and spans. */
  readonly kind: string;
  /**
   * The busy intervals within `range`: merged, sorted and clipped to it. Events marked free
   * (`TRANSP:TRANSPARENT`), cancelled events (`STATUS:CANCELLED`) and Leadbook's own events
   * (recognised by {@link isLeadbookEventUid}) are left out; recurring events count with each
   * occurrence. A range that is empty, reversed or longer than {@link MAX_BUSY_RANGE_MS} rejects
   * with a non-retryable {@link ExternalCalendarError}.
   */
  busy(range: BusyRange, options?: ExternalCalendarCallOptions): Promise<BusyInterval[]>;
  /**
   * Creates the event of a booking. Creating an event whose UID the calendar already holds
   * returns that event's id and changes nothing, so a retried creation makes no second event.
   */
  createEvent(
    event: CalendarEventInput,
    options?: ExternalCalendarCallOptions,
  ): Promise<CreatedCalendarEvent>;
  /**
   * Moves an event to a new time, raising its `SEQUENCE` so calendar apps take the change. An
   * event the calendar no longer holds rejects with a non-retryable {@link ExternalCalendarError}.
   */
  moveEvent(eventId: string, time: CalendarEventTime, options?: ExternalCalendarCallOptions): Promise<void>;
  /** Deletes an event; one the calendar no longer holds counts as deleted. */
  deleteEvent(eventId: string, options?: ExternalCalendarCallOptions): Promise<void>;
}

/** The longest range one `busy()` call covers: 366 days. */
export const MAX_BUSY_RANGE_MS = 366 * 24 * 60 * 60 * 1000;

/** The domain part of the UIDs of Leadbook's own events: `<something>@leadbook.events`. */
export const LEADBOOK_EVENT_UID_DOMAIN = 'leadbook.events';

/**
 * The stable UID of a booking's event: `booking-<bookingId>@leadbook.events`.
 *
 * @example
 * ```ts
 * bookingEventUid('b_123'); // 'booking-b_123@leadbook.events'
 * ```
 */
export function bookingEventUid(bookingId: string): string {
  return `booking-${bookingId}@${LEADBOOK_EVENT_UID_DOMAIN}`;
}

/**
 * Whether an event UID is one of Leadbook's own (ends in `@leadbook.events`, any case); such events
 * are never read back as busy.
 *
 * @example
 * ```ts
 * isLeadbookEventUid('booking-b_123@leadbook.events'); // true
 * isLeadbookEventUid('040000008200E00074C5B7101A82E008@outlook.com'); // false
 * ```
 */
export function isLeadbookEventUid(uid: string): boolean {
  return uid.trim().toLowerCase().endsWith(`@${LEADBOOK_EVENT_UID_DOMAIN}`);
}

const CALENDAR_ERROR_BRAND = Symbol.for('leadbook.ExternalCalendarError');

/** What an adapter says about a failed call. */
export interface ExternalCalendarErrorOptions {
  /** Whether trying again later may succeed (rate limits, outages, timeouts). */
  retryable: boolean;
  /** The provider's HTTP status, when there was one. */
  status?: number;
  /** The underlying failure. */
  cause?: unknown;
}

/**
 * A failed external calendar call. Recognise one with {@link isExternalCalendarError} (a brand, so
 * it holds across copies of `@leadbook/server`). Its message may reach the activity log, so it
 * never carries credentials.
 */
export class ExternalCalendarError extends Error {
  override readonly name = 'ExternalCalendarError';
  /** Whether trying again later may succeed. */
  readonly retryable: boolean;
  /** The provider's HTTP status, if any. */
  readonly status: number | undefined;

  /** A calendar failure with `message`. */
  constructor(message: string, options: ExternalCalendarErrorOptions) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.status = options.status;
  }
}
Object.defineProperty(ExternalCalendarError.prototype, CALENDAR_ERROR_BRAND, { value: true });

/**
 * Whether `value` is an {@link ExternalCalendarError} from any copy of `@leadbook/server`.
 *
 * @example
 * ```ts
 * try {
 *   await calendar.busy(range, { signal: AbortSignal.timeout(5000) });
 * } catch (error) {
 *   if (isExternalCalendarError(error) && error.retryable) console.warn('try again later');
 * }
 * ```
 */
export function isExternalCalendarError(value: unknown): value is ExternalCalendarError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[CALENDAR_ERROR_BRAND] === true
  );
}
