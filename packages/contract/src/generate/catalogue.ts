/**
 * The named types of the contract: each entry names a zod schema, says whether the type is what a
 * parse produces (`output`, `z.infer`) or what a caller writes (`input`, `z.input`), and carries the
 * type's TSDoc. `npm run types` renders them into `src/types.generated.ts`; a schema that reaches
 * another registered schema refers to it by name. Add a line here for a new schema, then run
 * `npm run types`.
 *
 * @module
 */
import type { z } from 'zod';
import { ScopeSchema } from '../auth';
import { AvailabilityQuerySchema, AvailabilityResponseSchema, AvailabilitySlotSchema } from '../availability';
import { BookingRulesSchema } from '../booking-rules';
import { CalendarBookingSchema, CreateCalendarBookingBodySchema } from '../booking';
import {
  BookingHoldSchema,
  CreateBookingHoldBodySchema,
  PublicHoldBodySchema,
  RescheduleCalendarBookingBodySchema,
} from '../holds';
import { CalendarDetailSchema, CalendarSchema, ScheduleTypeSchema } from '../calendar';
import {
  ConnectAuthErrorSchema,
  ConnectErrorSchema,
  IngressErrorSchema,
  PublicFormErrorSchema,
  TypeErrorEntrySchema,
  ValidationIssueSchema,
} from '../errors';
import { EventTypeSchema, ServiceEventSchema, TriggerContextSchema } from '../events';
import {
  ApiTokenInputSchema,
  EntryFixtureSchema,
  OrganizationFixtureSchema,
  AppointmentTypeInputSchema,
  BlockerInputSchema,
  CalendarInputSchema,
  CustomFieldInputSchema,
  LeadStateInputSchema,
  OrganizationInputSchema,
  ResourceInputSchema,
  ResourceSlotInputSchema,
  ScheduleTypeInputSchema,
  SeedFixtureSchema,
  TableInputSchema,
} from '../fixture';
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
} from '../form';
import { IngressBodySchema, IngressValueSchema } from '../ingress';
import {
  AppointmentTypeResourceMappingSchema,
  AppointmentTypeSchema,
  ResourceCalendarMappingSchema,
  ResourceSchema,
  ResourceSlotBlockerSchema,
  ResourceSlotSchema,
} from '../lookups';
import { AppointmentTypeMeetingsSchema } from '../meetings';
import {
  AppointmentTypeResourceMappingsQuerySchema,
  IdParamsSchema,
  ResourceCalendarMappingsQuerySchema,
  ResourceSlotBlockersQuerySchema,
  ResourceSlotsQuerySchema,
} from '../params';
import { JsonObjectSchema } from '../primitives';
import {
  CaptchaProviderSchema,
  PublicAppointmentTypeSchema,
  PublicAppointmentTypesQuerySchema,
  PublicFormAvailabilitySchema,
  PublicSlotSchema,
  PublicSlotsMetaSchema,
  PublicSlotsQuerySchema,
  PublicSlotsResponseSchema,
  SubmitBodySchema,
  SubmitResponseSchema,
  TelemetryBodySchema,
  TelemetryEventSchema,
} from '../public-form';
import { CreateTableEntryBodySchema, PatchTableEntryBodySchema, TableEntrySchema } from '../table-entry';
import {
  CustomFieldSchema,
  LeadStateCategorySchema,
  LeadStateSchema,
  SchemaFieldDescriptorSchema,
  SpecialTypeSchema,
  TableDataSchemaSchema,
  TableDetailSchema,
  TableSchema,
  TableSchemaFieldSchema,
  TableSchemaFieldsSchema,
} from '../table';
import {
  RotateWebhookSecretInputSchema,
  WebhookEventFilterSchema,
  WebhookEventSchema,
  WebhookSubscriptionInputSchema,
  WebhookSubscriptionPatchSchema,
  WebhookSubscriptionSchema,
} from '../webhook-subscriptions';

/** One named type. */
export interface TypeEntry {
  /** The schema the type is read from. */
  readonly schema: z.ZodTypeAny;
  /** `output`: the parsed value (`z.infer`); `input`: what a caller writes (`z.input`). */
  readonly mode: 'input' | 'output';
  /** The type's TSDoc summary. */
  readonly doc: string;
}

/** Every named type, in the order of the generated file. */
export const typeCatalogue = {
  Scope: { schema: ScopeSchema, mode: 'output', doc: 'A Connect API scope: `read`, `write` or `admin`.' },
  AvailabilityQuery: {
    schema: AvailabilityQuerySchema,
    mode: 'output',
    doc: 'The query of `GET /connect/availability/`.',
  },
  AvailabilitySlot: {
    schema: AvailabilitySlotSchema,
    mode: 'output',
    doc: 'One candidate of an availability search.',
  },
  AvailabilityResponse: {
    schema: AvailabilityResponseSchema,
    mode: 'output',
    doc: 'The response of `GET /connect/availability/`.',
  },
  CalendarBooking: { schema: CalendarBookingSchema, mode: 'output', doc: 'A calendar booking.' },
  CreateCalendarBookingBody: {
    schema: CreateCalendarBookingBodySchema,
    mode: 'output',
    doc: 'The body of `POST /connect/calendar_bookings/`.',
  },
  RescheduleCalendarBookingBody: {
    schema: RescheduleCalendarBookingBodySchema,
    mode: 'output',
    doc: 'The body of `PATCH /connect/calendar_bookings/:id` (extension): the new interval, and optionally resource.',
  },
  CreateBookingHoldBody: {
    schema: CreateBookingHoldBodySchema,
    mode: 'output',
    doc: 'The body of `POST /connect/booking_holds/` (extension): one candidate of the availability search.',
  },
  PublicHoldBody: {
    schema: PublicHoldBodySchema,
    mode: 'output',
    doc: 'The body of `POST /public/forms/:id/holds` (extension): the slot a visitor picked.',
  },
  BookingHold: {
    schema: BookingHoldSchema,
    mode: 'output',
    doc: 'A slot hold (extension): pass its `id` as `holdId` when booking or submitting before `expiresAt`.',
  },
  BookingRules: {
    schema: BookingRulesSchema,
    mode: 'output',
    doc: 'The booking rules of an appointment type (extension); an absent or null rule is off.',
  },
  Calendar: { schema: CalendarSchema, mode: 'output', doc: 'A calendar.' },
  ScheduleType: { schema: ScheduleTypeSchema, mode: 'output', doc: 'A legacy schedule type.' },
  CalendarDetail: { schema: CalendarDetailSchema, mode: 'output', doc: 'The single-calendar response.' },
  ValidationIssue: { schema: ValidationIssueSchema, mode: 'output', doc: 'One validation issue.' },
  ConnectError: { schema: ConnectErrorSchema, mode: 'output', doc: 'The Connect error envelope.' },
  ConnectAuthError: {
    schema: ConnectAuthErrorSchema,
    mode: 'output',
    doc: 'The Connect authentication error envelope.',
  },
  PublicFormError: { schema: PublicFormErrorSchema, mode: 'output', doc: 'The public form error envelope.' },
  TypeErrorEntry: {
    schema: TypeErrorEntrySchema,
    mode: 'output',
    doc: 'One type conflict found by ingress schema inference.',
  },
  IngressError: { schema: IngressErrorSchema, mode: 'output', doc: 'The ingress error envelope.' },
  EventType: { schema: EventTypeSchema, mode: 'output', doc: 'An automation event name.' },
  TriggerContext: { schema: TriggerContextSchema, mode: 'output', doc: 'Who started an event.' },
  ServiceEvent: { schema: ServiceEventSchema, mode: 'output', doc: 'An automation event.' },
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
  AppointmentType: { schema: AppointmentTypeSchema, mode: 'output', doc: 'An appointment type.' },
  Resource: { schema: ResourceSchema, mode: 'output', doc: 'A resource.' },
  ResourceSlot: { schema: ResourceSlotSchema, mode: 'output', doc: 'A resource slot.' },
  ResourceSlotBlocker: { schema: ResourceSlotBlockerSchema, mode: 'output', doc: 'A resource slot blocker.' },
  ResourceCalendarMapping: {
    schema: ResourceCalendarMappingSchema,
    mode: 'output',
    doc: 'A resource-calendar mapping.',
  },
  AppointmentTypeResourceMapping: {
    schema: AppointmentTypeResourceMappingSchema,
    mode: 'output',
    doc: 'An appointment-type-resource mapping.',
  },
  AppointmentTypeMeetings: {
    schema: AppointmentTypeMeetingsSchema,
    mode: 'output',
    doc: 'The meeting setting of an appointment type.',
  },
  IdParams: { schema: IdParamsSchema, mode: 'output', doc: 'The `:id` path parameter.' },
  ResourceSlotsQuery: {
    schema: ResourceSlotsQuerySchema,
    mode: 'output',
    doc: 'The query of `GET /connect/resource_slots/`.',
  },
  ResourceSlotBlockersQuery: {
    schema: ResourceSlotBlockersQuerySchema,
    mode: 'output',
    doc: 'The query of `GET /connect/resource_slot_blockers/`.',
  },
  ResourceCalendarMappingsQuery: {
    schema: ResourceCalendarMappingsQuerySchema,
    mode: 'output',
    doc: 'The ID filters of `GET /connect/resource_calendar_mappings/`.',
  },
  AppointmentTypeResourceMappingsQuery: {
    schema: AppointmentTypeResourceMappingsQuerySchema,
    mode: 'output',
    doc: 'The ID filters of `GET /connect/appointment_type_resource_mappings/`.',
  },
  JsonObject: {
    schema: JsonObjectSchema,
    mode: 'output',
    doc: 'A free-form JSON object: string keys, any JSON values.',
  },
  CaptchaProvider: {
    schema: CaptchaProviderSchema,
    mode: 'output',
    doc: 'A captcha provider: `turnstile`, `hcaptcha` or `recaptcha`.',
  },
  PublicFormAvailability: {
    schema: PublicFormAvailabilitySchema,
    mode: 'output',
    doc: 'The response of `GET /public/forms/:id/availability`.',
  },
  PublicSlotsQuery: {
    schema: PublicSlotsQuerySchema,
    mode: 'output',
    doc: 'The query of `GET /public/forms/:id/slots`.',
  },
  PublicSlot: { schema: PublicSlotSchema, mode: 'output', doc: 'One slot of a public slot search.' },
  PublicSlotsMeta: {
    schema: PublicSlotsMetaSchema,
    mode: 'output',
    doc: 'The `meta` block of a public slot search.',
  },
  PublicSlotsResponse: {
    schema: PublicSlotsResponseSchema,
    mode: 'output',
    doc: 'The response of `GET /public/forms/:id/slots`.',
  },
  PublicAppointmentTypesQuery: {
    schema: PublicAppointmentTypesQuerySchema,
    mode: 'output',
    doc: 'The query of `GET /public/forms/:id/appointment-types`.',
  },
  PublicAppointmentType: {
    schema: PublicAppointmentTypeSchema,
    mode: 'output',
    doc: 'An appointment type as a public form lists it.',
  },
  SubmitBody: {
    schema: SubmitBodySchema,
    mode: 'output',
    doc: 'The body of `POST /public/forms/:id/submit`.',
  },
  SubmitResponse: {
    schema: SubmitResponseSchema,
    mode: 'output',
    doc: 'The response of a successful submit.',
  },
  TelemetryEvent: { schema: TelemetryEventSchema, mode: 'output', doc: 'One telemetry event.' },
  TelemetryBody: {
    schema: TelemetryBodySchema,
    mode: 'output',
    doc: 'The body of `POST /public/forms/:id/telemetry`.',
  },
  TableEntry: { schema: TableEntrySchema, mode: 'output', doc: 'A lead entry.' },
  CreateTableEntryBody: {
    schema: CreateTableEntryBodySchema,
    mode: 'output',
    doc: 'The body of `POST /connect/table_entries/`.',
  },
  PatchTableEntryBody: {
    schema: PatchTableEntryBodySchema,
    mode: 'output',
    doc: 'The merge-patch body of `PATCH /connect/table_entries/:id`.',
  },
  Table: { schema: TableSchema, mode: 'output', doc: 'A lead pool.' },
  LeadStateCategory: {
    schema: LeadStateCategorySchema,
    mode: 'output',
    doc: 'A lead-state category: `new`, `inProgress`, `completed` or `notCompleted`.',
  },
  LeadState: { schema: LeadStateSchema, mode: 'output', doc: 'A lead state.' },
  SpecialType: {
    schema: SpecialTypeSchema,
    mode: 'output',
    doc: "A schema field's special type, such as `email` or `phone`.",
  },
  SchemaFieldDescriptor: {
    schema: SchemaFieldDescriptorSchema,
    mode: 'output',
    doc: 'The minimal descriptor of a schema field.',
  },
  TableSchemaField: {
    schema: TableSchemaFieldSchema,
    mode: 'output',
    doc: 'A schema field descriptor of a booking: a pool field and its attributes.',
  },
  TableSchemaFields: {
    schema: TableSchemaFieldsSchema,
    mode: 'output',
    doc: 'A map from lead-data key to its field descriptor.',
  },
  TableDataSchema: {
    schema: TableDataSchemaSchema,
    mode: 'output',
    doc: 'The inferred data schema of a pool.',
  },
  CustomField: { schema: CustomFieldSchema, mode: 'output', doc: 'A custom field of a pool.' },
  TableDetail: { schema: TableDetailSchema, mode: 'output', doc: 'The single-table response.' },
  WebhookEvent: {
    schema: WebhookEventSchema,
    mode: 'output',
    doc: "The body of a webhook subscription's delivery.",
  },
  WebhookEventFilter: {
    schema: WebhookEventFilterSchema,
    mode: 'output',
    doc: 'Which events a subscription receives.',
  },
  WebhookSubscriptionInput: {
    schema: WebhookSubscriptionInputSchema,
    mode: 'input',
    doc: 'Input of `admin.webhookSubscriptions.create`.',
  },
  WebhookSubscriptionPatch: {
    schema: WebhookSubscriptionPatchSchema,
    mode: 'input',
    doc: 'Input of `admin.webhookSubscriptions.update`.',
  },
  RotateWebhookSecretInput: {
    schema: RotateWebhookSecretInputSchema,
    mode: 'input',
    doc: 'Input of `admin.webhookSubscriptions.rotateSecret`.',
  },
  WebhookSubscription: {
    schema: WebhookSubscriptionSchema,
    mode: 'output',
    doc: 'A webhook subscription as the console shows it.',
  },
} satisfies Record<string, TypeEntry>;

/**
 * Discriminated unions whose members get a name each: `ServiceEvent` becomes
 * `TableEntryAddedEvent | TableEntryLeadStateChangedEvent | ...`, and a schema that reuses a member
 * (the `data` of a webhook delivery) refers to it by that name; `WebhookEvent` becomes
 * `TableEntryAddedDelivery | ... | WebhookPingDelivery`.
 */
export const namedUnionMembers = [
  { union: 'ServiceEvent', discriminator: 'type', suffix: 'Event' },
  { union: 'WebhookEvent', discriminator: 'type', suffix: 'Delivery' },
] as const;
