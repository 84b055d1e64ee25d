/**
 * The request a log line belongs to. The pipeline runs each request inside {@link runInRequest};
 * the logger every use case reaches is wrapped by {@link withRequestFields}, so each line written
 * while the request is answered carries its `requestId` (and `organizationId` once auth knows
 * it), wherever in the service it was written. Work a request starts in the background (a webhook
 * attempt) keeps the id of the request that caused it; timers armed for later do not
 * ({@link outsideRequest}).
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogFields, Logger } from '../ports/logger';

/** The fields of the request being answered. */
interface RequestFields {
  requestId: string;
  organizationId?: string;
}

const current = new AsyncLocalStorage<RequestFields>();

/** Runs `fn` as the work of the request `requestId`. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return current.run({ requestId }, fn);
}

/**
 * Records the organization of the request being answered: after Connect auth, once a public form
 * is loaded, once an ingress token is checked.
 */
export function setRequestOrganization(organizationId: string): void {
  const fields = current.getStore();
  if (fields) fields.organizationId = organizationId;
}

/** Runs `fn` outside any request: for timers that fire long after the request that armed them. */
export function outsideRequest<T>(fn: () => T): T {
  return current.exit(fn);
}

/** `logger`, adding the current request's fields to each line (fields the caller gave win). */
export function withRequestFields(logger: Logger): Logger {
  const fields = (given: LogFields | undefined): LogFields | undefined => {
    const request = current.getStore();
    return request ? { ...request, ...given } : given;
  };
  return {
    debug: (message, given) => logger.debug(message, fields(given)),
    info: (message, given) => logger.info(message, fields(given)),
    warn: (message, given) => logger.warn(message, fields(given)),
    error: (message, given) => logger.error(message, fields(given)),
  };
}
