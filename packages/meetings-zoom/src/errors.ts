/**
 * Zoom's failures as `MeetingProviderError`s: rate limits, outages, timeouts and network errors may
 * pass with a retry; other refusals (bad input, unknown user or meeting, missing scopes) will not.
 * Messages carry Zoom's own `code` and `message`, never a credential.
 *
 * @module
 */
import { isMeetingProviderError, MeetingProviderError } from '@leadbook/server';
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

/** Statuses a later attempt may get past. */
const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

/** The wait a response asks for (`Retry-After`: seconds or an HTTP date), in milliseconds. */
export function retryAfterMs(response: Response, now: () => number): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now());
}

/** Zoom's error body (`{ code, message }`, as ky parsed it into `HTTPError.data`), as far as it has one. */
function zoomReason(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const body = data as { code?: unknown; message?: unknown };
  const message = typeof body.message === 'string' ? body.message.slice(0, 300) : '';
  return [typeof body.code === 'number' ? `code ${body.code}` : '', message].filter(Boolean).join(': ');
}

/** The `MeetingProviderError` of a failed Zoom call (`what`: such as `create meeting`). */
export async function zoomError(
  error: unknown,
  what: string,
  now: () => number,
): Promise<MeetingProviderError> {
  if (isHTTPError(error)) {
    const { status } = error.response;
    const reason = zoomReason(error.data);
    const message = `Zoom ${what}: HTTP ${status}${reason ? ` (${reason})` : ''}`;
    const after = status === 429 || status === 503 ? retryAfterMs(error.response, now) : undefined;
    return new MeetingProviderError(message, {
      retryable: RETRYABLE.has(status),
      status,
      ...(after === undefined ? {} : { retryAfterMs: after }),
      cause: error,
    });
  }
  if (isMeetingProviderError(error)) return error;
  if (isTimeoutError(error)) {
    return new MeetingProviderError(`Zoom ${what}: timed out`, { retryable: true, cause: error });
  }
  const name = (error as { name?: unknown } | null)?.name;
  // ky wraps a failed fetch in its NetworkError; the message worth reading is the fetch's own.
  const reason = isNetworkError(error) ? error.cause : error;
  const detail =
    name === 'AbortError'
      ? 'aborted'
      : `network error (${reason instanceof Error ? reason.message : String(reason)})`;
  return new MeetingProviderError(`Zoom ${what}: ${detail}`, { retryable: true, cause: error });
}
