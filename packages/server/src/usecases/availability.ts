/**
 * Availability (SPEC 4.1): loads what one search needs in one read, with a single range query for
 * bookings, and hands it to the pure engine.
 *
 * @module
 */
import { readTx, type ServiceContext } from '../core/context';
import { ErrorMessages } from '@leadbook/contract';
import { notFound, validationError } from '../core/errors';
import { searchAvailability, type AvailabilitySearchInput } from '../domain/availability';
import { availabilityJson } from './availability-json';
import type { AppointmentTypeRecord, CalendarRecord, ResourceRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';

/** What to search. */
export interface SearchRequest {
  /** The calendar. */
  calendarId: string;
  /** The appointment type (its lengths drive the candidate grid). */
  appointmentTypeId: string;
  /** Range start, epoch ms. */
  startMs: number;
  /** Range end, epoch ms. */
  endMs: number;
  /** Now (the service's clock), epoch ms: candidates that start before it are not available. */
  nowMs: number;
  /** Only this resource. */
  resourceId?: string | undefined;
  /** Only resource slots marked publicly bookable (public forms). */
  publicOnly?: boolean;
  /**
   * The range is one booking's interval: unless it lasts the type's `bookingLength`, it is refused
   * (400) before bookings and slots are loaded, so a client-sized interval never costs a search;
   * then one that starts before `nowMs` is refused too (400 `slotStarted`).
   */
  oneBooking?: boolean;
  /** The calendar and appointment type, when the caller read them already (404s stay the same). */
  preloaded?: { calendar: CalendarRecord | null; appointmentType: AppointmentTypeRecord | null };
}

const MINUTE_MS = 60_000;

/** The 400 for booking a candidate that starts before now (SPEC 4.1: only the future is bookable). */
export const slotStarted = () =>
  validationError(ErrorMessages.slotStarted, [{ path: 'startDateTime', message: ErrorMessages.slotStarted }]);

/** The 400 for a booking interval that is not a candidate of a slot of the resource. */
export const notBookable = () =>
  validationError(ErrorMessages.notBookableInterval, [
    { path: 'startDateTime', message: ErrorMessages.notBookableInterval },
  ]);

/** A loaded search: the engine input plus the records the response needs. */
export interface LoadedSearch {
  /** The calendar. */
  calendar: CalendarRecord;
  /** The appointment type. */
  appointmentType: AppointmentTypeRecord;
  /** Resources by id. */
  resources: Map<string, ResourceRecord>;
  /** The engine input. */
  input: AvailabilitySearchInput;
}

/**
 * Loads a search inside a transaction. Only resources mapped both to the calendar and to the
 * appointment type count; bookings come from one range query over those resources (on any
 * calendar, since a resource's capacity is shared). 404 for an unknown calendar or type.
 */
export async function loadSearch(
  tx: Repositories,
  org: string,
  request: SearchRequest,
): Promise<LoadedSearch> {
  const [calendar, appointmentType] = request.preloaded
    ? [request.preloaded.calendar, request.preloaded.appointmentType]
    : await Promise.all([
        tx.calendars.get(org, request.calendarId),
        tx.appointmentTypes.get(org, request.appointmentTypeId),
      ]);
  if (!calendar) throw notFound('Calendar');
  if (!appointmentType) throw notFound('Appointment type');
  if (request.oneBooking) {
    if (request.endMs - request.startMs !== appointmentType.bookingLength * MINUTE_MS) throw notBookable();
    if (request.startMs < request.nowMs) throw slotStarted();
  }
  // With one resource asked for, its bookings are read with the rest (one round trip where the
  // storage batches concurrent reads); they count only if the resource passes the filters below.
  const overlapping = (ids: string[]) =>
    tx.bookings.listOverlapping(org, ids, request.startMs, request.endMs);
  const [onCalendar, forType, allResources, allSlots, calendarBlockers, resourceBookings] = await Promise.all(
    [
      tx.resourceCalendarMappings.list(org, { calendarId: calendar.id }),
      tx.appointmentTypeResourceMappings.list(org, { appointmentTypeId: appointmentType.id }),
      tx.resources.list(org),
      tx.resourceSlots.list(org, { calendarId: calendar.id }),
      tx.blockers.list(org, { calendarId: calendar.id }),
      request.resourceId ? overlapping([request.resourceId]) : undefined,
    ],
  );
  const calendarSet = new Set(onCalendar.map((m) => m.resourceId));
  const typeSet = new Set(forType.map((m) => m.resourceId));
  const resources = new Map(
    allResources
      .filter((r) => !r.archived && calendarSet.has(r.id) && typeSet.has(r.id))
      .filter((r) => !request.resourceId || r.id === request.resourceId)
      .map((r) => [r.id, r]),
  );
  const slots = allSlots.filter(
    (s) => resources.has(s.resourceId) && (!request.publicOnly || s.publiclyBookable),
  );
  const bookings =
    resourceBookings === undefined
      ? await overlapping([...resources.keys()])
      : resources.size > 0
        ? resourceBookings
        : [];
  const blockers = calendarBlockers
    .map((b) => ({
      resourceId: b.resourceId,
      startMs: Date.parse(b.startDateTime),
      endMs: Date.parse(b.endDateTime),
    }))
    .filter((b) => b.startMs < request.endMs && b.endMs > request.startMs);
  return {
    calendar,
    appointmentType,
    resources,
    input: {
      zone: calendar.tzdata,
      rangeStartMs: request.startMs,
      rangeEndMs: request.endMs,
      bookingLengthMinutes: appointmentType.bookingLength,
      searchLengthMinutes: appointmentType.searchLength,
      resources: [...resources.values()],
      slots,
      bookings: bookings.map((b) => ({ resourceId: b.resourceId!, startMs: b.startMs, endMs: b.endMs })),
      blockers,
      nowMs: request.nowMs,
    },
  };
}

/**
 * An ISO-8601 formatter that remembers its answers: the candidates of different resources share
 * their start and end times, so a search formats each instant once.
 */
export function isoFormatter(): (ms: number) => string {
  const cache = new Map<number, string>();
  return (ms) => {
    let text = cache.get(ms);
    if (text === undefined) cache.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
}

/**
 * `GET /connect/availability/`: every candidate of the range, sorted by start, then resource, as
 * the response's JSON bytes (see {@link availabilityJson}). Candidates that start before now (the
 * service's clock) are listed with `available: false`.
 */
export async function searchConnectAvailability(
  ctx: ServiceContext,
  org: string,
  request: Omit<SearchRequest, 'nowMs'>,
): Promise<Uint8Array<ArrayBuffer>> {
  const nowMs = ctx.clock.now();
  const loaded = await readTx(ctx, (tx) => loadSearch(tx, org, { ...request, nowMs }));
  return availabilityJson(searchAvailability(loaded.input), loaded.resources);
}
