/**
 * Value types of the availability engine. Every instant is an epoch millisecond; every interval is
 * half-open, `[startMs, endMs)`, so intervals that only touch do not overlap.
 *
 * @module
 */

/** A weekly window in which a resource is bookable, in the calendar's IANA zone. */
export interface EngineResourceSlot {
  id: string;
  resourceId: string;
  /** ISO weekday of the local day, Monday = 1 ... Sunday = 7. */
  weekday: number;
  /** Local wall time `HH:mm`, `00:00` to `23:59`. */
  startTime: string;
  /** Local wall time `HH:mm`, after `startTime`; `24:00` means the end of the local day. */
  endTime: string;
  /** First local date (`yyyy-MM-dd`, inclusive) on which the slot applies, or null for no limit. */
  validFrom: string | null;
  /** Last local date (`yyyy-MM-dd`, inclusive) on which the slot applies, or null for no limit. */
  validUntil: string | null;
}

/** A bookable resource; `maxParallelBookings` is its capacity at any instant. */
export interface EngineResource {
  id: string;
  name: string;
  color: string;
  maxParallelBookings: number;
}

/** A half-open interval `[startMs, endMs)` in epoch milliseconds. */
export interface EngineInterval {
  startMs: number;
  endMs: number;
}

/**
 * An existing booking (or an active hold) of one resource. Its buffers widen what it occupies:
 * `[startMs - bufferBeforeMs, endMs + bufferAfterMs)` counts against the resource's capacity.
 */
export interface EngineBooking extends EngineInterval {
  resourceId: string;
  /** Milliseconds before the start that the booking occupies too (default 0). */
  bufferBeforeMs?: number | undefined;
  /** Milliseconds after the end that the booking occupies too (default 0). */
  bufferAfterMs?: number | undefined;
}

/**
 * The booking rules of the appointment type searched; an absent or null rule is off. Notice and
 * horizon need `nowMs`.
 */
export interface EngineRules {
  /** A candidate must start at least this many minutes after `nowMs`. */
  minimumNoticeMinutes?: number | null | undefined;
  /** A candidate must start no later than `nowMs` plus this many local days of the zone. */
  horizonDays?: number | null | undefined;
  /** The candidate occupies its resource this many minutes before its start too. */
  bufferBeforeMinutes?: number | null | undefined;
  /** The candidate occupies its resource this many minutes after its end too. */
  bufferAfterMinutes?: number | null | undefined;
  /**
   * A candidate is refused when this many bookings of its resource already start on the local day
   * (in the zone) on which it starts; the bookings passed must then cover the whole local days of
   * the range.
   */
  maxBookingsPerResourcePerDay?: number | null | undefined;
}

/** A closure; `resourceId: null` closes every resource of the calendar. */
export interface EngineBlocker extends EngineInterval {
  resourceId: string | null;
}

/** Everything one availability search needs; the engine reads nothing else. */
export interface AvailabilitySearchInput {
  /** The calendar's IANA zone (`tzdata`); every local date and wall time is read in it. */
  zone: string;
  /** Candidates must start at or after this instant. */
  rangeStartMs: number;
  /** Candidates must end at or before this instant. */
  rangeEndMs: number;
  /** Length of a booking, in minutes (a positive integer). */
  bookingLengthMinutes: number;
  /** Distance between candidate starts within a window, in minutes (a positive integer). */
  searchLengthMinutes: number;
  /** Resources mapped to the calendar and to the appointment type. */
  resources: readonly EngineResource[];
  /** Slots of those resources on the calendar; slots of other resources are ignored. */
  slots: readonly EngineResourceSlot[];
  /** Bookings of those resources that overlap the range, in any order. */
  bookings: readonly EngineBooking[];
  /** Blockers of the calendar. */
  blockers: readonly EngineBlocker[];
  /**
   * Now, in epoch milliseconds (the service's clock): a candidate that starts before it is listed
   * but not available, as it has begun or passed. Omitted: no candidate is refused for its time.
   */
  nowMs?: number | undefined;
  /** The appointment type's booking rules (none: the 2.16.0 behaviour). */
  rules?: EngineRules | undefined;
  /**
   * Return only the candidates that can be booked (`available: true`). Every candidate is still
   * examined: the work is that of the whole search, the answer smaller.
   */
  onlyAvailable?: boolean | undefined;
}

/** Input of {@link findCandidate}: a search input without a range, plus the exact interval to check. */
export interface FindCandidateInput extends Omit<
  AvailabilitySearchInput,
  'rangeStartMs' | 'rangeEndMs' | 'onlyAvailable'
> {
  startMs: number;
  endMs: number;
  resourceId: string;
  /** When given, only this slot is considered; otherwise any slot of the resource. */
  resourceSlotId?: string | undefined;
}

/** One bookable interval of one slot window, with its capacity state. */
export interface AvailabilityCandidate {
  resourceId: string;
  resourceSlotId: string;
  startMs: number;
  endMs: number;
  /**
   * `true` when the peak is below capacity, no blocker overlaps, it does not start before `nowMs`,
   * and no booking rule refuses it.
   */
  available: boolean;
  /**
   * Peak number of concurrent bookings of the resource over `[startMs, endMs)`, widened by the
   * rules' buffers; bookings count with their own buffers.
   */
  currentBookings: number;
  /** `max(0, maxParallelBookings - currentBookings)`; neither a blocker nor a past start changes it. */
  remaining: number;
  maxParallelBookings: number;
  /** `true` when a blocker of the calendar or of the resource overlaps the interval. */
  blocked: boolean;
}

/** The fields of a slot that define its windows. */
export type SlotSchedule = Pick<
  EngineResourceSlot,
  'weekday' | 'startTime' | 'endTime' | 'validFrom' | 'validUntil'
>;
