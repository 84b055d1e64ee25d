/**
 * The checks a booking, a hold and a reschedule share on the resource planner: the interval must be
 * a candidate of a slot of the resource, inside the appointment type's booking window, with room
 * left, all read inside the caller's transaction (which holds the resource's lock).
 *
 * @module
 */
import { ErrorMessages, type ValidationIssue } from '@leadbook/contract';
import { slotUnavailable, validationError } from '../../core/errors';
import { findCandidate, resolveRules } from '../../domain/availability';
import type { AppointmentTypeRecord, CalendarRecord, HoldRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { loadSearch, notBookable } from '../availability';

/** A 400 naming the field at fault. */
export const invalid = (path: string, message: string) =>
  validationError(message, [{ path, message } satisfies ValidationIssue]);

/** The 400 for a start outside the type's minimum notice or horizon. */
export const outsideBookingWindow = () => invalid('startDateTime', ErrorMessages.outsideBookingWindow);

/** One interval of one resource to check. */
export interface PlannerInterval {
  calendarId: string;
  appointmentTypeId: string;
  resourceId: string;
  /** The slot the caller names, or any slot of the resource. */
  resourceSlotId?: string | undefined;
  startMs: number;
  endMs: number;
  /** Only publicly bookable slots (form submissions and public holds). */
  publicOnly: boolean;
  /** Now, epoch ms. */
  nowMs: number;
  /** Bookings and holds that do not count: the booking being moved, the hold being used. */
  excludeIds?: ReadonlySet<string> | undefined;
  /** The calendar and type, when read already. */
  preloaded?: { calendar: CalendarRecord | null; appointmentType: AppointmentTypeRecord | null };
}

/**
 * Checks an interval of a resource: 400 when it is not a candidate, 400 `outsideBookingWindow`
 * when the type's notice or horizon refuse it, 400 `slotUnavailable` when it is full (buffers and
 * the daily limit included) or blocked.
 *
 * @returns The candidate's slot and the appointment type.
 */
export async function checkPlannerInterval(tx: Repositories, org: string, interval: PlannerInterval) {
  const { startMs, endMs, resourceId, nowMs } = interval;
  const loaded = await loadSearch(tx, org, {
    calendarId: interval.calendarId,
    appointmentTypeId: interval.appointmentTypeId,
    startMs,
    endMs,
    resourceId,
    publicOnly: interval.publicOnly,
    nowMs,
    oneBooking: true,
    excludeIds: interval.excludeIds,
    ...(interval.preloaded ? { preloaded: interval.preloaded } : {}),
  });
  if (!loaded.resources.has(resourceId)) {
    throw invalid('resourceId', 'The resource is not mapped to this calendar and appointment type');
  }
  const candidate = findCandidate({
    ...loaded.input,
    startMs,
    endMs,
    resourceId,
    resourceSlotId: interval.resourceSlotId,
  });
  if (!candidate) throw notBookable();
  const window = resolveRules(loaded.input.rules, nowMs, loaded.calendar.tzdata);
  if (startMs < window.earliestStartMs || startMs > window.latestStartMs) throw outsideBookingWindow();
  // The same check as the search, now inside the transaction: a slot filled meanwhile is refused.
  if (!candidate.available) throw slotUnavailable();
  return { resourceSlotId: candidate.resourceSlotId, appointmentType: loaded.appointmentType };
}

/** The interval a booking, a reschedule or a submit wants, to compare with the hold it names. */
export interface HoldWanted {
  calendarId: string;
  appointmentTypeId: string;
  /** The resource named; `undefined` when the service picks one (a submit without `resourceId`). */
  resourceId: string | undefined;
  startMs: number;
  endMs: number;
  /** Now, epoch ms: a hold that expires by then no longer counts. */
  nowMs: number;
}

/**
 * The hold a booking, a reschedule or a form submission names, when it still counts. The id is
 * the credential: any active hold of the organization counts, whoever placed it (another token,
 * another client or form). Null when the id is absent, unknown (another organization's included)
 * or expired: the caller then needs a free place like any other. 400 `holdMismatch` when the hold
 * is on another calendar, type, interval, or resource than the one named.
 */
export async function usableHold(
  tx: Repositories,
  org: string,
  holdId: string | undefined,
  wanted: HoldWanted,
): Promise<HoldRecord | null> {
  if (!holdId) return null;
  const hold = await tx.holds.get(org, holdId);
  if (!hold || hold.expiresMs <= wanted.nowMs) return null;
  if (
    hold.calendarId !== wanted.calendarId ||
    hold.appointmentTypeId !== wanted.appointmentTypeId ||
    (wanted.resourceId !== undefined && hold.resourceId !== wanted.resourceId) ||
    hold.startMs !== wanted.startMs ||
    hold.endMs !== wanted.endMs
  ) {
    throw invalid('holdId', ErrorMessages.holdMismatch);
  }
  return hold;
}
