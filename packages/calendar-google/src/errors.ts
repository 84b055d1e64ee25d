/**
 * Google's failures as `ExternalCalendarError`s. Rate limits (429, and 403 with the reason
 * `rateLimitExceeded` or `userRateLimitExceeded`), usage limits (403 `quotaExceeded`), outages
 * (5xx), timeouts and network errors may pass with a retry; other refusals (bad input, no access,
 * an event that is gone) will not.
 * Messages carry Google's own `reason` and `message`, never a token or a secret.
 *
 * @module
 */
import { ADDRESS_REFUSED_CODE, ExternalCalendarError, isExternalCalendarError } from '@leadbook/server';
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

/** The reasons of a 403 that are rate limits, not refusals. */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Google's error body: `{ error: { code, message, errors: [{ domain, reason, message }] } }`. */
interface GoogleErrorBody {
  error?: { code?: unknown; message?: unknown; errors?: Array<{ reason?: unknown }> };
}

/** The `reason` of Google's error body (the first of `errors`), if it has one. */
export function googleReason(data: unknown): string | undefined {
  const reason = (data as GoogleErrorBody | null | undefined)?.error?.errors?.[0]?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** Whether an answer is one of Google's rate limits: 429, or 403 with a rate-limit reason. */
export function isRateLimit(status: number, data: unknown): boolean {
  if (status === 429) return true;
  const reason = googleReason(data);
  return status === 403 && reason !== undefined && RATE_LIMIT_REASONS.has(reason);
}

/**
 * Whether an answer may pass with a later attempt: rate limits, 408, 5xx, and 403 `quotaExceeded`
 * (the calendar's usage limits, which Google lifts after some hours: worth a later retry, not one
 * within the call).
 */
export function isRetryableStatus(status: number, data: unknown): boolean {
  return (
    isRateLimit(status, data) ||
    (status === 403 && googleReason(data) === 'quotaExceeded') ||
    status === 408 ||
    status >= 500
  );
}

/** The wait a response asks for (`Retry-After`: seconds or an HTTP date), in milliseconds. */
export function retryAfterMs(response: Response, now: () => number): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now());
}

/**
 * The SSRF guard's reason when `error` is a connection it refused, else undefined. ky wraps a
 * failed fetch in its NetworkError; the fetch's `TypeError` has the guard's refusal as its cause.
 */
export function refusedAddress(error: unknown): string | undefined {
  const reason = isNetworkError(error) ? error.cause : error;
  const cause = (reason as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  return cause?.code === ADDRESS_REFUSED_CODE ? String(cause.message) : undefined;
}

/** `reason: message` of Google's error body, as far as it has them, cut to 300 characters. */
function describe(data: unknown): string {
  const body = (data as GoogleErrorBody | null | undefined)?.error;
  const message = typeof body?.message === 'string' ? body.message.slice(0, 300) : '';
  return [googleReason(data) ?? '', message].filter(Boolean).join(': ');
}

/**
 * The `ExternalCalendarError` of a failed call (`what`: such as `reading busy times`). The call's
 * `signal` tells an abort or timeout from other network failures.
 */
export function googleError(
  error: unknown,
  what: string,
  signal: AbortSignal | undefined,
): ExternalCalendarError {
  if (isExternalCalendarError(error)) return error;
  if (isHTTPError(error)) {
    const { status } = error.response;
    const reason = describe(error.data);
    return new ExternalCalendarError(
      `Google Calendar ${what}: HTTP ${status}${reason ? ` (${reason})` : ''}`,
      { retryable: isRetryableStatus(status, error.data), status, cause: error },
    );
  }
  if (
    signal?.aborted ||
    isTimeoutError(error) ||
    (error as { name?: unknown } | null)?.name === 'AbortError'
  ) {
    return new ExternalCalendarError(`Google Calendar ${what}: the call was aborted or timed out`, {
      retryable: true,
      cause: error,
    });
  }
  const refused = refusedAddress(error);
  if (refused !== undefined) {
    // The guard's reason names the address and why; it holds no credential.
    return new ExternalCalendarError(`Google Calendar ${what}: ${refused}`, {
      retryable: false,
      cause: error,
    });
  }
  const reason = isNetworkError(error) ? error.cause : error;
  const detail = reason instanceof Error ? reason.message : String(reason);
  return new ExternalCalendarError(`Google Calendar ${what}: network error (${detail})`, {
    retryable: true,
    cause: error,
  });
}
