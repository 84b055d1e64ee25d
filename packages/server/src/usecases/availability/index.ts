/**
 * Availability: loads what one search needs in one read, with a single range query for
 * bookings, and hands it to the pure engine.
 *
 * @module
 */
import { readTx, type ServiceContext } from '../../core/context';
import { ErrorMessages, EXTERNAL_CALENDAR_UNAVAILABLE_REASON, MAX_BUFFER_MINUTES } from '@leadbook/contract';
import { DateTime } from 'luxon';
import { notFound, validationError } from '../../core/errors';
import {
  searchCandidates,
  type AvailabilitySearchInput,
  type EngineBooking,
  type EngineRules,
} from '../../domain/availability';
import { availabilityJson } from './json';
import { externalSearchInput, withLinks } from '../external-calendars';
import { checkCandidateBound } from './bound';
import { MINUTE_MS } from '../../domain/availability/local-time';
import type { AppointmentTypeRecord, CalendarRecord, ResourceRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';

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
  /** Only the candidates that can be booked (the search and its bound stay those of all of them). */
  onlyAvailable?: boolean | undefined;
  /**
   * The range is one booking's interval: unless it lasts the type's `bookingLength`, it is refused
   * (400) before bookings and slots are loaded, so a client-sized interval never costs a search;
   * then one that starts before `nowMs` is refused too (400 `slotStarted`).
   */
  oneBooking?: boolean;
  /** The calendar and appointment type, when the caller read them already (404s stay the same). */
  preloaded?: { calendar: CalendarRecord | null; appointmentType: AppointmentTypeRecord | null };
  /**
   * Bookings and holds that do not count (by id): the booking a reschedule moves, the hold a
   * booking uses.
   */
  excludeIds?: ReadonlySet<string> | undefined;
}

// A booking's buffers reach at most this far beyond it, so reads widen by it to see every booking
// whose buffered interval can touch a candidate's.
const MAX_BUFFER_MS = MAX_BUFFER_MINUTES * MINUTE_MS;

/** The rules of an appointment type as the engine takes them (none set: undefined). */
export function rulesOf(type: AppointmentTypeRecord): EngineRules | undefined {
  const rules = {
    minimumNoticeMinutes: type.minimumNoticeMinutes,
    horizonDays: type.horizonDays,
    bufferBeforeMinutes: type.bufferBeforeMinutes,
    bufferAfterMinutes: type.bufferAfterMinutes,
    maxBookingsPerResourcePerDay: type.maxBookingsPerResourcePerDay,
  };
  return Object.values(rules).some((value) => value !== null && value !== undefined) ? rules : undefined;
}

/** The buffers a booking or hold of the type stores (only those set, in ms). */
export function buffersOf(type: AppointmentTypeRecord | null): {
  bufferBeforeMs?: number;
  bufferAfterMs?: number;
} {
  const before = (type?.bufferBeforeMinutes ?? 0) * MINUTE_MS;
  const after = (type?.bufferAfterMinutes ?? 0) * MINUTE_MS;
  return {
    ...(before > 0 ? { bufferBeforeMs: before } : {}),
    ...(after > 0 ? { bufferAfterMs: after } : {}),
  };
}

/**
 * The range whose bookings a search reads: the candidates' range widened by the type's buffers and
 * the longest buffer another booking may have, and, with a daily limit, to whole local days.
 */
function readRange(request: SearchRequest, zone: string, rules: EngineRules | undefined): [number, number] {
  let from = request.startMs - (rules?.bufferBeforeMinutes ?? 0) * MINUTE_MS - MAX_BUFFER_MS;
  let to = request.endMs + (rules?.bufferAfterMinutes ?? 0) * MINUTE_MS + MAX_BUFFER_MS;
  if (rules?.maxBookingsPerResourcePerDay) {
    from = Math.min(from, DateTime.fromMillis(request.startMs, { zone }).startOf('day').toMillis());
    to = Math.max(
      to,
      DateTime.fromMillis(request.endMs, { zone }).startOf('day').plus({ days: 1 }).toMillis(),
    );
  }
  return [from, to];
}

/** The 400 for booking a candidate that starts before now (only the future is bookable). */
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

/** The resource `id` when it is mapped to the calendar and the type (its three reads at once). */
async function mappedResource(
  tx: Repositories,
  org: string,
  id: string,
  calendarId: string,
  appointmentTypeId: string,
): Promise<ResourceRecord[]> {
  const [onCalendar, forType, resource] = await Promise.all([
    tx.resourceCalendarMappings.list(org, { calendarId, resourceId: id }),
    tx.appointmentTypeResourceMappings.list(org, { appointmentTypeId, resourceId: id }),
    tx.resources.get(org, id),
  ]);
  return resource && onCalendar.length > 0 && forType.length > 0 ? [resource] : [];
}

/**
 * Loads a search inside a transaction. Only resources mapped both to the calendar and to the
 * appointment type count, and only those are read; bookings and active holds come from one range
 * query each over those resources (on any calendar, since a resource's capacity is shared), widened
 * so that buffers and the type's daily limit see every booking they need. 404 for an unknown
 * calendar or type; 400 for a search of more candidates than `MAX_AVAILABILITY_CANDIDATES`, checked
 * from the resources' slots before the bookings of several resources are read (see
 * {@link checkCandidateBound}).
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
  const rules = rulesOf(appointmentType);
  const [readFrom, readTo] = readRange(request, calendar.tzdata, rules);
  // Active holds count like bookings.
  const overlapping = async (ids: string[]) => {
    const [bookings, holds] = await Promise.all([
      tx.bookings.listOverlapping(org, ids, readFrom, readTo),
      tx.holds.listOverlapping(org, ids, readFrom, readTo, request.nowMs),
    ]);
    return holds.length === 0 ? bookings : [...bookings, ...holds];
  };
  // What the range holds: the resources' bookings and holds, and the calendar's blockers that
  // overlap the range (those of no resource block every one), whatever their history.
  const rangeReads = (ids: string[]) =>
    Promise.all([
      overlapping(ids),
      tx.blockers.listOverlapping(org, calendar.id, request.startMs, request.endMs),
    ]);
  // With one resource asked for (every booking), only its rows are read: the work stays the same
  // whatever the number of resources, and its range reads go with the rest (one round trip where
  // the storage batches concurrent reads); they count only if the resource passes the filters
  // below. Without, only the resources mapped to the calendar and the type are read, and their
  // range reads wait for the bound on candidates.
  const one = request.resourceId;
  const [mapped, allSlots, oneResourceReads] = await Promise.all([
    one
      ? mappedResource(tx, org, one, calendar.id, appointmentType.id)
      : tx.resources.listMapped(org, { calendarId: calendar.id, appointmentTypeId: appointmentType.id }),
    tx.resourceSlots.list(org, { calendarId: calendar.id, ...(one && { resourceId: one }) }),
    one ? rangeReads([one]) : undefined,
  ]);
  const resources = new Map(mapped.filter((r) => !r.archived).map((r) => [r.id, r]));
  const slots = allSlots.filter(
    (s) => resources.has(s.resourceId) && (!request.publicOnly || s.publiclyBookable),
  );
  const grid = {
    zone: calendar.tzdata,
    rangeStartMs: request.startMs,
    rangeEndMs: request.endMs,
    bookingLengthMinutes: appointmentType.bookingLength,
    searchLengthMinutes: appointmentType.searchLength,
    resources: [...resources.values()],
    slots,
  };
  checkCandidateBound(grid);
  const [resourceBookings, calendarBlockers] = oneResourceReads ?? (await rangeReads([...resources.keys()]));
  const read = resources.size > 0 ? resourceBookings : [];
  const excluded = request.excludeIds;
  const bookings = excluded && excluded.size > 0 ? read.filter((b) => !excluded.has(b.id)) : read;
  const blockers = calendarBlockers.map((b) => ({
    resourceId: b.resourceId,
    startMs: Date.parse(b.startDateTime),
    endMs: Date.parse(b.endDateTime),
  }));
  return {
    calendar,
    appointmentType,
    resources,
    input: {
      ...grid,
      // The intervals as read (no copy per booking): they carry what the engine needs, and their
      // resource is one of those asked for, never null.
      bookings: bookings as readonly EngineBooking[],
      blockers,
      nowMs: request.nowMs,
      rules,
      onlyAvailable: request.onlyAvailable,
    },
  };
}

/**
 * `GET /connect/availability/`: every candidate of the range (only the available ones with
 * `onlyAvailable`), sorted by start, then resource, as the response's JSON bytes in chunks (see
 * {@link availabilityJson}). Candidates that start before now (the service's clock) are listed with
 * `available: false`, and so are those a linked external calendar is busy for, and every candidate
 * of a resource whose linked calendar failed or timed out (those with `unavailableReason`). A search of more candidates than `MAX_AVAILABILITY_CANDIDATES` is a 400.
 */
export async function searchConnectAvailability(
  ctx: ServiceContext,
  org: string,
  request: Omit<SearchRequest, 'nowMs'>,
): Promise<Iterable<Uint8Array<ArrayBuffer>>> {
  const nowMs = ctx.clock.now();
  const linked = await readTx(ctx, async (tx) =>
    withLinks(ctx, tx, org, await loadSearch(tx, org, { ...request, nowMs })),
  );
  const { input, failed } = await externalSearchInput(ctx, linked);
  const reasons =
    failed.size > 0
      ? new Map([...failed].map((id) => [id, EXTERNAL_CALENDAR_UNAVAILABLE_REASON]))
      : undefined;
  return availabilityJson(searchCandidates(input), undefined, reasons);
}
