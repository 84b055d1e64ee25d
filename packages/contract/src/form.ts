/**
 * Public form configuration:
 * fields, studios, captcha, allowlist, webhook, and the public view a widget loads.
 *
 * @module
 */
import { z } from 'zod';
import { CaptchaProviderSchema, MAX_FIELD_VALUE_LENGTH } from './public-form';
import { DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/** The kinds of form fields. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'tel',
  'number',
  'select',
  'checkbox',
  'hidden',
  'appointment-type',
  'privacy',
  'booking-calendar',
] as const;

/** A form field kind. */
export const FormFieldTypeSchema = z.enum(FORM_FIELD_TYPES);

/**
 * When a field is shown: compares another field's submitted value. `equals`/`notEquals` compare
 * as strings; `in` checks membership; `filled`/`empty` check for a non-empty value. A field whose
 * condition does not hold is hidden: it is neither required nor validated, and its value is dropped.
 */
export const ShowIfSchema = z
  .object({
    fieldId: UuidSchema,
    operator: z.enum(['equals', 'notEquals', 'in', 'filled', 'empty']),
    value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  })
  .strict();

/** The booking settings of a `booking-calendar` field. */
export const BookingConfigSchema = z
  .object({
    appointmentTypeFieldId: UuidSchema.optional().describe('The appointment-type field that picks the type'),
    searchDays: z.number().int().positive().max(92).default(14).describe('How many days the widget offers'),
  })
  .strict();

/** One choice of a `select` field. */
export const FieldOptionSchema = z
  .object({ value: z.string().min(1).max(200), label: z.string().min(1).max(200) })
  .strict();

/** A form field. `dataKey` is the lead-data key the value is written to (defaults to the field id). */
export const FormFieldSchema = z
  .object({
    id: UuidSchema,
    type: FormFieldTypeSchema,
    label: z.string().min(1).max(200),
    dataKey: z.string().min(1).max(100).optional(),
    required: z.boolean().default(false),
    minLength: z.number().int().nonnegative().max(MAX_FIELD_VALUE_LENGTH).optional(),
    maxLength: z.number().int().positive().max(MAX_FIELD_VALUE_LENGTH).optional(),
    pattern: z.string().max(500).optional().describe('A regular expression the whole value must match'),
    min: z.number().optional(),
    max: z.number().optional(),
    options: z.array(FieldOptionSchema).max(200).optional(),
    placeholder: z.string().max(200).optional(),
    defaultValue: z.string().max(MAX_FIELD_VALUE_LENGTH).optional().describe('The value of a hidden field'),
    showIf: z.array(ShowIfSchema).max(10).optional().describe('All conditions must hold'),
    mode: z.literal('consent').optional().describe('privacy fields: the value must be the literal "true"'),
    privacyPolicyUrl: z.string().url().optional(),
    bookingConfig: BookingConfigSchema.optional(),
    allowedAppointmentTypes: z
      .array(z.union([z.literal('*'), UuidSchema]))
      .optional()
      .describe('Appointment type ids, or ["*"] for every type'),
  })
  .strict();

/** A studio: a named group of calendars. */
export const StudioSchema = z
  .object({
    id: z.string().min(1).max(100),
    name: z.string().min(1).max(200),
    calendarIds: z.array(UuidSchema).min(1),
  })
  .strict();

/** A form's captcha settings. `secret` stays on the server. */
export const CaptchaConfigSchema = z
  .object({ provider: CaptchaProviderSchema, siteKey: z.string().min(1), secret: z.string().min(1) })
  .strict();

/** A stored form (console view): everything, including the secrets. */
export const FormSchema = z
  .object({
    id: UuidSchema,
    organizationId: OrganizationIdSchema,
    name: z.string(),
    published: z.boolean(),
    tableId: UuidSchema.nullable().describe('The target lead pool; null for webhook-only forms'),
    webhookOnly: z.boolean().describe('Deliver submissions to webhookUrl only; create no lead'),
    webhookUrl: z.string().url().nullable(),
    webhookSecret: z.string().describe('whsec_ secret signing outgoing deliveries (Standard Webhooks)'),
    allowedDomains: z.array(z.string()).describe('Allowed browser origins; empty allows every origin'),
    captcha: CaptchaConfigSchema.nullable(),
    studios: z.array(StudioSchema).min(1),
    fields: z.array(FormFieldSchema),
    defaultCountry: z.string().length(2).describe('ISO 3166 country for phone numbers without a prefix'),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
  })
  .strict();

/**
 * The public configuration a widget loads from `GET /public/forms/:id/config`: never the captcha
 * secret, the webhook URL or the webhook secret.
 */
export const PublicFormConfigSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    fields: z.array(FormFieldSchema.omit({ dataKey: true })),
    studios: z.array(StudioSchema.omit({ calendarIds: true }).extend({ calendarIds: z.array(UuidSchema) })),
    captcha: z.object({ provider: CaptchaProviderSchema, siteKey: z.string() }).nullable(),
  })
  .describe('PublicFormConfig');

/**
 * Input of `admin.forms.create`. A form delivers to its pool (`tableId`) unless it is webhook-only,
 * which needs a `webhookUrl`. `allowedDomains` are browser origins such as `https://www.example.com`.
 */
export const FormInputSchema = z
  .object({
    id: UuidSchema.optional(),
    name: z.string().min(1).max(200),
    published: z.boolean().default(false),
    tableId: z.string().min(1).nullable().default(null),
    webhookOnly: z.boolean().default(false),
    webhookUrl: z.string().url().nullable().default(null),
    allowedDomains: z.array(z.string().min(1).max(300)).max(100).default([]),
    captcha: CaptchaConfigSchema.nullable().default(null),
    studios: z.array(StudioSchema).min(1),
    fields: z.array(FormFieldSchema).max(200).default([]),
    defaultCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Must be an ISO 3166 country code such as DE')
      .default('DE'),
  })
  .strict()
  .refine((form) => !form.webhookOnly || form.webhookUrl !== null, {
    message: 'A webhook-only form needs a webhookUrl',
    path: ['webhookUrl'],
  })
  .refine((form) => form.webhookOnly || form.tableId !== null, {
    message: 'A form needs a tableId unless it is webhook-only',
    path: ['tableId'],
  });
