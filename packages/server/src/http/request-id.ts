/**
 * Request ids: an incoming `x-request-id` is echoed when it looks sane, otherwise a new one is made.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';

/** The request id to use for a request. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : `req_${randomUUID()}`;
}
