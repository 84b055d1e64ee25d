/**
 * The storage port's repositories of what occupies a resource: bookings and slot holds, with the
 * interval reads capacity checks make. Re-exported by `./storage`, the whole port.
 *
 * @module
 */
import type { BookingInterval, BookingRecord, HoldRecord } from './records';

/** Calendar bookings. */
export interface BookingRepository {
  /** Stores a new booking. */
  create(record: BookingRecord): Promise<void>;
  /** The booking, or null. */
  get(organizationId: string, id: string): Promise<BookingRecord | null>;
  /** Replaces a stored booking; returns false when it does not exist. */
  update(record: BookingRecord): Promise<boolean>;
  /** Hard-deletes a booking; returns false when it did not exist. */
  delete(organizationId: string, id: string): Promise<boolean>;
  /**
   * The intervals of the bookings of the given resources that overlap `[startMs, endMs)`
   * (half-open), in one query: what a capacity check reads, without the documents. An empty
   * `resourceIds` returns nothing.
   */
  listOverlapping(
    organizationId: string,
    resourceIds: readonly string[],
    startMs: number,
    endMs: number,
  ): Promise<BookingInterval[]>;
  /**
   * Bookings of every organization whose meeting's job is due at some time (`meetingDueAt` not
   * null), at most `limit`, in creation order: the start-up sweep that re-arms meeting jobs a crash
   * may have lost.
   */
  listMeetingsDue(limit: number): Promise<BookingRecord[]>;
  /**
   * At most `limit` bookings of one resource that overlap `[startMs, endMs)` (half-open), by start
   * (earliest first, or latest first with `latestFirst`): what a resource's calendar feed reads.
   */
  listByResource(
    organizationId: string,
    resourceId: string,
    range: { startMs: number; endMs: number; limit: number; latestFirst?: boolean },
  ): Promise<BookingRecord[]>;
  /** Bookings of a calendar, oldest start first. */
  listByCalendar(organizationId: string, calendarId: string): Promise<BookingRecord[]>;
  /** Number of bookings per calendar of the organization. */
  countByCalendar(organizationId: string): Promise<Map<string, number>>;
  /** Number of bookings per legacy schedule type of a calendar. */
  countByScheduleType(organizationId: string, calendarId: string): Promise<Map<string, number>>;
}

/** Slot holds (extension). Reads that count take `nowMs`: an expired hold never counts. */
export interface HoldRepository {
  /** Stores a new hold. */
  create(record: HoldRecord): Promise<void>;
  /** The hold, expired or not, or null. */
  get(organizationId: string, id: string): Promise<HoldRecord | null>;
  /** Deletes a hold; returns false when it did not exist. */
  delete(organizationId: string, id: string): Promise<boolean>;
  /**
   * The holds of the given resources that are active at `nowMs` (`expiresMs > nowMs`) and whose
   * interval overlaps `[startMs, endMs)`, as intervals with their buffers. An empty `resourceIds`
   * returns nothing.
   */
  listOverlapping(
    organizationId: string,
    resourceIds: readonly string[],
    startMs: number,
    endMs: number,
    nowMs: number,
  ): Promise<BookingInterval[]>;
  /** The holder's holds active at `nowMs`, oldest first. */
  listActiveByHolder(organizationId: string, holder: string, nowMs: number): Promise<HoldRecord[]>;
  /** Deletes the organization's holds that expired at or before `nowMs`; returns how many. */
  deleteExpired(organizationId: string, nowMs: number): Promise<number>;
}
