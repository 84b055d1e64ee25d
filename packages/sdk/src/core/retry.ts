/**
 * The retry rules: which requests may be repeated, how long to wait, and an abortable sleep.
 *
 * @module
 */
import { AbortError } from './errors';

/** Statuses worth another attempt: timeouts, rate limits and transient server failures. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** The longest server-requested delay the SDK waits for; a longer one fails at once. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Whether a request may be sent again. GET and DELETE are safe to repeat; POST and PATCH only with an
 * `Idempotency-Key`, so a write that reached the server is never applied twice by accident.
 */
export function canRetryMethod(method: string, hasIdempotencyKey: boolean): boolean {
  return method === 'GET' || method === 'DELETE' || hasIdempotencyKey;
}

/**
 * The delay before retry number `retry` (0 for the first retry): `min(500 * 2^retry, 8000)` ms, less up
 * to 25 % jitter so that many clients do not retry in lockstep.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  return Math.min(500 * 2 ** retry, 8000) * (1 - 0.25 * random());
}

/**
 * The delay a response asks for: `retry-after-ms`, else `Retry-After` in seconds or as an HTTP date.
 * Undefined when there is none (or it cannot be read).
 */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  const value = headers.get('retry-after');
  const delay = ms
    ? +ms
    : value
      ? isNaN(+value)
        ? Math.max(0, Date.parse(value) - now)
        : +value * 1000
      : NaN;
  return delay >= 0 ? delay : undefined;
}

/** Waits `ms` milliseconds; rejects with an {@link AbortError} as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new AbortError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort);
  });
}
