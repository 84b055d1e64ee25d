/**
 * Type guards that read the error brand instead of using `instanceof`, so they hold across realms
 * (iframes, workers, vm contexts) and across duplicate copies of the SDK (ESM next to CJS).
 *
 * @module
 */
import {
  ERROR_BRAND,
  type AbortError,
  type ApiError,
  type AuthenticationError,
  type ConflictError,
  type ConnectionError,
  type InternalServerError,
  type LeadbookError,
  type NotFoundError,
  type PayloadTooLargeError,
  type PermissionError,
  type RateLimitError,
  type SlotUnavailableError,
  type TimeoutError,
  type ValidationError,
} from './errors';

/** A type guard for the error class branded `name`. */
export const guard =
  <T>(name: string) =>
  (error: unknown): error is T => {
    const chain =
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[ERROR_BRAND];
    return Array.isArray(chain) && chain.includes(name);
  };

/** Whether `error` is any error of the SDK. */
export const isLeadbookError = guard<LeadbookError>('LeadbookError');
/** Whether `error` is an error response of any status. */
export const isApiError = guard<ApiError>('ApiError');
/** Whether `error` is a 400 (including {@link SlotUnavailableError}). */
export const isValidationError = guard<ValidationError>('ValidationError');
/** Whether `error` is a 401. */
export const isAuthenticationError = guard<AuthenticationError>('AuthenticationError');
/** Whether `error` is a 403. */
export const isPermissionError = guard<PermissionError>('PermissionError');
/** Whether `error` is a 404. */
export const isNotFoundError = guard<NotFoundError>('NotFoundError');
/** Whether `error` is a 409. */
export const isConflictError = guard<ConflictError>('ConflictError');
/** Whether `error` is a 413. */
export const isPayloadTooLargeError = guard<PayloadTooLargeError>('PayloadTooLargeError');
/** Whether `error` is a 429. */
export const isRateLimitError = guard<RateLimitError>('RateLimitError');
/** Whether `error` is a 5xx. */
export const isInternalServerError = guard<InternalServerError>('InternalServerError');
/** Whether `error` is a lost slot race (or `bookFirstAvailable` giving up). */
export const isSlotUnavailableError = guard<SlotUnavailableError>('SlotUnavailableError');
/** Whether `error` is a network failure without a response. */
export const isConnectionError = guard<ConnectionError>('ConnectionError');
/** Whether `error` is a request timeout. */
export const isTimeoutError = guard<TimeoutError>('TimeoutError');
/** Whether `error` is an abort through the caller's signal. */
export const isAbortError = guard<AbortError>('AbortError');
