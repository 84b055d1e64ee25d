import type { FormInput } from '@leadbook/contract';
import { ID } from './fixture';
import { day } from '../../../test-support/time';

/** Field ids of the test forms. */
export const FIELD = {
  name: 'f0000000-0000-4000-8000-000000000001',
  email: 'f0000000-0000-4000-8000-000000000002',
  phone: 'f0000000-0000-4000-8000-000000000003',
  plan: 'f0000000-0000-4000-8000-000000000004',
  company: 'f0000000-0000-4000-8000-000000000005',
  code: 'f0000000-0000-4000-8000-000000000006',
  type: 'f0000000-0000-4000-8000-000000000007',
  consent: 'f0000000-0000-4000-8000-000000000008',
  booking: 'f0000000-0000-4000-8000-000000000009',
  source: 'f0000000-0000-4000-8000-00000000000a',
  isBusiness: 'f0000000-0000-4000-8000-00000000000b',
};

/** Form ids of the test forms. */
export const FORM = {
  booking: 'e0000000-0000-4000-8000-000000000001',
  studios: 'e0000000-0000-4000-8000-000000000002',
  draft: 'e0000000-0000-4000-8000-000000000003',
  open: 'e0000000-0000-4000-8000-000000000004',
};

/** A published booking form on Berlin with every field kind, an allowlist and a captcha. */
export const bookingForm: FormInput = {
  id: FORM.booking,
  name: 'Trial booking',
  published: true,
  tableId: ID.tableA,
  allowedDomains: ['https://www.example.com', 'shop.example.org'],
  captcha: { provider: 'turnstile', siteKey: 'site-key-123', secret: 'captcha-secret-xyz' },
  studios: [{ id: 'berlin', name: 'Berlin', calendarIds: [ID.calBerlin] }],
  defaultCountry: 'DE',
  fields: [
    {
      id: FIELD.name,
      type: 'text',
      label: 'Name',
      dataKey: 'name',
      required: true,
      minLength: 2,
      maxLength: 40,
    },
    { id: FIELD.email, type: 'email', label: 'Email', dataKey: 'email', required: true },
    { id: FIELD.phone, type: 'tel', label: 'Phone', dataKey: 'phone' },
    {
      id: FIELD.plan,
      type: 'select',
      label: 'Plan',
      dataKey: 'plan',
      options: [
        { value: 'basic', label: 'Basic' },
        { value: 'pro', label: 'Pro' },
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
    { id: FIELD.code, type: 'text', label: 'Voucher code', dataKey: 'voucher', pattern: '[A-Z]{2}\\d{4}' },
    { id: FIELD.source, type: 'hidden', label: 'Source', dataKey: 'source', defaultValue: 'widget' },
    {
      id: FIELD.type,
      type: 'appointment-type',
      label: 'Appointment type',
      allowedAppointmentTypes: [ID.typeTrial],
    },
    {
      id: FIELD.consent,
      type: 'privacy',
      label: 'Privacy policy',
      mode: 'consent',
      dataKey: 'privacyConsent',
    },
    {
      id: FIELD.booking,
      type: 'booking-calendar',
      label: 'Time',
      bookingConfig: { appointmentTypeFieldId: FIELD.type, searchDays: 14 },
      allowedAppointmentTypes: ['*'],
    },
  ],
};

/** A published two-studio form without captcha or allowlist. */
export const studiosForm: FormInput = {
  id: FORM.studios,
  name: 'Two studios',
  published: true,
  tableId: ID.tableA,
  studios: [
    { id: 'berlin', name: 'Berlin', calendarIds: [ID.calBerlin] },
    { id: 'new-york', name: 'New York', calendarIds: [ID.calNewYork] },
  ],
  fields: [
    { id: FIELD.email, type: 'email', label: 'Email', required: true },
    {
      id: FIELD.booking,
      type: 'booking-calendar',
      label: 'Time',
      bookingConfig: { searchDays: 7 },
      allowedAppointmentTypes: [ID.typeTrial],
    },
  ],
};

/** An unpublished form. */
export const draftForm: FormInput = { ...studiosForm, id: FORM.draft, name: 'Draft', published: false };

/** A published form without booking, captcha or allowlist. */
export const openForm: FormInput = {
  id: FORM.open,
  name: 'Newsletter',
  published: true,
  tableId: ID.tableA,
  studios: [{ id: 'main', name: 'Main', calendarIds: [ID.calBerlin] }],
  fields: [{ id: FIELD.email, type: 'email', label: 'Email', required: true }],
};

/** A valid submission of the booking form for Room 1's Monday 09:00 Berlin slot (08:00Z). */
export const goodSubmission = (start = `${day(1)}T08:00:00.000Z`, end = `${day(1)}T09:00:00.000Z`) => ({
  data: {
    [FIELD.name]: 'Ada Lovelace',
    [FIELD.email]: 'ada@example.com',
    [FIELD.phone]: '030 1234567',
    [FIELD.type]: ID.typeTrial,
    [FIELD.consent]: 'true',
  },
  captchaToken: 'good-token',
  bookingSlot: {
    appointmentTypeId: ID.typeTrial,
    calendarId: ID.calBerlin,
    startDateTime: start,
    endDateTime: end,
  },
});
