/**
 * The error and option names every entry point exports.
 *
 * @module
 */
export {
  AbortError,
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  LeadbookError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitError,
  SlotUnavailableError,
  TimeoutError,
  ValidationError,
  type ApiErrorInit,
  type SlotUnavailableReason,
} from './errors';
export { errorFromResponse } from './error-from-response';
export {
  isAbortError,
  isApiError,
  isAuthenticationError,
  isConflictError,
  isConnectionError,
  isInternalServerError,
  isLeadbookError,
  isNotFoundError,
  isPayloadTooLargeError,
  isPermissionError,
  isRateLimitError,
  isSlotUnavailableError,
  isTimeoutError,
  isValidationError,
} from './guards';
export type { OperationBody, OperationId, OperationQuery, OperationResponse } from './operation-types';
export { ApiPromise, type WithResponse } from './api-promise';
export { SDK_VERSION } from './identity';
export type { LogLevel } from './logger';
export type {
  ClientOptions,
  Logger,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryEvent,
} from './options';
