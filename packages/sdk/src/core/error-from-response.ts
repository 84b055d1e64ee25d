/**
 * The one place where an error response becomes an error class, for all three error envelopes:
 * Connect `{statusCode, error, message, details?}` (401/403: `{error, message}`), public form
 * `{statusCode, message, details?}` and ingress `{statusCode, message, details?, typeErrors?}`.
 *
 * @module
 */
import type { ErrorMessages } from '@leadbook/contract/messages';
import type { TypeErrorEntry, ValidationIssue } from '@leadbook/contract/types';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitError,
  SlotUnavailableError,
  ValidationError,
  type ApiErrorInit,
} from './errors';
import { retryAfterMs } from './retry';

/**
 * The slot-race message. Typed as the catalogue's literal, so the build fails if the contract changes
 * it; a runtime import would put the whole catalogue into the browser bundle.
 */
const SLOT_UNAVAILABLE: (typeof ErrorMessages)['slotUnavailable'] =
  'The selected time slot is no longer available';
/** A slot that started between the search and the booking: as unavailable as a filled one. */
const SLOT_STARTED: (typeof ErrorMessages)['slotStarted'] =
  'The selected time slot has already started: choose one that starts later';

const BY_STATUS: Record<number, new (init: ApiErrorInit) => ApiError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
};

const arrayOr = <T>(value: unknown): T[] | undefined => (Array.isArray(value) ? (value as T[]) : undefined);

/**
 * Maps an error response to its class: 400 {@link ValidationError} (or {@link SlotUnavailableError}
 * for the slot-race message and for a slot that has already started), 401 {@link AuthenticationError}, 403 {@link PermissionError}, 404
 * {@link NotFoundError}, 409 {@link ConflictError}, 413 {@link PayloadTooLargeError}, 429
 * {@link RateLimitError}, 5xx {@link InternalServerError}, anything else {@link ApiError}.
 *
 * @param status - The HTTP status.
 * @param body - The parsed body (any of the three envelopes, text, or undefined).
 * @param headers - The response headers (`x-request-id`, `Retry-After`).
 * @example
 * ```ts
 * const error = errorFromResponse(404, { statusCode: 404, message: 'Form not found' }, new Headers());
 * error instanceof NotFoundError; // true
 * ```
 */
export function errorFromResponse(status: number, body: unknown, headers: Headers = new Headers()): ApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message =
    typeof envelope['message'] === 'string' ? envelope['message'] : `Request failed with status ${status}`;
  const init = {
    status,
    message,
    code: typeof envelope['error'] === 'string' ? envelope['error'] : undefined,
    details: arrayOr<ValidationIssue>(envelope['details']),
    typeErrors: arrayOr<TypeErrorEntry>(envelope['typeErrors']),
    body,
    headers,
    requestId: headers.get('x-request-id') ?? undefined,
  };
  if (status === 400 && (message === SLOT_UNAVAILABLE || message === SLOT_STARTED)) {
    return new SlotUnavailableError(init);
  }
  if (status === 429) return new RateLimitError({ ...init, retryAfterMs: retryAfterMs(headers) });
  if (status >= 500) return new InternalServerError(init);
  const ErrorClass = BY_STATUS[status] ?? ApiError;
  return new ErrorClass(init);
}
