/**
 * The body of the submit: what the visitor entered in the fields they were shown, the appointment
 * type they booked in every appointment-type field, and the held slot.
 *
 * @module
 */
import type { BookingHold, SubmitBody } from '@leadbook/sdk/public-form';
import { isShown, type FormField } from './fields';

/** What a submission is made of. */
export interface SubmissionInput {
  fields: readonly FormField[];
  /** The values by field id, as the fields hold them. */
  values: Readonly<Record<string, unknown>>;
  hold: BookingHold;
  studioId: string;
  captchaToken: string | undefined;
}

/**
 * Builds the submit body: empty values and the values of fields hidden by `showIf` are left out
 * (the service would drop them), and the hold books its own slot.
 */
export function submissionBody({
  fields,
  values,
  hold,
  studioId,
  captchaToken,
}: SubmissionInput): SubmitBody {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const withType = { ...values };
  for (const field of fields)
    if (field.type === 'appointment-type') withType[field.id] = hold.appointmentTypeId;
  const data: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = withType[field.id];
    if (value === undefined || value === '' || value === false || !isShown(field, withType, byId)) continue;
    data[field.id] = value as string | boolean;
  }
  return {
    data,
    studioId,
    bookingSlot: {
      calendarId: hold.calendarId,
      appointmentTypeId: hold.appointmentTypeId,
      resourceId: hold.resourceId,
      startDateTime: hold.startDateTime,
      endDateTime: hold.endDateTime,
    },
    holdId: hold.id,
    ...(captchaToken ? { captchaToken } : {}),
  };
}
