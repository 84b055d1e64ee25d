/**
 * The SDK's error classes. Every error carries a brand (`Symbol.for('leadbook.error')`) listing its
 * class chain, so the `is*` type guards in `guards.ts` work across realms and across duplicated
 * copies of the SDK (ESM and CJS), where `instanceof` fails. Classes that add no field of their own
 * carry a private `brand*` declaration (types only): it makes them nominal, so the false branch of a
 * type guard does not narrow a structurally identical parent to `never`.
 *
 * @module
 */
import type { AvailabilitySlot, TypeErrorEntry, ValidationIssue } from '@leadbook/contract/types';

/** The brand key; its value is the list of class names from `LeadbookError` down. */
export const ERROR_BRAND = Symbol.for('leadbook.error');

/**
 * Brands an error class: its prototype gets the class chain under {@link ERROR_BRAND} and its `name`.
 * Names are spelled out because minifiers rename classes. Call it for a class after its parent.
 */
export function brandErrorClass(ErrorClass: abstract new (...args: never[]) => Error, name: string): void {
  const prototype = ErrorClass.prototype as unknown as Record<symbol, string[] | undefined>;
  const parent =
    (Object.getPrototypeOf(prototype) as Record<symbol, string[] | undefined>)[ERROR_BRAND] ?? [];
  Object.defineProperties(prototype, {
    [ERROR_BRAND]: { value: [...parent, name] },
    name: { value: name, writable: true },
  });
}

/** The base class of every error the SDK throws. */
export class LeadbookError extends Error {}

/** What an {@link ApiError} is made of: the facts of one error response. */
export interface ApiErrorInit {
  /** The HTTP status. */
  status: number;
  /** The envelope's `message`, or a generic one when the body has none. */
  message: string;
  /** The envelope's `error` code (`VALIDATION_ERROR`, `Unauthorized`, ...); undefined when absent. */
  code?: string | undefined;
  /** The envelope's validation `details` (Connect, public form and ingress envelopes). */
  details?: readonly ValidationIssue[] | undefined;
  /** The parsed response body (JSON, or text when it was not JSON). */
  body?: unknown;
  /** The response headers. */
  headers?: Headers | undefined;
  /** The `x-request-id` of the response. */
  requestId?: string | undefined;
}

/** The service answered with an error status. Subclasses name the status (see `errorFromResponse`). */
export class ApiError extends LeadbookError {
  /** The HTTP status. */
  declare readonly status: number;
  /** The envelope's `error` code (Connect: `VALIDATION_ERROR`, `NOT_FOUND`, `Unauthorized`, ...). */
  declare readonly code: string | undefined;
  /** Validation issues from the envelope's `details` (any of the three); empty when there are none. */
  declare readonly details: readonly ValidationIssue[];
  /** The parsed response body. */
  declare readonly body: unknown;
  /** The response headers. */
  declare readonly headers: Headers;
  /** The `x-request-id` of the response: quote it when you report a problem. */
  declare readonly requestId: string | undefined;

  /** @param init - The facts of the error response. */
  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.body = init.body;
    this.headers = init.headers ?? new Headers();
    this.requestId = init.requestId;
  }
}

/** 400: invalid parameters or body. Ingress type conflicts are in {@link ValidationError.typeErrors}. */
export class ValidationError extends ApiError {
  /** Ingress schema type conflicts (`typeErrors` of the ingress envelope); empty when there are none. */
  declare readonly typeErrors: readonly TypeErrorEntry[];

  /** @param init - The facts of the error response, plus ingress `typeErrors`. */
  constructor(init: ApiErrorInit & { typeErrors?: readonly TypeErrorEntry[] | undefined }) {
    super(init);
    this.typeErrors = init.typeErrors ?? [];
  }
}

/** 401: a missing or invalid API token, or a wrong ingress token. */
export class AuthenticationError extends ApiError {
  declare private readonly brandAuthenticationError: undefined;
}

/** 403: the token lacks the scope, a captcha was rejected, or the origin is not allowed. */
export class PermissionError extends ApiError {
  declare private readonly brandPermissionError: undefined;
}

/** 404: the resource, form or webhook does not exist (or belongs to another organization). */
export class NotFoundError extends ApiError {
  declare private readonly brandNotFoundError: undefined;
}

/** 409: a conflict. The reference server does not answer 409 today; the class is there for proxies. */
export class ConflictError extends ApiError {
  declare private readonly brandConflictError: undefined;
}

/** 413: the request body is over the service's size limit. */
export class PayloadTooLargeError extends ApiError {
  declare private readonly brandPayloadTooLargeError: undefined;
}

/** 429: rate limited. `retryAfterMs` says when to try again, when the service said so. */
export class RateLimitError extends ApiError {
  /** From `retry-after-ms` or `Retry-After` (seconds or HTTP date); undefined when absent. */
  declare readonly retryAfterMs: number | undefined;

  /** @param init - The facts of the error response, plus the parsed retry delay. */
  constructor(init: ApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 500 and every other 5xx status. */
export class InternalServerError extends ApiError {
  declare private readonly brandInternalServerError: undefined;
}

/** Why a {@link SlotUnavailableError} was thrown. */
export type SlotUnavailableReason = 'race' | 'max_attempts' | 'deadline' | 'no_slots';

/**
 * 400 `The selected time slot is no longer available`: the slot filled up between the search and the
 * booking. `bookFirstAvailable` throws it too when it gives up, with every slot it tried.
 */
export class SlotUnavailableError extends ValidationError {
  /** `race` for one lost booking; otherwise why `bookFirstAvailable` stopped. */
  declare readonly reason: SlotUnavailableReason;
  /** The slots `bookFirstAvailable` tried, in order; empty for a single lost booking. */
  declare readonly triedSlots: readonly AvailabilitySlot[];

  /**
   * @param init - The facts of the (last) error response, plus `reason` and `triedSlots`. Without a
   *   response behind it (no slot could be tried), `requestId` is undefined.
   */
  constructor(
    init: ApiErrorInit & { reason?: SlotUnavailableReason; triedSlots?: readonly AvailabilitySlot[] },
  ) {
    super(init);
    this.reason = init.reason ?? 'race';
    this.triedSlots = init.triedSlots ?? [];
  }
}

/** The request never got a response: DNS, connection refused or reset, CORS, offline. */
export class ConnectionError extends LeadbookError {
  declare private readonly brandConnectionError: undefined;

  /** @param options - `cause`: the fetch failure. */
  constructor(options?: { cause?: unknown }) {
    super('Connection error', options);
  }
}

/** The request did not finish within its `timeout`. */
export class TimeoutError extends LeadbookError {
  declare private readonly brandTimeoutError: undefined;

  /**
   * @param timeoutMs - The timeout that elapsed, in milliseconds.
   * @param options - `cause`: the underlying error.
   */
  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super(`Request timed out after ${timeoutMs} ms`, options);
  }
}

/** The caller aborted the request through its `signal`. */
export class AbortError extends LeadbookError {
  declare private readonly brandAbortError: undefined;

  /** @param options - `cause`: the signal's reason. */
  constructor(options?: { cause?: unknown }) {
    super('Request was aborted', options);
  }
}

// Brand every class, parents first (see `brandErrorClass`).
for (const [ErrorClass, name] of [
  [LeadbookError, 'LeadbookError'],
  [ApiError, 'ApiError'],
  [ValidationError, 'ValidationError'],
  [AuthenticationError, 'AuthenticationError'],
  [PermissionError, 'PermissionError'],
  [NotFoundError, 'NotFoundError'],
  [ConflictError, 'ConflictError'],
  [PayloadTooLargeError, 'PayloadTooLargeError'],
  [RateLimitError, 'RateLimitError'],
  [InternalServerError, 'InternalServerError'],
  [SlotUnavailableError, 'SlotUnavailableError'],
  [ConnectionError, 'ConnectionError'],
  [TimeoutError, 'TimeoutError'],
  [AbortError, 'AbortError'],
] as const) {
  brandErrorClass(ErrorClass, name);
}
