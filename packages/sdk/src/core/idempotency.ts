/**
 * Idempotency keys: one per logical call, sent on every attempt of that call, so the service can
 * recognise a retry of a write it already applied.
 *
 * @module
 */

/** The request header that carries the key. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A fresh key (`lb_` + a random UUID from Web Crypto, available in browsers and Node 20). */
export function newIdempotencyKey(): string {
  return `lb_${globalThis.crypto.randomUUID()}`;
}
