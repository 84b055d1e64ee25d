/**
 * Turns errors into each surface's envelope: Connect `{statusCode, error, message, details?}`
 * (401/403 `{error, message}`), public form `{statusCode, message, details?}`, ingress
 * `{statusCode, message, details?, typeErrors?}`. Unknown errors become a 500 without any internal
 * detail; a storage failure once the service is closing becomes the 503 of a request refused at shutdown.
 *
 * @module
 */
import { ErrorMessages, type Surface } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { CONNECT_ERROR_CODE, isServiceError, ServiceError } from '../core/errors';
import { errorFields } from '../ports/logger';
import { isStorageError } from '../ports/storage';
import { JsonBytes } from './route';

/** A response before it is written by an adapter. */
export interface RawResponse {
  /** HTTP status. */
  status: number;
  /** Response headers. */
  headers: Record<string, string>;
  /**
   * JSON text, or its UTF-8 bytes in chunks (in order; produced as they are read, once), or
   * undefined for an empty body.
   */
  body: string | Iterable<Uint8Array<ArrayBuffer>> | undefined;
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** A JSON response. */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): RawResponse => ({
  status,
  headers: body === undefined ? headers : { ...JSON_TYPE, ...headers },
  body: body === undefined ? undefined : body instanceof JsonBytes ? body.chunks : JSON.stringify(body),
});

function envelope(surface: Surface, error: ServiceError): unknown {
  // `details` (added to the public form and ingress envelopes) says what was wrong and what the body
  // should be.
  const details = error.details ? { details: error.details } : {};
  if (surface === 'public-form') return { statusCode: error.status, message: error.message, ...details };
  if (surface === 'ingress') {
    return {
      statusCode: error.status,
      message: error.message,
      ...details,
      ...(error.typeErrors ? { typeErrors: error.typeErrors } : {}),
    };
  }
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') {
    return { error: CONNECT_ERROR_CODE[error.kind], message: error.message };
  }
  return {
    statusCode: error.status,
    error: CONNECT_ERROR_CODE[error.kind],
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
}

/** What turning an error into a response needs of the service. */
export type ErrorContext = Pick<ServiceContext, 'logger' | 'gate'>;

/**
 * Wraps anything thrown into a {@link ServiceError}, logging what is not an expected failure. A
 * storage failure once the service is closing is the storage closing under a request that outlived
 * the drain: nothing was done, so it is a 503 like a request that came too late, never a 500.
 */
export function toServiceError(error: unknown, ctx: ErrorContext, requestId: string): ServiceError {
  if (isServiceError(error)) return error;
  const storage = isStorageError(error);
  const { logger } = ctx;
  if (storage && ctx.gate.state === 'closing') {
    logger.warn('request cut off by shutdown', { requestId, error: errorFields(error) });
    return unavailableError(error);
  }
  logger.error(storage ? 'storage failure' : 'unhandled error', {
    requestId,
    error: errorFields(error),
    // Where an unexpected throw came from; a storage failure's message says what failed.
    ...(!storage && error instanceof Error && error.stack ? { stack: error.stack } : {}),
  });
  return new ServiceError(
    storage ? 'database' : 'internal',
    storage ? ErrorMessages.databaseError : ErrorMessages.internalError,
    {
      cause: error,
    },
  );
}

/** The envelope response of an error on a surface. */
export function errorResponse(
  surface: Surface,
  error: unknown,
  ctx: ErrorContext,
  requestId: string,
): RawResponse {
  const serviceError = toServiceError(error, ctx, requestId);
  return jsonResponse(serviceError.status, envelope(surface, serviceError), {
    ...serviceError.headers,
    'x-request-id': requestId,
  });
}

/** The header that makes the client (and Node's HTTP server) close the connection after the answer. */
export const CLOSE_CONNECTION = { connection: 'close' } as const;

/**
 * How long a client should wait before it sends a refused request again: a second, time enough for
 * a load balancer to send it to another instance (this one is going away).
 */
const RETRY_AFTER_SECONDS = '1';

/** The 503 of a request that the service, shutting down, did not carry out. */
export function unavailableError(cause?: unknown): ServiceError {
  return new ServiceError('unavailable', ErrorMessages.serviceUnavailable, {
    headers: { 'retry-after': RETRY_AFTER_SECONDS, ...CLOSE_CONNECTION },
    ...(cause === undefined ? {} : { cause }),
  });
}

/** The 404 of a request that matches no route, in its surface's words. */
export function unmatchedError(surface: Surface): ServiceError {
  return new ServiceError(
    'notFound',
    surface === 'ingress' ? ErrorMessages.webhookNotFound : ErrorMessages.notFound,
  );
}

/** The surface a path belongs to, for requests that match no route. */
export function surfaceOf(path: string): Surface | undefined {
  if (path.startsWith('/connect/') || path === '/connect') return 'connect';
  if (path.startsWith('/public/ingress_webhooks/')) return 'ingress';
  if (path.startsWith('/public/forms/')) return 'public-form';
  return undefined;
}
