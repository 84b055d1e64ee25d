/**
 * `bookFirstAvailable`: search, book, and on a lost slot race search again and book the next slot.
 *
 * @module
 */
import type { AvailabilitySlot, CalendarBooking } from '@leadbook/contract/types';
import { ApiPromise, type WithResponse } from '../core/api-promise';
import { AbortError, SlotUnavailableError, type ApiErrorInit } from '../core/errors';
import { isSlotUnavailableError } from '../core/guards';
import { newIdempotencyKey } from '../core/idempotency';
import type { RequestOptions } from '../core/options';
import type { AvailabilityApi, BookingsApi } from './write-types';

/** The parameters of `client.bookFirstAvailable`. */
export interface BookFirstAvailableParams {
  /** The calendar to book on. */
  calendarId: string;
  /** The appointment type to book. */
  appointmentTypeId: string;
  /** Search range start (inclusive). */
  start: string | Date;
  /** Search range end (inclusive), at most 92 days after `start`. */
  end: string | Date;
  /** Only slots of this resource. */
  resourceId?: string;
  /** The lead entry to link the booking to (recommended). */
  entryId?: string;
  /** A name for the booking. */
  name?: string;
  /**
   * Chooses the slot to try from the available, not yet tried slots (sorted by start, then
   * resource). Return undefined to stop. Default: the first.
   */
  pick?: (slots: readonly AvailabilitySlot[]) => AvailabilitySlot | undefined;
  /** Booking attempts before giving up. Default: 3. */
  maxAttempts?: number;
  /**
   * Give up once this passes: a `Date`, or milliseconds from the call. Checked before each search and
   * each booking attempt; a request in flight is not cut short (its own `timeout` applies).
   */
  deadline?: Date | number;
  /** Aborts the whole operation with an `AbortError` (the same as `options.signal`). */
  signal?: AbortSignal;
}

/**
 * The request options of `client.bookFirstAvailable`, applied to each search and booking request:
 * `signal` aborts the whole operation, `timeout`, `maxRetries` and `headers` apply per request. There
 * is no `idempotencyKey`: every booking attempt gets its own.
 */
export type BookFirstAvailableOptions = Omit<RequestOptions, 'idempotencyKey'>;

/** The result of `client.bookFirstAvailable`. */
export interface BookFirstAvailableResult {
  /** The created booking. */
  booking: CalendarBooking;
  /** The slot that was booked. */
  slot: AvailabilitySlot;
  /** Booking attempts made, including the successful one. */
  attempts: number;
}

const slotKey = (slot: AvailabilitySlot) => `${slot.resourceId}|${slot.resourceSlotId}|${slot.startDateTime}`;

/** Runs `bookFirstAvailable` over the availability and booking namespaces of a client. */
export function bookFirstAvailable(
  api: { availability: AvailabilityApi; bookings: BookingsApi },
  params: BookFirstAvailableParams,
  options: BookFirstAvailableOptions = {},
): ApiPromise<BookFirstAvailableResult> {
  return new ApiPromise(run(api, params, options));
}

async function run(
  api: { availability: AvailabilityApi; bookings: BookingsApi },
  params: BookFirstAvailableParams,
  options: BookFirstAvailableOptions,
): Promise<WithResponse<BookFirstAvailableResult>> {
  const { calendarId, appointmentTypeId } = params;
  const signal = options.signal ?? params.signal;
  const requestOptions: RequestOptions = { ...options, ...(signal ? { signal } : {}) };
  const maxAttempts = params.maxAttempts ?? 3;
  const deadline =
    params.deadline instanceof Date
      ? params.deadline.getTime()
      : params.deadline === undefined
        ? Infinity
        : Date.now() + params.deadline;
  const tried: AvailabilitySlot[] = [];
  const seen = new Set<string>();
  let lastRace: ApiErrorInit | undefined;

  const giveUp = (reason: 'max_attempts' | 'deadline' | 'no_slots') =>
    new SlotUnavailableError({
      status: 400,
      ...lastRace,
      message:
        `No slot could be booked (${reason.replace('_', ' ')}); ` +
        `tried ${tried.length} slot${tried.length === 1 ? '' : 's'}`,
      reason,
      triedSlots: [...tried],
    });
  const check = () => {
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    if (Date.now() >= deadline) throw giveUp('deadline');
  };

  while (tried.length < maxAttempts) {
    check();
    const { data } = await api.availability.search(
      {
        calendarId,
        appointmentTypeId,
        start: params.start,
        end: params.end,
        resourceId: params.resourceId,
        onlyAvailable: true,
      },
      requestOptions,
    );
    const candidates = data.filter((slot) => !seen.has(slotKey(slot)));
    const slot = params.pick ? params.pick(candidates) : candidates[0];
    if (!slot) throw giveUp('no_slots');
    check();
    tried.push(slot);
    seen.add(slotKey(slot));
    try {
      const created = await api.bookings
        .create(
          {
            calendarId,
            appointmentTypeId,
            resourceId: slot.resourceId,
            resourceSlotId: slot.resourceSlotId,
            startDateTime: slot.startDateTime,
            endDateTime: slot.endDateTime,
            ...(params.entryId === undefined ? {} : { entryId: params.entryId }),
            ...(params.name === undefined ? {} : { name: params.name }),
          },
          // A new key per slot: the same key with another body would be refused as a reuse.
          { ...requestOptions, idempotencyKey: newIdempotencyKey() },
        )
        .withResponse();
      return { ...created, data: { booking: created.data, slot, attempts: tried.length } };
    } catch (error) {
      if (!isSlotUnavailableError(error)) throw error;
      const { status, code, details, body, headers, requestId } = error;
      lastRace = { status, message: error.message, code, details, body, headers, requestId };
    }
  }
  throw giveUp('max_attempts');
}
