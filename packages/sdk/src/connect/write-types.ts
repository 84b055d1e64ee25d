/**
 * The availability, lead and booking namespaces of `ConnectClient`.
 *
 * @module
 */
import type { ApiPromise } from '../core/api-promise';
import type {
  AvailabilityQuery,
  AvailabilityResponse,
  BookingHold,
  CalendarBooking,
  CreateBookingHoldBody,
  CreateCalendarBookingBody,
  RescheduleCalendarBookingBody,
  CreateTableEntryBody,
  PatchTableEntryBody,
  TableEntry,
} from '@leadbook/contract/types';
import type { RequestOptions } from '../core/options';

/** The parameters of `client.availability.search`. */
export type AvailabilitySearchParams = Omit<AvailabilityQuery, 'start' | 'end' | 'onlyAvailable'> & {
  /** Range start (inclusive), ISO-8601 or a `Date`. */
  start: string | Date;
  /** Range end (inclusive), ISO-8601 or a `Date`; at most 92 days after `start`. */
  end: string | Date;
  /**
   * Only slots with `available: true`: the service leaves the others out of the answer (the
   * `onlyAvailable` extension). The bound on one search's candidates still counts them all.
   * Default: false.
   */
  onlyAvailable?: boolean;
};

/** `client.availability`. */
export interface AvailabilityApi {
  /**
   * Searches bookable intervals of a calendar for an appointment type
   * (`GET /connect/availability/`). Each slot's `resourceId`, `resourceSlotId`, `startDateTime` and
   * `endDateTime` go into `bookings.create`.
   *
   * @throws {@link ValidationError} for a range over 92 days, `end` before `start`, or a search
   *   of more than 100,000 candidates (available or not): search a shorter range or one resource.
   * @example
   * ```ts
   * const { data: slots } = await client.availability.search({
   *   calendarId,
   *   appointmentTypeId,
   *   start: new Date(),
   *   end: new Date(Date.now() + 7 * 86_400_000),
   *   onlyAvailable: true,
   * });
   * ```
   */
  search(params: AvailabilitySearchParams, options?: RequestOptions): ApiPromise<AvailabilityResponse>;
}

/** `client.leads` (lead entries of a pool; `write` scope). */
export interface LeadsApi {
  /**
   * Creates a lead entry (`POST /connect/table_entries/`). Not retried unless you pass an
   * `idempotencyKey` (the service does not deduplicate leads, see {@link RequestOptions.idempotencyKey}).
   *
   * @example
   * ```ts
   * const lead = await client.leads.create({
   *   tableId: pool.id,
   *   leadStateId: pool.leadStates.find((state) => state.default)!.id,
   *   data: { firstName: 'Ada', email: 'ada@example.com' },
   * });
   * ```
   */
  create(body: CreateTableEntryBody, options?: RequestOptions): ApiPromise<TableEntry>;
  /**
   * Merge-patches a lead entry (RFC 7396, `PATCH /connect/table_entries/:id`): a value sets a key,
   * `null` deletes it (see {@link unset}), an omitted key stays; nested objects merge. `data: null`
   * or `customFieldData: null` changes nothing, as if omitted (a merge patch cannot remove a whole
   * object in one request); delete its keys instead.
   *
   * @example
   * ```ts
   * const updated = await client.leads.update(lead.id, {
   *   leadStateId: contactedStateId,
   *   data: { phone: '+4930123456', ...unset('fax') },
   * });
   * ```
   */
  update(id: string, patch: PatchTableEntryBody, options?: RequestOptions): ApiPromise<TableEntry>;
}

/** `client.bookings`. */
export interface BookingsApi {
  /**
   * Creates a capacity-checked booking (`POST /connect/calendar_bookings/`). The SDK sends an
   * `Idempotency-Key` (one per call, the same on every retry; pass your own to make the call
   * repeatable across processes), so the call is retried safely: the service answers a repeated key
   * with the first booking.
   *
   * @throws {@link SlotUnavailableError} when the slot filled up since the search.
   * @example
   * ```ts
   * const booking = await client.bookings.create({
   *   calendarId,
   *   appointmentTypeId,
   *   resourceId: slot.resourceId,
   *   resourceSlotId: slot.resourceSlotId,
   *   startDateTime: slot.startDateTime,
   *   endDateTime: slot.endDateTime,
   *   entryId: lead.id,
   * });
   * ```
   */
  create(body: CreateCalendarBookingBody, options?: RequestOptions): ApiPromise<CalendarBooking>;
  /**
   * Deletes a booking for good (`DELETE /connect/calendar_bookings/:id`, `admin` scope). Retried like
   * any DELETE: if an attempt that timed out had gone through, the retry answers 404.
   *
   * @example
   * ```ts
   * await adminClient.bookings.delete(booking.id);
   * ```
   */
  delete(id: string, options?: RequestOptions): ApiPromise<void>;
  /**
   * Reads a booking as it is now (`GET /connect/calendar_bookings/:id`, `read` scope; an extension
   * of the 2.16.0 API). Its meeting fields show how far the meeting got: `meetingStatus` is `pending` right
   * after booking (the create response and the `booked` event show that), then `created` with
   * `meetingUrl`, `meetingExternalId`, `meetingPassword` and `meetingExternalStartTime`, or `failed`.
   *
   * @throws {@link NotFoundError} when the booking does not exist (or was deleted).
   * @example
   * ```ts
   * const { meetingStatus, meetingUrl } = await client.bookings.get(booking.id);
   * if (meetingStatus === 'created') console.log('join at', meetingUrl);
   * ```
   */
  get(id: string, options?: RequestOptions): ApiPromise<CalendarBooking>;
  /**
   * Moves a booking to a new interval, and optionally another resource
   * (`PATCH /connect/calendar_bookings/:id`, `write` scope; extension). Capacity and the booking
   * rules are checked for the new interval in one transaction: when it is refused, the booking keeps
   * its old time. Its `hasStarted`/`hasEnded` timers and video meeting move with it, and
   * `calendar.appointment.rescheduled` fires with the old and new times.
   *
   * @throws {@link SlotUnavailableError} when the new interval is full; {@link NotFoundError} for an
   *   unknown booking; {@link ValidationError} for an interval that is not a candidate, outside the
   *   booking window, or a booking that has started.
   * @example
   * ```ts
   * const moved = await client.bookings.reschedule(booking.id, {
   *   startDateTime: slot.startDateTime,
   *   endDateTime: slot.endDateTime,
   *   resourceSlotId: slot.resourceSlotId,
   * });
   * ```
   */
  reschedule(
    id: string,
    body: RescheduleCalendarBookingBody,
    options?: RequestOptions,
  ): ApiPromise<CalendarBooking>;
}

/** `client.holds` (slot holds; `write` scope; extension). */
export interface HoldsApi {
  /**
   * Holds one place of a candidate for a few minutes (`POST /connect/booking_holds/`; default 5,
   * at most 15, through `ttlSeconds`). Until `expiresAt` the place counts as taken for every other
   * booking and hold; `bookings.create` with the hold's `id` as `holdId` uses it. At most 100 active
   * holds per API token. Not retried (a retry could hold a second place).
   *
   * @throws {@link SlotUnavailableError} when the candidate is full; {@link ValidationError} for an
   *   interval that is not a candidate, outside the booking window, or over the holds bound.
   * @example
   * ```ts
   * const hold = await client.holds.create({
   *   calendarId,
   *   appointmentTypeId,
   *   resourceId: slot.resourceId,
   *   startDateTime: slot.startDateTime,
   *   endDateTime: slot.endDateTime,
   * });
   * await client.bookings.create({ calendarId, appointmentTypeId, resourceId: slot.resourceId, startDateTime: slot.startDateTime, endDateTime: slot.endDateTime, holdId: hold.id });
   * ```
   */
  create(body: CreateBookingHoldBody, options?: RequestOptions): ApiPromise<BookingHold>;
  /**
   * Releases a hold before it expires (`DELETE /connect/booking_holds/:id`).
   *
   * @throws {@link NotFoundError} when the hold does not exist (used, released or deleted after expiry).
   * @example
   * ```ts
   * await client.holds.release(hold.id);
   * ```
   */
  release(id: string, options?: RequestOptions): ApiPromise<void>;
}

/**
 * Merge-patch deletions: `{ key: null }` for each key, to spread into `data` or `customFieldData` of
 * `leads.update` (RFC 7396: `null` deletes a key).
 *
 * @example
 * ```ts
 * await client.leads.update(lead.id, { data: { email: 'new@example.com', ...unset('fax', 'pager') } });
 * ```
 */
export function unset<const K extends string>(...keys: K[]): { [P in K]: null } {
  return Object.fromEntries(keys.map((key) => [key, null])) as { [P in K]: null };
}
