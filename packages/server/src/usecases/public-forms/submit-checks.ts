/**
 * The storage-backed submit checks (steps 2, 5 and 7 of submit): studio resolution, the
 * appointment-type allowlist of appointment-type fields, and the booking slot's sanity, allowlists
 * and live availability.
 *
 * @module
 */
import { ErrorMessages, type SubmitBody } from '@leadbook/contract';
import { slotUnavailable, validationError } from '../../core/errors';
import { resolveRules, searchAvailability } from '../../domain/availability';
import type { FormRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { loadSearch, slotStarted } from '../availability';
import { outsideBookingWindow, usableHold } from '../bookings/checks';
import {
  allowedTypeIds,
  checkAppointmentType,
  checkCalendar,
  resolveBookingField,
  typeFieldAllowlist,
} from './booking-rules';

/** Step 2: a multi-studio form needs a `studioId` naming one of its studios. */
export function resolveStudio(form: FormRecord, studioId: string | undefined): string | null {
  if (form.studios.length > 1 && studioId === undefined) throw validationError('Please choose a studio');
  if (studioId === undefined) return form.studios[0]?.id ?? null;
  if (!form.studios.some((studio) => studio.id === studioId))
    throw validationError('The selected studio does not exist');
  return studioId;
}

/**
 * Step 5: each visible appointment-type value must be an existing type on the allowlist the
 * appointment-types endpoint answers from (its booking field's; see {@link typeFieldAllowlist}).
 */
export async function checkAppointmentTypeFields(
  tx: Repositories,
  form: FormRecord,
  values: Record<string, unknown>,
) {
  for (const field of form.fields) {
    if (field.type !== 'appointment-type' || typeof values[field.id] !== 'string') continue;
    const typeId = values[field.id] as string;
    checkAppointmentType(typeFieldAllowlist(form, field), typeId);
    const type = await tx.appointmentTypes.get(form.organizationId, typeId);
    if (!type || type.archived) throw validationError(ErrorMessages.appointmentTypeNotAllowed);
  }
}

const MINUTE_MS = 60_000;
const notOffered = () => validationError('The selected time slot is not offered by this form');

/** The slot a submission books, once step 7 accepted it. */
export interface CheckedSlot {
  calendarId: string;
  appointmentTypeId: string;
  startDateTime: string;
  endDateTime: string;
  /** Available resources for the interval, in preference order (the requested one alone, if given). */
  resourceIds: string[];
  /** The visitor's hold on the slot, when it still counts: its resource comes first. */
  hold?: { id: string; resourceId: string };
}

/** A slot a visitor picked (submit's `bookingSlot`, a public hold's body). */
export interface PickedSlot {
  appointmentTypeId: string;
  calendarId: string;
  resourceId?: string | undefined;
  startDateTime: string;
  endDateTime: string;
}

/**
 * Whether the form offers the slot and it has room now: sane times, the calendar and the type
 * allowed by the booking field, the interval a publicly bookable candidate with room left. The
 * hold `holdId` names is judged as a Connect booking judges it ({@link usableHold}): on this slot
 * it does not count, on another slot it is a 400 `holdMismatch`, unknown or expired it is
 * ignored. Returns the resources with room, the held one first.
 */
export async function checkOfferedSlot(
  tx: Repositories,
  form: FormRecord,
  {
    slot,
    studioId,
    fieldId,
    nowMs,
    holdId,
    released = [],
  }: {
    slot: PickedSlot;
    studioId: string | null;
    fieldId: string | undefined;
    nowMs: number;
    holdId?: string | undefined;
    /** Holds that will be released before the slot is taken (a client's previous hold). */
    released?: readonly string[];
  },
): Promise<CheckedSlot> {
  const startMs = Date.parse(slot.startDateTime);
  const endMs = Date.parse(slot.endDateTime);
  if (!(startMs < endMs)) throw validationError('The selected time slot ends before it starts');
  checkCalendar(form, slot.calendarId, studioId ?? undefined);
  const field = resolveBookingField(form, fieldId);
  checkAppointmentType(allowedTypeIds(field), slot.appointmentTypeId);
  const organization = await tx.organizations.get(form.organizationId);
  if (!organization?.resourcePlanner) throw validationError(ErrorMessages.formNotConfiguredForBooking);
  // The interval is one booking of the type, or no slot at all: checked before anything is loaded,
  // so the work below covers that one interval however wide a range the client sent.
  const type = await tx.appointmentTypes.get(form.organizationId, slot.appointmentTypeId);
  if (type && endMs - startMs !== type.bookingLength * MINUTE_MS) throw notOffered();
  if (startMs < nowMs) throw slotStarted();
  const held = await usableHold(tx, form.organizationId, holdId, {
    calendarId: slot.calendarId,
    appointmentTypeId: slot.appointmentTypeId,
    resourceId: slot.resourceId,
    startMs,
    endMs,
    nowMs,
  });
  const loaded = await loadSearch(tx, form.organizationId, {
    calendarId: slot.calendarId,
    appointmentTypeId: slot.appointmentTypeId,
    startMs,
    endMs,
    resourceId: slot.resourceId,
    publicOnly: true,
    nowMs,
    excludeIds: held || released.length > 0 ? new Set([...released, ...(held ? [held.id] : [])]) : undefined,
  });
  const candidates = searchAvailability(loaded.input).filter(
    (c) => c.startMs === startMs && c.endMs === endMs,
  );
  if (candidates.length === 0) throw notOffered();
  const window = resolveRules(loaded.input.rules, nowMs, loaded.calendar.tzdata);
  if (startMs < window.earliestStartMs || startMs > window.latestStartMs) throw outsideBookingWindow();
  const open = [...new Set(candidates.filter((c) => c.available).map((c) => c.resourceId))];
  if (open.length === 0) throw slotUnavailable();
  if (held && open.includes(held.resourceId)) {
    open.splice(open.indexOf(held.resourceId), 1);
    open.unshift(held.resourceId);
  }
  return {
    calendarId: slot.calendarId,
    appointmentTypeId: slot.appointmentTypeId,
    startDateTime: slot.startDateTime,
    endDateTime: slot.endDateTime,
    resourceIds: open,
    ...(held ? { hold: { id: held.id, resourceId: held.resourceId } } : {}),
  };
}

/**
 * Step 7: a visible booking-calendar field needs a `bookingSlot`; its times must be sane, its calendar
 * and appointment type allowed, and the interval a publicly bookable candidate with room left now
 * (the visitor's hold, `holdId`, lending its place).
 */
export async function checkBookingSlot(
  tx: Repositories,
  submission: {
    form: FormRecord;
    body: SubmitBody;
    studioId: string | null;
    /** The ids of the fields visible with the submitted values. */
    visible: ReadonlySet<string>;
    values: Record<string, unknown>;
    /** Now (the service's clock), epoch ms: a slot that starts before it is refused. */
    nowMs: number;
  },
): Promise<CheckedSlot | null> {
  const { form, body, studioId, visible, values, nowMs } = submission;
  const fields = form.fields.filter((f) => f.type === 'booking-calendar' && visible.has(f.id));
  if (fields.length === 0) return null;
  const slot = body.bookingSlot;
  if (!slot) throw validationError('Please choose a time slot');
  if (!(Date.parse(slot.startDateTime) < Date.parse(slot.endDateTime))) {
    throw validationError('The selected time slot ends before it starts');
  }
  checkCalendar(form, slot.calendarId, studioId ?? undefined);
  const field = resolveBookingField(form, fields[0]!.id);
  checkAppointmentType(allowedTypeIds(field), slot.appointmentTypeId);
  const linked = field.bookingConfig?.appointmentTypeFieldId;
  if (linked && values[linked] !== undefined && values[linked] !== slot.appointmentTypeId) {
    throw validationError('The selected time slot is for another appointment type than the one chosen');
  }
  return checkOfferedSlot(tx, form, { slot, studioId, fieldId: fields[0]!.id, nowMs, holdId: body.holdId });
}
