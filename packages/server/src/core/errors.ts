/**
 * The server's one error type and its status table. Use cases throw `ServiceError`s; the HTTP layer
 * turns them into each surface's envelope (see `http/envelope.ts`).
 *
 * @module
 */
import {
  ErrorMessages,
  type ConnectAuthError,
  type ConnectErrorCode,
  type TypeErrorEntry,
  type ValidationIssue,
} from '@leadbook/contract';

/** The error kinds, each with one HTTP status. */
export const ERROR_STATUS = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  database: 500,
  internal: 500,
  unavailable: 503,
} as const;

/** An error kind. */
export type ErrorKind = keyof typeof ERROR_STATUS;

/**
 * The Connect `error` of each kind: the contract's codes, and for 401 and 403 the words
 * of the contract's authentication envelope. The compiler holds this table to the contract.
 */
export const CONNECT_ERROR_CODE = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  database: 'DATABASE_ERROR',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<ErrorKind, ConnectErrorCode | ConnectAuthError['error']>;

/** Options of a {@link ServiceError}. */
export interface ServiceErrorOptions {
  /** Validation issues (Connect `details`). */
  details?: ValidationIssue[];
  /** Schema type conflicts (ingress `typeErrors`). */
  typeErrors?: TypeErrorEntry[];
  /** Extra response headers, such as `Retry-After`. */
  headers?: Record<string, string>;
  /** The underlying error. */
  cause?: unknown;
}

/** An expected failure with a status and a message that is safe to show to the caller. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  /** The HTTP status. */
  readonly status: number;
  /** Validation issues. */
  readonly details: ValidationIssue[] | undefined;
  /** Schema type conflicts. */
  readonly typeErrors: TypeErrorEntry[] | undefined;
  /** Extra response headers. */
  readonly headers: Record<string, string> | undefined;

  /** Creates an error of a kind with a caller-safe message. */
  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.status = ERROR_STATUS[kind];
    this.details = options.details;
    this.typeErrors = options.typeErrors;
    this.headers = options.headers;
  }
}

/** A 400 with validation issues. */
export const validationError = (message: string, details?: ValidationIssue[]) =>
  new ServiceError('validation', message, details ? { details } : {});

/** A 404; `what` names the missing thing ("Calendar not found"). */
export const notFound = (what?: string) =>
  new ServiceError('notFound', what ? `${what} not found` : ErrorMessages.notFound);

/** A 400 for a slot that filled up meanwhile. */
export const slotUnavailable = () => new ServiceError('validation', ErrorMessages.slotUnavailable);

/** Whether a value is a {@link ServiceError}. */
export const isServiceError = (error: unknown): error is ServiceError => error instanceof ServiceError;
