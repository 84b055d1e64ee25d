/**
 * The booking rules shared by the slot search, the appointment-type list and submit: which field's
 * allowlist applies, which calendars a form may book, and the four 400 messages of a refused booking.
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
 * The one allowlist rule: the appointment types a booking field allows, from its own
 * `allowedAppointmentTypes`. Null means every type: no list, or the wildcard `["*"]`, which no
 * other list narrows. The slot search, the appointment-type list and submit (steps 5 and 7) all ask
 * this function, so the widget is never offered a type that submit refuses.
 */
export function allowedTypeIds(field: FormField): Set<string> | null {
  const list = field.allowedAppointmentTypes;
  return !list || list.includes('*') ? null : new Set(list);
}

/**
 * The allowlist an `appointment-type` field's value is checked against (submit step 5): the one
 * the appointment-types endpoint answers from, that is the booking field linked to it
 * (`bookingConfig.appointmentTypeFieldId`), else the form's first booking field. Only a form with no
 * booking field at all uses the appointment-type field's own list (saving a form refuses that list
 * when the form has a booking field).
 */
export function typeFieldAllowlist(form: FormRecord, typeField: FormField): Set<string> | null {
  const bookingFields = form.fields.filter((f) => f.type === 'booking-calendar');
  const booking =
    bookingFields.find((f) => f.bookingConfig?.appointmentTypeFieldId === typeField.id) ?? bookingFields[0];
  return allowedTypeIds(booking ?? typeField);
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
