/**
 * The named types of the resources the API returns and of their queries: lookups, public form
 * resources, lead pools (tables) and their entries, webhook subscriptions.
 *
 * @module
 */
import {
  AppointmentTypeResourceMappingSchema,
  AppointmentTypeSchema,
  ResourceCalendarMappingSchema,
  ResourceSchema,
  ResourceSlotBlockerSchema,
  ResourceSlotSchema,
} from '../../lookups';
import { AppointmentTypeMeetingsSchema } from '../../meetings';
import { AppointmentTypeNotificationsSchema } from '../../notification-settings';
import {
  AppointmentTypeResourceMappingsQuerySchema,
  IdParamsSchema,
  ResourceCalendarMappingsQuerySchema,
  ResourceSlotBlockersQuerySchema,
  ResourceSlotsQuerySchema,
} from '../../params';
import { JsonObjectSchema } from '../../primitives';
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
} from '../../public-form';
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
} from '../../table';
import { CreateTableEntryBodySchema, PatchTableEntryBodySchema, TableEntrySchema } from '../../table-entry';
import {
  RotateWebhookSecretInputSchema,
  WebhookEventFilterSchema,
  WebhookEventSchema,
  WebhookSubscriptionInputSchema,
  WebhookSubscriptionPatchSchema,
  WebhookSubscriptionSchema,
} from '../../webhook-subscriptions';
import type { TypeEntry } from './entry';

/** Entries of the type catalogue, in the order of the generated file. */
export const recordTypes = {
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
  AppointmentTypeNotifications: {
    schema: AppointmentTypeNotificationsSchema,
    mode: 'output',
    doc: 'The notification setting of an appointment type (extension).',
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
