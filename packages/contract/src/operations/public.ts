/**
 * The operations of the public surfaces: the public form API (origin allowlist, captcha, rate
 * limits) and the ingress webhook.
 *
 * @module
 */
import { z } from 'zod';
import { PublicFormConfigSchema } from '../form';
import { BookingHoldSchema, PublicHoldBodySchema } from '../holds';
import { IngressBodySchema } from '../ingress';
import { PublicCalendarsSchema } from '../public-calendars';
import {
  PublicAppointmentTypeSchema,
  PublicAppointmentTypesQuerySchema,
  PublicFormAvailabilitySchema,
  PublicSlotsQuerySchema,
  PublicSlotsResponseSchema,
  SubmitBodySchema,
  SubmitResponseSchema,
  TelemetryBodySchema,
} from '../public-form';
import { TableEntrySchema } from '../table-entry';
import { OpaqueIdSchema } from '../primitives';
import type { OperationDefinition } from './definition';

/** A path parameter of the public surfaces: any non-empty string (an unknown id answers 404). */
export const PublicIdParamsSchema = z.object({ id: OpaqueIdSchema }).strict();

const publicGet = {
  surface: 'public-form',
  method: 'GET',
  params: PublicIdParamsSchema,
  successStatus: 200,
} as const;
const publicErrors = [400, 403, 404, 429, 500, 503] as const;
const listOf = <T extends z.ZodTypeAny>(schema: T) => z.array(schema);

/** The public form and ingress operations, keyed by operation id, in the order of the OpenAPI document. */
export const publicOperations = {
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
  listPublicFormCalendars: {
    ...publicGet,
    operationId: 'listPublicFormCalendars',
    path: '/public/forms/:id/calendars',
    summary: "List the form's calendars with their names and time zones (extension)",
    description:
      "The calendars of the form's studios, each once, in form order: id, name and IANA time zone, " +
      'nothing else. An archived calendar is left out. Rate limited like the other GET endpoints.',
    response: PublicCalendarsSchema,
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
    errorStatuses: [400, 403, 404, 413, 429, 500, 503],
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
      'new hold replaces the previous one. Rate limited on a budget of its own, apart from submit: ' +
      '10 a minute per form and client IP by default.',
    params: PublicIdParamsSchema,
    body: PublicHoldBodySchema,
    response: BookingHoldSchema,
    successStatus: 201,
    errorStatuses: [400, 403, 404, 413, 429, 500, 503],
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
    errorStatuses: [400, 403, 404, 413, 429, 500, 503],
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
    errorStatuses: [400, 401, 404, 413, 500, 503],
  },
} as const satisfies Record<string, OperationDefinition>;
