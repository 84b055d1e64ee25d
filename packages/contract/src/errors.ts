/**
 * The error envelopes of SPEC 7 and every exact message the spec lists.
 *
 * @module
 */
import { z } from 'zod';

/** The `error` codes of the Connect envelope (SPEC 7.1), plus `PAYLOAD_TOO_LARGE` for 413. */
export const CONNECT_ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'DATABASE_ERROR',
  'INTERNAL_ERROR',
] as const;

/** A Connect error code. */
export type ConnectErrorCode = (typeof CONNECT_ERROR_CODES)[number];

/** One validation issue: the dotted path of the offending input and what is wrong with it. */
export const ValidationIssueSchema = z.object({ path: z.string(), message: z.string() });

/** One validation issue. */
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The Connect error envelope (SPEC 7.1). `details` lists validation issues. */
export const ConnectErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z
    .string()
    .describe('VALIDATION_ERROR, NOT_FOUND, PAYLOAD_TOO_LARGE, DATABASE_ERROR or INTERNAL_ERROR'),
  message: z.string(),
  details: z.array(ValidationIssueSchema).optional(),
});

/** The Connect error envelope. */
export type ConnectError = z.infer<typeof ConnectErrorSchema>;

/** The Connect authentication error envelope (401 and 403 carry only `error` and `message`). */
export const ConnectAuthErrorSchema = z.object({
  error: z.enum(['Unauthorized', 'Forbidden']),
  message: z.string(),
});

/** The Connect authentication error envelope. */
export type ConnectAuthError = z.infer<typeof ConnectAuthErrorSchema>;

/** The public form error envelope (SPEC 7.2). */
export const PublicFormErrorSchema = z.object({ statusCode: z.number().int(), message: z.string() });

/** The public form error envelope. */
export type PublicFormError = z.infer<typeof PublicFormErrorSchema>;

/** One type conflict found by ingress schema inference. */
export const TypeErrorEntrySchema = z.object({
  key: z.string(),
  expected: z.string().describe('The type the key was fixed to'),
  received: z.string().describe('The type of the value that could not be coerced'),
});

/** One type conflict found by ingress schema inference. */
export type TypeErrorEntry = z.infer<typeof TypeErrorEntrySchema>;

/** The ingress error envelope (SPEC 7.3). `typeErrors` describes schema type conflicts. */
export const IngressErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  typeErrors: z.array(TypeErrorEntrySchema).optional(),
});

/** The ingress error envelope. */
export type IngressError = z.infer<typeof IngressErrorSchema>;

/** Every exact message of SPEC 7, plus the messages this implementation adds. */
export const ErrorMessages = {
  /** 400 on a booking race (Connect, public form). */
  slotUnavailable: 'The selected time slot is no longer available',
  /** 400 when the pool has no default lead state (Connect, ingress). */
  noDefaultLeadState: 'No default lead state',
  /** 400 prefix for an unknown custom-field id; the id follows. */
  unknownCustomField: 'Unknown custom field ID',
  /** 400 for invalid parameters or body (Connect). */
  invalidRequest: 'Invalid request',
  /** 400 for a body that is not valid JSON. */
  malformedJson: 'Request body is not valid JSON',
  /** 404 for an unknown Connect path or resource. */
  notFound: 'Resource not found',
  /** 413 for a body over the size limit. */
  payloadTooLarge: 'Request body is too large',
  /** 500 for a storage failure. */
  databaseError: 'A database error occurred',
  /** 500 for any other failure. */
  internalError: 'An internal error occurred',
  /** 401 on the Connect API: missing, malformed, unknown or revoked token. */
  unauthorized: 'Missing or invalid API token. Send the header "Authorization: Bearer <API_TOKEN>".',
  /** 403 on the Connect API: the token lacks the scope. */
  forbidden: 'The API token does not have the scope this operation requires',
  /** 403 on submit with a rejected captcha token. */
  captchaFailed: 'Captcha verification failed',
  /** 400 on submit without a captcha token when the form needs one. */
  captchaMissing: 'Captcha token is required',
  /** 403 for a browser origin outside the form's allowlist. */
  originNotAllowed: 'Origin not allowed',
  /** 404 for a missing or unpublished form. */
  formNotFound: 'Form not found',
  /** 400: the calendar is not linked to any of the form's studios. */
  calendarNotAllowed: 'Calendar is not allowed for this form',
  /** 400: the resolved booking field has no `bookingConfig`. */
  formNotConfiguredForBooking: 'Form is not configured for booking',
  /** 400: the appointment type is not in the field's allowlist. */
  appointmentTypeNotAllowed: 'Appointment type is not allowed for this form',
  /** 400: on a multi-studio form, the calendar is not in the resolved studio. */
  calendarStudioMismatch: 'Calendar does not match the selected studio',
  /** 429 on the public form API. */
  tooManyRequests: 'Too Many Requests',
  /** 400 for an ingress body of the wrong shape or with type conflicts. */
  validationFailed: 'Validation failed',
  /** 401 for a missing or wrong ingress token. */
  invalidWebhookToken: 'Invalid webhook token',
  /** 404 for an unknown ingress webhook id. */
  webhookNotFound: 'Webhook not found',
} as const;

/** The key of a message in {@link ErrorMessages}. */
export type ErrorMessageKey = keyof typeof ErrorMessages;
