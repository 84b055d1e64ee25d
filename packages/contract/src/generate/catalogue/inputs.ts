/**
 * The named types of the seed fixture and the admin inputs, and of forms and ingress bodies.
 *
 * @module
 */
import {
  ApiTokenInputSchema,
  AppointmentTypeInputSchema,
  BlockerInputSchema,
  CalendarInputSchema,
  CustomFieldInputSchema,
  EntryFixtureSchema,
  LeadStateInputSchema,
  OrganizationFixtureSchema,
  OrganizationInputSchema,
  ResourceInputSchema,
  ResourceSlotInputSchema,
  ScheduleTypeInputSchema,
  SeedFixtureSchema,
  TableInputSchema,
} from '../../fixture';
import {
  BookingConfigSchema,
  CaptchaConfigSchema,
  FormFieldSchema,
  FormFieldTypeSchema,
  FormInputSchema,
  FormSchema,
  PublicFormConfigSchema,
  ShowIfSchema,
  StudioSchema,
} from '../../form';
import { IngressBodySchema, IngressValueSchema } from '../../ingress';
import { AppointmentTypeNotificationsSchema } from '../../notification-settings';
import type { TypeEntry } from './entry';

/** Entries of the type catalogue, in the order of the generated file. */
export const inputTypes = {
  SeedFixture: {
    schema: SeedFixtureSchema,
    mode: 'input',
    doc: 'A seed fixture as written (defaults optional).',
  },
  OrganizationFixture: {
    schema: OrganizationFixtureSchema,
    mode: 'input',
    doc: 'One organization of a seed fixture with everything it owns; other entities may refer to its calendars, pools, appointment types and resources by name.',
  },
  EntryFixture: {
    schema: EntryFixtureSchema,
    mode: 'input',
    doc: "A lead entry in a seed fixture; `leadStateId` defaults to the pool's default state.",
  },
  OrganizationInput: {
    schema: OrganizationInputSchema,
    mode: 'input',
    doc: 'Input of `admin.organizations.create`.',
  },
  ApiTokenInput: { schema: ApiTokenInputSchema, mode: 'input', doc: 'Input of `admin.apiTokens.create`.' },
  CalendarInput: { schema: CalendarInputSchema, mode: 'input', doc: 'Input of `admin.calendars.create`.' },
  ScheduleTypeInput: {
    schema: ScheduleTypeInputSchema,
    mode: 'input',
    doc: 'Input of `admin.scheduleTypes.create`.',
  },
  LeadStateInput: { schema: LeadStateInputSchema, mode: 'input', doc: 'Input of `admin.leadStates.create`.' },
  CustomFieldInput: {
    schema: CustomFieldInputSchema,
    mode: 'input',
    doc: 'Input of `admin.customFields.create`.',
  },
  TableInput: { schema: TableInputSchema, mode: 'input', doc: 'Input of `admin.tables.create`.' },
  AppointmentTypeInput: {
    schema: AppointmentTypeInputSchema,
    mode: 'input',
    doc: 'Input of `admin.appointmentTypes.create`.',
  },
  ResourceInput: { schema: ResourceInputSchema, mode: 'input', doc: 'Input of `admin.resources.create`.' },
  ResourceSlotInput: {
    schema: ResourceSlotInputSchema,
    mode: 'input',
    doc: 'Input of `admin.resourceSlots.create`.',
  },
  BlockerInput: { schema: BlockerInputSchema, mode: 'input', doc: 'Input of `admin.blockers.create`.' },
  FormFieldType: { schema: FormFieldTypeSchema, mode: 'output', doc: 'A form field kind.' },
  ShowIf: { schema: ShowIfSchema, mode: 'output', doc: 'A visibility condition.' },
  BookingConfig: {
    schema: BookingConfigSchema,
    mode: 'output',
    doc: 'The booking settings of a `booking-calendar` field.',
  },
  FormField: { schema: FormFieldSchema, mode: 'output', doc: 'A form field.' },
  Studio: { schema: StudioSchema, mode: 'output', doc: 'A studio.' },
  CaptchaConfig: { schema: CaptchaConfigSchema, mode: 'output', doc: "A form's captcha settings." },
  Form: { schema: FormSchema, mode: 'output', doc: 'A stored form.' },
  PublicFormConfig: {
    schema: PublicFormConfigSchema,
    mode: 'output',
    doc: 'The public configuration of a published form.',
  },
  FormInput: { schema: FormInputSchema, mode: 'input', doc: 'Input of `admin.forms.create`.' },
  IngressValue: { schema: IngressValueSchema, mode: 'output', doc: 'A value of ingress `data`.' },
  IngressBody: {
    schema: IngressBodySchema,
    mode: 'output',
    doc: 'The body of `POST /public/ingress_webhooks/:id`.',
  },
  AppointmentTypeNotificationsBody: {
    schema: AppointmentTypeNotificationsSchema,
    mode: 'input',
    doc: 'The notification setting `admin.appointmentTypes.setNotifications` takes (extension); defaults fill what is left out.',
  },
} satisfies Record<string, TypeEntry>;
