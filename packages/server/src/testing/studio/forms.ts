/**
 * The studio's public forms and a valid submission of them. Forms are created through the console
 * API after the seed (`seedStudio` does both).
 *
 * @module
 */
import type { FormInput } from '@leadbook/contract';
import { STUDIO_FORM_FIELDS as FIELD, STUDIO_IDS, type StudioIds } from './ids';

/** The forms of {@link studioForms}, by role. */
export interface StudioForms {
  /**
   * `Book a trial session` ({@link STUDIO_IDS}`.form`): published, no captcha, no allowlist, one
   * studio `main` with both calendars; name, email, phone, appointment type (trial sessions),
   * booking calendar (14 days) and privacy consent.
   */
  trial: FormInput;
  /**
   * `Trial booking` (`formGuarded`): a Turnstile captcha (site key `site-key-123`, secret
   * `captcha-secret-xyz`), allowed domains `https://www.example.com` and `shop.example.org`, one
   * studio `berlin`, and every field kind and rule: lengths, a pattern, a select, a checkbox that
   * shows a required field, a hidden default, a phone with default country DE.
   */
  guarded: FormInput;
  /** `Two studios` (`formStudios`): studios `berlin` and `new-york`; email and a booking field. */
  studios: FormInput;
  /** `Draft` (`formDraft`): the two-studio form, unpublished. */
  draft: FormInput;
  /** `Newsletter` (`formNewsletter`): one email field, no booking. */
  newsletter: FormInput;
}

type FormField = NonNullable<FormInput['fields']>[number];

const name: FormField = {
  id: FIELD.name,
  type: 'text',
  label: 'Name',
  dataKey: 'name',
  required: true,
  minLength: 2,
  maxLength: 40,
};
const email: FormField = { id: FIELD.email, type: 'email', label: 'Email', dataKey: 'email', required: true };
const phone: FormField = { id: FIELD.phone, type: 'tel', label: 'Phone', dataKey: 'phone' };
const consent: FormField = {
  id: FIELD.consent,
  type: 'privacy',
  label: 'Privacy policy',
  mode: 'consent',
  dataKey: 'privacyConsent',
  privacyPolicyUrl: 'https://example.com/privacy',
};
/** The booking field; its `allowedAppointmentTypes` is the form's one allowlist. */
const booking: FormField = {
  id: FIELD.booking,
  type: 'booking-calendar',
  label: 'Time',
  bookingConfig: { appointmentTypeFieldId: FIELD.appointmentType, searchDays: 14 },
};
/** Fields of the guarded form only. */
const extras: FormField[] = [
  {
    id: FIELD.plan,
    type: 'select',
    label: 'Plan',
    dataKey: 'plan',
    options: [
      { value: 'basic', label: 'Basic' },
      { value: 'premium', label: 'Premium' },
    ],
  },
  { id: FIELD.isBusiness, type: 'checkbox', label: 'Business customer', dataKey: 'isBusiness' },
  {
    id: FIELD.company,
    type: 'text',
    label: 'Company',
    dataKey: 'company',
    required: true,
    showIf: [{ fieldId: FIELD.isBusiness, operator: 'equals', value: true }],
  },
  { id: FIELD.voucher, type: 'text', label: 'Voucher code', dataKey: 'voucher', pattern: '[A-Z]{2}\\d{4}' },
  { id: FIELD.source, type: 'hidden', label: 'Source', dataKey: 'source', defaultValue: 'widget' },
];

/**
 * The studio's five public forms, on the pool `Leads`, built for `ids` (the fixed ids by default).
 *
 * @example
 * ```ts
 * await service.admin.seed(studioFixture({ now: clock.now() }));
 * await service.admin.forms.create(STUDIO_IDS.organization, studioForms().guarded);
 * ```
 */
export function studioForms(ids: StudioIds = STUDIO_IDS): StudioForms {
  const appointmentType: FormField = {
    id: FIELD.appointmentType,
    type: 'appointment-type',
    label: 'Appointment type',
  };
  const trialBooking: FormField = { ...booking, allowedAppointmentTypes: [ids.appointmentTypeTrial] };
  const berlin = { id: 'berlin', name: 'Berlin', calendarIds: [ids.calendarBerlin] };
  const studios: FormInput = {
    id: ids.formStudios,
    name: 'Two studios',
    published: true,
    tableId: ids.table,
    studios: [berlin, { id: 'new-york', name: 'New York', calendarIds: [ids.calendarNewYork] }],
    fields: [
      email,
      {
        ...booking,
        bookingConfig: { searchDays: 7 },
        allowedAppointmentTypes: [ids.appointmentTypeTrial, ids.appointmentTypeClass],
      },
    ],
  };
  return {
    trial: {
      id: ids.form,
      name: 'Book a trial session',
      published: true,
      tableId: ids.table,
      studios: [{ id: 'main', name: 'Main', calendarIds: [ids.calendarBerlin, ids.calendarNewYork] }],
      defaultCountry: 'DE',
      fields: [name, email, phone, appointmentType, trialBooking, consent],
    },
    guarded: {
      id: ids.formGuarded,
      name: 'Trial booking',
      published: true,
      tableId: ids.table,
      allowedDomains: ['https://www.example.com', 'shop.example.org'],
      captcha: { provider: 'turnstile', siteKey: 'site-key-123', secret: 'captcha-secret-xyz' },
      studios: [berlin],
      defaultCountry: 'DE',
      fields: [name, email, phone, ...extras, appointmentType, consent, trialBooking],
    },
    studios,
    draft: { ...studios, id: ids.formDraft, name: 'Draft', published: false },
    newsletter: {
      id: ids.formNewsletter,
      name: 'Newsletter',
      published: true,
      tableId: ids.table,
      studios: [{ id: 'main', name: 'Main', calendarIds: [ids.calendarBerlin] }],
      fields: [email],
    },
  };
}

/** The booking slot of a submission; the calendar defaults to Berlin, the type to trial sessions. */
export interface StudioBookingSlot {
  /** Start of a candidate (ISO-8601). */
  startDateTime: string;
  /** Its end: one booking length later. */
  endDateTime: string;
  /** Default: {@link STUDIO_IDS}`.calendarBerlin`. */
  calendarId?: string;
  /** Default: {@link STUDIO_IDS}`.appointmentTypeTrial`. */
  appointmentTypeId?: string;
  /** Default: none (the service picks a resource with room). */
  resourceId?: string;
}

/**
 * A valid submission of the `trial` or the `guarded` form (add the `captchaToken` the latter needs):
 * Ada Lovelace, an email, a German phone number, a trial session and consent, booking `slot` (only
 * its fields above are read, so a slot of the public slot search can be passed as it is).
 *
 * @example
 * ```ts
 * const body = studioSubmission({
 *   startDateTime: '2030-01-07T08:00:00.000Z',
 *   endDateTime: '2030-01-07T09:00:00.000Z',
 * });
 * await fetch(`${base}/public/forms/${STUDIO_IDS.form}/submit`, { method: 'POST', body: JSON.stringify(body) });
 * ```
 */
export function studioSubmission(slot: StudioBookingSlot) {
  const { startDateTime, endDateTime, resourceId } = slot;
  return {
    data: {
      [FIELD.name]: 'Ada Lovelace',
      [FIELD.email]: 'ada@example.com',
      [FIELD.phone]: '030 1234567',
      [FIELD.appointmentType]: STUDIO_IDS.appointmentTypeTrial as string,
      [FIELD.consent]: 'true',
    } as Record<string, unknown>,
    bookingSlot: {
      calendarId: slot.calendarId ?? STUDIO_IDS.calendarBerlin,
      appointmentTypeId: slot.appointmentTypeId ?? STUDIO_IDS.appointmentTypeTrial,
      startDateTime,
      endDateTime,
      ...(resourceId ? { resourceId } : {}),
    },
  };
}
