/**
 * The meeting provider port: creates, moves and deletes the video meeting of a booking. The service
 * calls it from the booking's meeting job, never inside a request; adapters (`@leadbook/meetings-zoom`,
 * the in-memory provider, your own) prove themselves with `runMeetingProviderConformance` from
 * `@leadbook/server/testing`.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';

/** A provider name a booking's `meetingProvider` can hold (the 2.16.0 interface allows `zoom`). */
export type MeetingProviderName = NonNullable<CalendarBooking['meetingProvider']>;

/** When a meeting takes place. */
export interface MeetingTime {
  /** Start, ISO-8601 UTC (the booking's `startDateTime`). */
  startTime: string;
  /** Length in whole minutes (from the booking's start to its end, rounded up). */
  durationMinutes: number;
  /** The calendar's IANA time zone, for how the provider shows the time. */
  timezone: string;
}

/** The meeting to create for a booking. */
export interface MeetingRequest extends MeetingTime {
  /** The booking; an adapter that can deduplicate creations keys them by it. */
  bookingId: string;
  /** The provider user who hosts the meeting (a Zoom user id or e-mail). */
  hostUserId: string;
  /** A title, such as the appointment type's name. */
  topic: string;
}

/** A meeting as the provider created it. */
export interface CreatedMeeting {
  /** The provider's meeting id (Zoom's numeric id, as a string). */
  externalId: string;
  /** The URL participants join with. */
  joinUrl: string;
  /** The passcode, or null when the meeting has none. */
  password: string | null;
  /** The start the provider holds, ISO-8601 UTC. */
  startTime: string;
}

/** A meeting that exists at the provider. */
export interface MeetingRef {
  /** The provider's meeting id. */
  externalId: string;
  /** The host user it was created for. */
  hostUserId: string;
  /** The booking it belongs to. */
  bookingId: string;
}

/** Per-call options. */
export interface MeetingCallOptions {
  /**
   * Aborted when the service's per-call timeout ends, or when the service shuts down and stops
   * waiting for the call; an adapter passes it to its HTTP client.
   */
  signal?: AbortSignal;
}

/**
 * A video meeting provider. Failures are thrown as {@link MeetingProviderError} (any other error
 * counts as a retryable one); "already gone" on delete is success, never an error.
 */
export interface MeetingProvider {
  /** The name bookings carry in `meetingProvider`. */
  readonly name: MeetingProviderName;
  /**
   * Optional: the host name its calls go to (`api.zoom.us`), which the client span of each call
   * records as `server.address`.
   */
  readonly host?: string;
  /** Creates the meeting of a booking. */
  create(request: MeetingRequest, options?: MeetingCallOptions): Promise<CreatedMeeting>;
  /** Moves a meeting to a new time (a rescheduled booking). */
  update(meeting: MeetingRef, time: MeetingTime, options?: MeetingCallOptions): Promise<void>;
  /** Deletes a meeting; one the provider no longer knows counts as deleted. */
  delete(meeting: MeetingRef, options?: MeetingCallOptions): Promise<void>;
}

const MEETING_ERROR_BRAND = Symbol.for('leadbook.MeetingProviderError');

/** What a provider says about a failed call. */
export interface MeetingProviderErrorOptions {
  /** Whether trying again later may succeed (rate limits, outages, timeouts). */
  retryable: boolean;
  /** The provider's HTTP status, when there was one. */
  status?: number;
  /** How long the provider asked to wait (`Retry-After`), in milliseconds. */
  retryAfterMs?: number;
  /** The underlying failure. */
  cause?: unknown;
}

/**
 * A failed provider call. Recognise one with {@link isMeetingProviderError} (a brand, so it holds
 * across copies of `@leadbook/server`). Its message goes into the activity log
 * (`calendar.appointment.meetingFailed`), so it never carries credentials.
 */
export class MeetingProviderError extends Error {
  override readonly name = 'MeetingProviderError';
  /** Whether trying again later may succeed. */
  readonly retryable: boolean;
  /** The provider's HTTP status, if any. */
  readonly status: number | undefined;
  /** The wait the provider asked for, in milliseconds, if any. */
  readonly retryAfterMs: number | undefined;

  /** A provider failure with `message` (shown in the activity log). */
  constructor(message: string, options: MeetingProviderErrorOptions) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}
Object.defineProperty(MeetingProviderError.prototype, MEETING_ERROR_BRAND, { value: true });

/**
 * Whether `value` is a {@link MeetingProviderError} from any copy of `@leadbook/server`.
 *
 * @example
 * ```ts
 * try {
 *   await provider.delete(ref);
 * } catch (error) {
 *   if (isMeetingProviderError(error) && !error.retryable) console.error('gave up:', error.message);
 * }
 * ```
 */
export function isMeetingProviderError(value: unknown): value is MeetingProviderError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[MEETING_ERROR_BRAND] === true
  );
}
