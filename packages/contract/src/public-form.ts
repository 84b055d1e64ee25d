/**
 * The public form API: slot search, appointment types, submit and telemetry.
 *
 * @module
 */
import { z } from 'zod';
import { OnlyAvailableSchema } from './availability';
import { HOLD_ID_RULES } from './hold-id-rules';
import { withOpenApi } from './openapi/meta';
import { ColorSchema, DateTimeSchema, MAX_OPAQUE_ID_LENGTH, OpaqueIdSchema, UuidSchema } from './primitives';
import { UnavailableReasonSchema } from './external-calendars';

/** The captcha providers a form may use. */
export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;

/** A captcha provider identifier. */
export const CaptchaProviderSchema = z.enum(CAPTCHA_PROVIDERS);

/** The longest accepted value of one submitted form field, in characters. */
export const MAX_FIELD_VALUE_LENGTH = 5000;

/** The most fields one submission may carry (a form has at most 200). */
export const MAX_SUBMIT_FIELDS = 200;

/** The response of `GET /public/forms/:id/availability`. */
export const PublicFormAvailabilitySchema = z.object({
  available: z.literal(true),
  captchaProvider: CaptchaProviderSchema.nullable(),
});

/** The query of `GET /public/forms/:id/slots`. */
export const PublicSlotsQuerySchema = z
  .object({
    appointmentTypeId: UuidSchema,
    calendarId: UuidSchema,
    start: DateTimeSchema,
    end: DateTimeSchema,
    resourceId: UuidSchema.optional(),
    fieldId: OpaqueIdSchema.optional().describe('The booking field whose allowlist applies'),
    studioId: OpaqueIdSchema.optional().describe('The chosen studio of a multi-studio form (extension)'),
    onlyAvailable: OnlyAvailableSchema,
  })
  .strict();

/** One slot of a public slot search. */
export const PublicSlotSchema = z.object({
  resourceId: UuidSchema,
  resourceName: z.string(),
  resourceColor: ColorSchema,
  resourceSlotId: UuidSchema,
  appointmentTypeId: UuidSchema,
  startDateTime: DateTimeSchema,
  endDateTime: DateTimeSchema,
  maxParallelBookings: z.number().int().positive(),
  currentBookings: z.number().int().nonnegative(),
  available: z.boolean().describe('False when full, blocked, or starting before now'),
  unavailableReason: UnavailableReasonSchema.optional(),
});

/** The `meta` block of a public slot search. Lengths are minutes. */
export const PublicSlotsMetaSchema = z.object({
  appointmentTypeName: z.string(),
  bookingLength: z.number().int().positive(),
  searchLength: z.number().int().positive(),
});

/** The response of `GET /public/forms/:id/slots`. */
export const PublicSlotsResponseSchema = z.object({
  data: z.array(PublicSlotSchema),
  meta: PublicSlotsMetaSchema,
});

/** The query of `GET /public/forms/:id/appointment-types`. */
export const PublicAppointmentTypesQuerySchema = z
  .object({
    calendarId: UuidSchema,
    fieldId: OpaqueIdSchema.optional(),
    studioId: OpaqueIdSchema.optional().describe('The chosen studio of a multi-studio form (extension)'),
  })
  .strict();

/** An appointment type as a public form lists it; `duration` is the booking length in minutes. */
export const PublicAppointmentTypeSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  duration: z.number().int().positive(),
});

/** The value of one submitted form field. */
export const SubmitFieldValueSchema = z.union([
  z.string().max(MAX_FIELD_VALUE_LENGTH),
  z.number(),
  z.boolean(),
  z.array(z.string().max(MAX_FIELD_VALUE_LENGTH)).max(100),
  z.null(),
]);

/** The booking a submission asks for. */
export const SubmitBookingSlotSchema = z
  .object({
    appointmentTypeId: UuidSchema,
    calendarId: UuidSchema,
    resourceId: UuidSchema.optional(),
    startDateTime: DateTimeSchema,
    endDateTime: DateTimeSchema,
  })
  .strict();

/** The body of `POST /public/forms/:id/submit`. `data` is keyed by form field id. */
export const SubmitBodySchema = z
  .object({
    // The generator writes no key schema for a record: the document states it (and the count) here.
    data: withOpenApi(z.record(UuidSchema, SubmitFieldValueSchema), {
      propertyNames: { format: 'uuid' },
      maxProperties: MAX_SUBMIT_FIELDS,
    })
      .refine((data) => Object.keys(data).length <= MAX_SUBMIT_FIELDS, {
        message: `A submission may hold at most ${MAX_SUBMIT_FIELDS} fields`,
      })
      .describe(`Values keyed by form field id; at most ${MAX_SUBMIT_FIELDS} fields`),
    captchaToken: z.string().min(1).max(4096).optional(),
    studioId: OpaqueIdSchema.optional(),
    bookingSlot: SubmitBookingSlotSchema.optional(),
    holdId: UuidSchema.optional().describe(
      'A hold on `bookingSlot`, from `POST /public/forms/:id/holds` (extension): its place is used, and ' +
        `the hold is consumed; without \`resourceId\` in \`bookingSlot\`, the hold's resource is tried first. ${HOLD_ID_RULES}`,
    ),
  })
  .strict();

/** The response of a successful submit. */
export const SubmitResponseSchema = z.object({ success: z.literal(true), submissionId: UuidSchema });

/** The `errorCode` values of a telemetry event. */
export const TELEMETRY_ERROR_CODES = ['validation', 'captcha', 'network', 'server', 'unknown'] as const;

/** The most events one telemetry request may carry. */
export const MAX_TELEMETRY_EVENTS = 50;

/** One telemetry event of the form widget. */
export const TelemetryEventSchema = z
  .object({
    name: z.string().min(1).max(200),
    step: z.number().optional(),
    errorCode: z.enum(TELEMETRY_ERROR_CODES).optional(),
    durationMs: z.number().nonnegative().optional(),
    studioId: z.string().max(MAX_OPAQUE_ID_LENGTH).optional(),
    fieldId: z.string().max(MAX_OPAQUE_ID_LENGTH).optional(),
  })
  .strict();

/** The body of `POST /public/forms/:id/telemetry`: 1 to 50 events. */
export const TelemetryBodySchema = z
  .object({ events: z.array(TelemetryEventSchema).min(1).max(MAX_TELEMETRY_EVENTS) })
  .strict();
