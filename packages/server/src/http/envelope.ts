/**
 * Turns errors into each surface's envelope: Connect `{statusCode, error, message, details?}`
 * (401/403 `{error, message}`), public form `{statusCode, message, details?}`, ingress
 * `{statusCode, message, details?, typeErrors?}`. Unknown errors become a 500 without any internal detail.
 *
 * @module
 */
import { ErrorMessages, type Surface } from '@leadbook/contract';
import type { Logger } from '../ports/logger';
import { CONNECT_ERROR_CODE, isServiceError, ServiceError } from '../core/errors';
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

/** Wraps anything thrown into a {@link ServiceError}, logging what is not an expected failure. */
export function toServiceError(error: unknown, logger: Logger, requestId: string): ServiceError {
  if (isServiceError(error)) return error;
  const storage = isStorageError(error);
  logger.error(storage ? 'storage failure' : 'unhandled error', {
    requestId,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
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
  logger: Logger,
  requestId: string,
): RawResponse {
  const serviceError = toServiceError(error, logger, requestId);
  return jsonResponse(serviceError.status, envelope(surface, serviceError), {
    ...serviceError.headers,
    'x-request-id': requestId,
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
