/**
 * The booking rules shared by the slot search, the appointment-type list and submit: which field's
 * allowlist applies, which calendars a form may book, and the four 400 messages of SPEC 4.2.
 *
 * @module
 */
import { ErrorMessages, type FormField } from '@leadbook/contract';
import { validationError } from '../../core/errors';
import type { FormRecord } from '../../ports/records';

/** The booking field a request is about: the one named by `fieldId`, or the form's first. */
export function resolveBookingField(form: FormRecord, fieldId?: string): FormField {
  const field = fieldId
    ? form.fields.find((f) => f.id === fieldId && f.type === 'booking-calendar')
    : form.fields.find((f) => f.type === 'booking-calendar');
  if (!field?.bookingConfig) throw validationError(ErrorMessages.formNotConfiguredForBooking);
  return field;
}

/**
 * The appointment types a booking field allows: null for every type (no list, or `["*"]`), else the
 * ids. A linked appointment-type field's own allowlist narrows it further.
 */
export function allowedTypeIds(form: FormRecord, field: FormField): Set<string> | null {
  const lists = [field.allowedAppointmentTypes];
  const linked = field.bookingConfig?.appointmentTypeFieldId;
  if (linked) lists.push(form.fields.find((f) => f.id === linked)?.allowedAppointmentTypes);
  let allowed: Set<string> | null = null;
  for (const list of lists) {
    if (!list || list.includes('*')) continue;
    allowed = allowed ? new Set(list.filter((id) => allowed!.has(id))) : new Set(list);
  }
  return allowed;
}

/** The allowlist of an appointment-type field on its own (null = every type). */
export function fieldTypeIds(field: FormField): Set<string> | null {
  const list = field.allowedAppointmentTypes;
  return !list || list.includes('*') ? null : new Set(list);
}

/**
 * Checks that the calendar belongs to one of the form's studios and, on a multi-studio form with a
 * resolved studio, to that studio.
 */
export function checkCalendar(form: FormRecord, calendarId: string, studioId: string | undefined): void {
  if (!form.studios.some((studio) => studio.calendarIds.includes(calendarId))) {
    throw validationError(ErrorMessages.calendarNotAllowed);
  }
  if (form.studios.length > 1 && studioId !== undefined) {
    const studio = form.studios.find((s) => s.id === studioId);
    if (!studio?.calendarIds.includes(calendarId))
      throw validationError(ErrorMessages.calendarStudioMismatch);
  }
}

/** Checks an appointment type against an allowlist. */
export function checkAppointmentType(allowed: Set<string> | null, appointmentTypeId: string): void {
  if (allowed && !allowed.has(appointmentTypeId))
    throw validationError(ErrorMessages.appointmentTypeNotAllowed);
}
