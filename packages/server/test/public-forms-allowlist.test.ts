/**
 * One appointment-type allowlist per form (SPEC 4.2): the booking field's `allowedAppointmentTypes`
 * (`["*"]` allows every type) decides what the appointment-type list offers, what the slot search
 * answers, and what submit accepts in step 5 (the appointment-type field) and step 7 (the slot).
 */
import { ErrorMessages, type FormField, type FormInput } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_FORM_FIELDS as FIELD, STUDIO_IDS as ID } from '@leadbook/server/studio';
import { day } from '../../../test-support/time';
import { ADAPTERS, createHarness, type Harness } from './harness';

type Field = NonNullable<FormInput['fields']>[number];

const email: Field = { id: FIELD.email, type: 'email', label: 'Email', required: true };
const typeField: Field = { id: FIELD.appointmentType, type: 'appointment-type', label: 'Type' };
const bookingField = (allowed: string[], linked = true): Field => ({
  id: FIELD.booking,
  type: 'booking-calendar',
  label: 'Time',
  bookingConfig: { searchDays: 14, ...(linked ? { appointmentTypeFieldId: FIELD.appointmentType } : {}) },
  allowedAppointmentTypes: allowed,
});
const form = (id: string, fields: Field[]): FormInput => ({
  id,
  name: 'Allowlist',
  published: true,
  tableId: ID.table,
  studios: [{ id: 'main', name: 'Main', calendarIds: [ID.calendarBerlin] }],
  fields,
});

const FORM_BOTH = '00000000-0000-4000-8000-00000000a001';
const FORM_TRIAL = '00000000-0000-4000-8000-00000000a002';
const FORM_LEGACY_WILDCARD = '00000000-0000-4000-8000-00000000a003';
const FORM_LEGACY_LISTS = '00000000-0000-4000-8000-00000000a005';

/** A group class in the studio room (Berlin 14:00-18:00, publicly bookable): day 1, 14:00 Berlin. */
const classSlot = (days: number) => ({
  appointmentTypeId: ID.appointmentTypeClass,
  calendarId: ID.calendarBerlin,
  startDateTime: `${day(days)}T13:00:00.000Z`,
  endDateTime: `${day(days)}T14:00:00.000Z`,
});

describe.each(ADAPTERS)('one appointment-type allowlist through %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { rateLimit: { enabled: false } });
    await h.service.admin.forms.create(
      ID.organization,
      form(FORM_BOTH, [email, typeField, bookingField(['*'])]),
    );
    await h.service.admin.forms.create(
      ID.organization,
      form(FORM_TRIAL, [email, typeField, bookingField([ID.appointmentTypeTrial], false)]),
    );
    // Forms saved before the one-list rule, with an appointment-type field carrying its own list
    // beside a booking field. Written to storage directly, as saving now refuses them.
    const legacyType = { ...typeField, required: false, allowedAppointmentTypes: [ID.appointmentTypeTrial] };
    await storeLegacy(FORM_LEGACY_WILDCARD, [email, legacyType, bookingField(['*'])]);
    await storeLegacy(FORM_LEGACY_LISTS, [
      email,
      legacyType,
      bookingField([ID.appointmentTypeTrial, ID.appointmentTypeClass], false),
    ]);
  });
  afterAll(() => h.close());
  const storeLegacy = async (id: string, fields: Field[]) => {
    const created = await h.service.admin.forms.create(ID.organization, form(id, [email]));
    // Stored records hold parsed fields: the schema's defaults filled in.
    const stored = fields.map((field) => ({ required: false, ...field }) as FormField);
    await h.service.storage.transaction((tx) => tx.forms.update({ ...created, fields: stored }));
  };

  const listed = async (formId: string) => {
    const res = await h.call(
      'GET',
      `/public/forms/${formId}/appointment-types?calendarId=${ID.calendarBerlin}`,
    );
    expect(res.status).toBe(200);
    return (res.json as Array<{ id: string }>).map((type) => type.id);
  };
  const slots = (formId: string, appointmentTypeId: string) =>
    h.call(
      'GET',
      `/public/forms/${formId}/slots?${new URLSearchParams({
        appointmentTypeId,
        calendarId: ID.calendarBerlin,
        start: `${day(1)}T00:00:00Z`,
        end: `${day(2)}T00:00:00Z`,
      })}`,
    );
  const submit = (formId: string, typeId: string, days: number) =>
    h.call('POST', `/public/forms/${formId}/submit`, {
      body: {
        data: { [FIELD.email]: `u${days}@example.com`, [FIELD.appointmentType]: typeId },
        bookingSlot: classSlot(days),
      },
    });

  it('submit accepts every type the appointment-type list offers (the wildcard offers all)', async () => {
    expect(await listed(FORM_BOTH)).toEqual([ID.appointmentTypeTrial, ID.appointmentTypeClass]);
    expect((await slots(FORM_BOTH, ID.appointmentTypeClass)).status).toBe(200);
    const res = await submit(FORM_BOTH, ID.appointmentTypeClass, 1);
    expect(res.json).toMatchObject({ success: true });
  });

  it('submit refuses, in step 5, what the list does not offer, with the same message as the searches', async () => {
    expect(await listed(FORM_TRIAL)).toEqual([ID.appointmentTypeTrial]);
    expect((await slots(FORM_TRIAL, ID.appointmentTypeClass)).json).toEqual({
      statusCode: 400,
      message: ErrorMessages.appointmentTypeNotAllowed,
    });
    // The appointment-type field is not linked to the booking field: the form's first booking field's
    // list applies to it all the same.
    expect((await submit(FORM_TRIAL, ID.appointmentTypeClass, 2)).json).toEqual({
      statusCode: 400,
      message: ErrorMessages.appointmentTypeNotAllowed,
    });
  });

  it('a form whose two lists differ offers and accepts the same types (the booking field decides)', async () => {
    // Before: the list offered the group class from the booking field's list, then step 5 refused it
    // with the appointment-type field's own list.
    expect(await listed(FORM_LEGACY_LISTS)).toEqual([ID.appointmentTypeTrial, ID.appointmentTypeClass]);
    expect((await submit(FORM_LEGACY_LISTS, ID.appointmentTypeClass, 4)).json).toMatchObject({
      success: true,
    });
  });

  it("a booking field's wildcard is not narrowed by a linked appointment-type field's own list", async () => {
    expect(await listed(FORM_LEGACY_WILDCARD)).toEqual([ID.appointmentTypeTrial, ID.appointmentTypeClass]);
    const offered = await slots(FORM_LEGACY_WILDCARD, ID.appointmentTypeClass);
    expect(offered.status).toBe(200);
    expect(offered.json.data.length).toBeGreaterThan(0);
    expect((await submit(FORM_LEGACY_WILDCARD, ID.appointmentTypeClass, 3)).json).toMatchObject({
      success: true,
    });
  });

  it('refuses to save an appointment-type list beside a booking field, so a form has one list', async () => {
    const saving = h.service.admin.forms.create(
      ID.organization,
      form('00000000-0000-4000-8000-00000000a004', [
        email,
        { ...typeField, allowedAppointmentTypes: [ID.appointmentTypeTrial] },
        bookingField([ID.appointmentTypeTrial, ID.appointmentTypeClass]),
      ]),
    );
    await expect(saving).rejects.toThrow(/booking field's allowedAppointmentTypes decides/);
  });
});
