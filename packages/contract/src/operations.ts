/**
 * The operation catalogue: every endpoint of the API with its method, path, scope and schemas. The
 * server's route table, the SDK's typed calls and the OpenAPI document are all built from it.
 *
 * @module
 */
import { z } from 'zod';
import type { Scope } from './types.generated';
import { AvailabilityQuerySchema, AvailabilityResponseSchema } from './availability';
import { CalendarBookingSchema, CreateCalendarBookingBodySchema } from './booking';
import { CalendarDetailSchema, CalendarSchema } from './calendar';
import {
  BookingHoldSchema,
  CreateBookingHoldBodySchema,
  PublicHoldBodySchema,
  RescheduleCalendarBookingBodySchema,
} from './holds';
import { PublicFormConfigSchema } from './form';
import { IngressBodySchema } from './ingress';
import {
  AppointmentTypeResourceMappingSchema,
  AppointmentTypeSchema,
  ResourceCalendarMappingSchema,
  ResourceSchema,
  ResourceSlotBlockerSchema,
  ResourceSlotSchema,
} from './lookups';
import {
  AppointmentTypeResourceMappingsQuerySchema,
  IdParamsSchema,
  ResourceCalendarMappingsQuerySchema,
  ResourceSlotBlockersQuerySchema,
  ResourceSlotsQuerySchema,
} from './params';
import {
  PublicAppointmentTypeSchema,
  PublicAppointmentTypesQuerySchema,
  PublicFormAvailabilitySchema,
  PublicSlotsQuerySchema,
  PublicSlotsResponseSchema,
  SubmitBodySchema,
  SubmitResponseSchema,
  TelemetryBodySchema,
} from './public-form';
import { OpaqueIdSchema } from './primitives';
import { TableDetailSchema, TableSchema } from './table';
import { CreateTableEntryBodySchema, PatchTableEntryBodySchema, TableEntrySchema } from './table-entry';

/** An HTTP method the service answers. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The three interface surfaces (Connect, public form, ingress): each has its own auth and error envelope. */
export type Surface = 'connect' | 'public-form' | 'ingress';

/** One endpoint: how it is called, who may call it and the shapes it takes and returns. */
export interface OperationDefinition {
  /** Stable operation id, used in the OpenAPI document and by the SDK. */
  readonly operationId: string;
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The path in Express style (`/connect/calendar/:id`). */
  readonly path: string;
  /** Which surface the endpoint belongs to. */
  readonly surface: Surface;
  /** The Connect scope the endpoint needs (Connect only). */
  readonly scope?: Scope;
  /** One line for the docs. */
  readonly summary: string;
  /** What a caller should know beyond the summary (the OpenAPI operation's description). */
  readonly description?: string;
  /** Path parameters. */
  readonly params?: z.ZodTypeAny;
  /** Query parameters (every value arrives as a string). */
  readonly query?: z.ZodTypeAny;
  /** The JSON request body. */
  readonly body?: z.ZodTypeAny;
  /** The JSON success body; absent for an empty body. */
  readonly response?: z.ZodTypeAny;
  /** The success status. */
  readonly successStatus: number;
  /** The error statuses the endpoint may answer. */
  readonly errorStatuses: readonly number[];
  /** Optional request headers the endpoint reads, by name. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A path parameter of the public surfaces: any non-empty string (an unknown id answers 404). */
export const PublicIdParamsSchema = z.object({ id: OpaqueIdSchema }).strict();

const read = {
  surface: 'connect',
  scope: 'read',
  successStatus: 200,
  errorStatuses: [400, 401, 403, 404, 500],
} as const;
const listOf = <T extends z.ZodTypeAny>(schema: T) => z.array(schema);
const publicGet = {
  surface: 'public-form',
  method: 'GET',
  params: PublicIdParamsSchema,
  successStatus: 200,
} as const;
const publicErrors = [400, 403, 404, 429, 500] as const;

/** The header that makes a booking request idempotent (an extension of the 2.16.0 API). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Every operation of the Connect, public form and ingress APIs, keyed by operation id. */
export const operations = {
  listCalendars: {
    ...read,
    operationId: 'listCalendars',
    method: 'GET',
    path: '/connect/calendar/',
    summary: 'List calendars',
    response: listOf(CalendarSchema),
  },
  getCalendar: {
    ...read,
    operationId: 'getCalendar',
    method: 'GET',
    path: '/connect/calendar/:id',
    summary: 'Get a calendar with its schedule types',
    params: IdParamsSchema,
    response: CalendarDetailSchema,
  },
  listTables: {
    ...read,
    operationId: 'listTables',
    method: 'GET',
    path: '/connect/tables/',
    summary: 'List lead pools',
    response: listOf(TableSchema),
  },
  getTable: {
    ...read,
    operationId: 'getTable',
    method: 'GET',
    path: '/connect/tables/:id',
    summary: 'Get a lead pool with its lead states and schema',
    params: IdParamsSchema,
    response: TableDetailSchema,
  },
  listAppointmentTypes: {
    ...read,
    operationId: 'listAppointmentTypes',
    method: 'GET',
    path: '/connect/appointment_types/',
    summary: 'List appointment types',
    response: listOf(AppointmentTypeSchema),
  },
  getAppointmentType: {
    ...read,
    operationId: 'getAppointmentType',
    method: 'GET',
    path: '/connect/appointment_types/:id',
    summary: 'Get an appointment type',
    params: IdParamsSchema,
    response: AppointmentTypeSchema,
  },
  listResources: {
    ...read,
    operationId: 'listResources',
    method: 'GET',
    path: '/connect/resources/',
    summary: 'List resources',
    response: listOf(ResourceSchema),
  },
  getResource: {
    ...read,
    operationId: 'getResource',
    method: 'GET',
    path: '/connect/resources/:id',
    summary: 'Get a resource',
    params: IdParamsSchema,
    response: ResourceSchema,
  },
  listResourceSlots: {
    ...read,
    operationId: 'listResourceSlots',
    method: 'GET',
    path: '/connect/resource_slots/',
    summary: 'List resource slots',
    query: ResourceSlotsQuerySchema,
    response: listOf(ResourceSlotSchema),
  },
  listResourceSlotBlockers: {
    ...read,
    operationId: 'listResourceSlotBlockers',
    method: 'GET',
    path: '/connect/resource_slot_blockers/',
    summary: 'List resource slot blockers',
    query: ResourceSlotBlockersQuerySchema,
    response: listOf(ResourceSlotBlockerSchema),
  },
  listResourceCalendarMappings: {
    ...read,
    operationId: 'listResourceCalendarMappings',
    method: 'GET',
    path: '/connect/resource_calendar_mappings/',
    summary: 'List resource-calendar mappings',
    query: ResourceCalendarMappingsQuerySchema,
    response: listOf(ResourceCalendarMappingSchema),
  },
  listAppointmentTypeResourceMappings: {
    ...read,
    operationId: 'listAppointmentTypeResourceMappings',
    method: 'GET',
    path: '/connect/appointment_type_resource_mappings/',
    summary: 'List appointment-type-resource mappings',
    query: AppointmentTypeResourceMappingsQuerySchema,
    response: listOf(AppointmentTypeResourceMappingSchema),
  },
  searchAvailability: {
    ...read,
    operationId: 'searchAvailability',
    method: 'GET',
    path: '/connect/availability/',
    summary: 'Search bookable intervals of a calendar for an appointment type',
    query: AvailabilityQuerySchema,
    response: AvailabilityResponseSchema,
  },
  createTableEntry: {
    surface: 'connect',
    scope: 'write',
    operationId: 'createTableEntry',
    method: 'POST',
    path: '/connect/table_entries/',
    summary: 'Create a lead entry',
    body: CreateTableEntryBodySchema,
    response: TableEntrySchema,
    successStatus: 201,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500],
  },
  updateTableEntry: {
    surface: 'connect',
    scope: 'write',
    operationId: 'updateTableEntry',
    method: 'PATCH',
    path: '/connect/table_entries/:id',
    summary: 'Merge-patch a lead entry (RFC 7396)',
    params: IdParamsSchema,
    body: PatchTableEntryBodySchema,
    response: TableEntrySchema,
    successStatus: 200,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500],
  },
  createCalendarBooking: {
    surface: 'connect',
    scope: 'write',
    operationId: 'createCalendarBooking',
    method: 'POST',
    path: '/connect/calendar_bookings/',
    summary: 'Create a capacity-checked booking',
    body: CreateCalendarBookingBodySchema,
    response: CalendarBookingSchema,
    successStatus: 201,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500],
    headers: {
      'Idempotency-Key': 'The same key with the same body within 24 hours returns the first booking again',
    },
  },
  getCalendarBooking: {
    ...read,
    operationId: 'getCalendarBooking',
    method: 'GET',
    path: '/connect/calendar_bookings/:id',
    summary: 'Get a booking, with its meeting as it is now',
    description:
      'The booking as the create response shows it, read now: its meeting fields show how far the ' +
      'meeting job got (`pending`, then `created` with the URL, or `failed`).',
    params: IdParamsSchema,
    response: CalendarBookingSchema,
  },
  rescheduleCalendarBooking: {
    surface: 'connect',
    scope: 'write',
    operationId: 'rescheduleCalendarBooking',
    method: 'PATCH',
    path: '/connect/calendar_bookings/:id',
    summary: 'Move a booking to a new interval (extension)',
    description:
      'Capacity and booking rules are rechecked for the new interval in one transaction; the old ' +
      'time is released only when the new one is taken, so a refused reschedule keeps the booking ' +
      'where it was. The `hasStarted`/`hasEnded` timers and the video meeting move with it, and ' +
      '`calendar.appointment.rescheduled` fires with the old and new times.',
    params: IdParamsSchema,
    body: RescheduleCalendarBookingBodySchema,
    response: CalendarBookingSchema,
    successStatus: 200,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500],
  },
  createBookingHold: {
    surface: 'connect',
    scope: 'write',
    operationId: 'createBookingHold',
    method: 'POST',
    path: '/connect/booking_holds/',
    summary: 'Hold one place of a candidate for a few minutes (extension)',
    description:
      'The held place counts as taken for every other booking, hold and availability search until ' +
      'the hold expires or a booking with its `holdId` uses it. At most 100 active holds per API token.',
    body: CreateBookingHoldBodySchema,
    response: BookingHoldSchema,
    successStatus: 201,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500],
  },
  deleteBookingHold: {
    surface: 'connect',
    scope: 'write',
    operationId: 'deleteBookingHold',
    method: 'DELETE',
    path: '/connect/booking_holds/:id',
    summary: 'Release a hold before it expires (extension)',
    params: IdParamsSchema,
    successStatus: 204,
    errorStatuses: [400, 401, 403, 404, 415, 500],
  },
  deleteCalendarBooking: {
    surface: 'connect',
    scope: 'admin',
    operationId: 'deleteCalendarBooking',
    method: 'DELETE',
    path: '/connect/calendar_bookings/:id',
    summary: 'Delete a booking (hard delete)',
    params: IdParamsSchema,
    successStatus: 204,
    errorStatuses: [400, 401, 403, 404, 415, 500],
  },
  getPublicFormAvailability: {
    ...publicGet,
    operationId: 'getPublicFormAvailability',
    path: '/public/forms/:id/availability',
    summary: 'Check that a form is published; read its captcha provider',
    description:
      'Answers 200 with `available: true` and the captcha provider (or null) for a published form, ' +
      "404 for a missing or unpublished one. A browser `Origin` must be on the form's allowlist.",
    response: PublicFormAvailabilitySchema,
    errorStatuses: publicErrors,
  },
  listPublicSlots: {
    ...publicGet,
    operationId: 'listPublicSlots',
    path: '/public/forms/:id/slots',
    summary: 'List bookable slots of a form',
    description:
      'The candidates of the publicly bookable resource slots of a calendar for an appointment type ' +
      "allowed by the booking field's allowlist; those that are full, blocked or start before now " +
      'are listed with `available: false`.',
    query: PublicSlotsQuerySchema,
    response: PublicSlotsResponseSchema,
    errorStatuses: publicErrors,
  },
  listPublicAppointmentTypes: {
    ...publicGet,
    operationId: 'listPublicAppointmentTypes',
    path: '/public/forms/:id/appointment-types',
    summary: 'List appointment types a form allows on a calendar',
    description:
      'The types on the booking field\'s allowlist (`["*"]` allows every type) that have at least one ' +
      'publicly bookable resource slot on the calendar. Submit accepts exactly these.',
    query: PublicAppointmentTypesQuerySchema,
    response: listOf(PublicAppointmentTypeSchema),
    errorStatuses: publicErrors,
  },
  getPublicFormConfig: {
    ...publicGet,
    operationId: 'getPublicFormConfig',
    path: '/public/forms/:id/config',
    summary: 'Read the public configuration a widget needs (extension)',
    description:
      'Fields, studios and the captcha provider and site key of a published form; never the captcha ' +
      'secret or the webhook URL.',
    response: PublicFormConfigSchema,
    errorStatuses: publicErrors,
  },
  submitPublicForm: {
    surface: 'public-form',
    operationId: 'submitPublicForm',
    method: 'POST',
    path: '/public/forms/:id/submit',
    summary: 'Submit a form',
    description:
      'Validates in the order of SPEC 4.2 (captcha, studio, fields, phone numbers, appointment type, ' +
      'consent, booking slot), then writes the lead, the booking, the submission record and the ' +
      'webhook delivery in one transaction.',
    params: PublicIdParamsSchema,
    body: SubmitBodySchema,
    response: SubmitResponseSchema,
    successStatus: 200,
    errorStatuses: [400, 403, 404, 413, 429, 500],
  },
  createPublicFormHold: {
    surface: 'public-form',
    operationId: 'createPublicFormHold',
    method: 'POST',
    path: '/public/forms/:id/holds',
    summary: 'Hold the slot a visitor picked for a few minutes (extension)',
    description:
      'Checks the slot as submit does (calendar, appointment type, live availability) and holds one ' +
      'place of it; pass the hold id as `holdId` on submit. One active hold per form and client: a ' +
      'new hold replaces the previous one. Rate limited like submit.',
    params: PublicIdParamsSchema,
    body: PublicHoldBodySchema,
    response: BookingHoldSchema,
    successStatus: 201,
    errorStatuses: [400, 403, 404, 413, 429, 500],
  },
  sendPublicFormTelemetry: {
    surface: 'public-form',
    operationId: 'sendPublicFormTelemetry',
    method: 'POST',
    path: '/public/forms/:id/telemetry',
    summary: 'Send a batch of widget telemetry events',
    description:
      'One to 50 events, answered 204 once stored. The body may be sent as `text/plain`, as ' +
      '`navigator.sendBeacon` does with a string.',
    params: PublicIdParamsSchema,
    body: TelemetryBodySchema,
    successStatus: 204,
    errorStatuses: [400, 403, 404, 413, 429, 500],
  },
  pushIngressWebhook: {
    surface: 'ingress',
    operationId: 'pushIngressWebhook',
    method: 'POST',
    path: '/public/ingress_webhooks/:id',
    summary: 'Push one lead into the bound pool',
    description:
      "Creates one lead entry in the webhook's pool, in its default lead state, with the " +
      '`x-service-ingress-token` header. Values are coerced to the types the pool inferred; a conflict ' +
      'is a 400 with `typeErrors`.',
    params: PublicIdParamsSchema,
    body: IngressBodySchema,
    response: TableEntrySchema,
    successStatus: 201,
    errorStatuses: [400, 401, 404, 413, 500],
  },
} as const satisfies Record<string, OperationDefinition>;

/** The operation catalogue type. */
export type Operations = typeof operations;

/** An operation id. */
export type OperationId = keyof Operations;
