/**
 * The error envelopes of the three surfaces (Connect, public form, ingress).
 *
 * @module
 */
import { z } from 'zod';

/**
 * The `error` codes of the Connect envelope, plus `PAYLOAD_TOO_LARGE` for 413,
 * `UNSUPPORTED_MEDIA_TYPE` for 415 and `SERVICE_UNAVAILABLE` for 503 (the service is shutting down).
 */
export const CONNECT_ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'DATABASE_ERROR',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

/** A Connect error code. */
export type ConnectErrorCode = (typeof CONNECT_ERROR_CODES)[number];

/** One validation issue: the dotted path of the offending input and what is wrong with it. */
export const ValidationIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The Connect error envelope. `details` lists validation issues. */
export const ConnectErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z
    .string()
    .describe(
      'VALIDATION_ERROR, NOT_FOUND, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, DATABASE_ERROR or INTERNAL_ERROR',
    ),
  message: z.string(),
  details: z.array(ValidationIssueSchema).optional(),
});

/** The Connect authentication error envelope (401 and 403 carry only `error` and `message`). */
export const ConnectAuthErrorSchema = z.object({
  error: z.enum(['Unauthorized', 'Forbidden']),
  message: z.string(),
});

const bodyDetails = z
  .array(ValidationIssueSchema)
  .optional()
  .describe(
    'On a 400: each problem (`path`, `message`); when the body could not be read, then (path ' +
      '`body`) the body the operation expects. Keys are named, values never echoed.',
  );

/** The public form error envelope; `details` is an addition. */
export const PublicFormErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  details: bodyDetails,
});

/** One type conflict found by ingress schema inference. */
export const TypeErrorEntrySchema = z.object({
  key: z.string(),
  expected: z.string().describe('The type the key was fixed to'),
  received: z.string().describe('The type of the value that could not be coerced'),
});

/**
 * The ingress error envelope. `typeErrors` describes schema type conflicts; `details`
 * (an addition) what was wrong and the body expected.
 */
export const IngressErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  details: bodyDetails,
  typeErrors: z.array(TypeErrorEntrySchema).optional(),
});

export { ErrorMessages, type ErrorMessageKey } from './messages';
