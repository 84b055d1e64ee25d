/**
 * The HTTP side of the CalDAV calendar and the ICS feed: the fetch their calls go through (the SSRF
 * guard of `@leadbook/server`, Basic authentication, the call's signal, a timeout) and how failures
 * become `ExternalCalendarError`s.
 *
 * @module
 */
import { ADDRESS_REFUSED_CODE, ExternalCalendarError, isExternalCalendarError } from '@leadbook/server';

/** The error of a CalDAV answer that is not a success. */
export function statusError(
  what: string,
  status: number,
  server = 'the CalDAV server',
): ExternalCalendarError {
  const retryable = status === 408 || status === 409 || status === 412 || status === 429 || status >= 500;
  return new ExternalCalendarError(`${what}: ${server} answered HTTP ${status}`, {
    retryable,
    status,
  });
}

/** The error a failed call rejects with: an `ExternalCalendarError`, whatever went wrong. */
export function callError(
  what: string,
  error: unknown,
  signal: AbortSignal | undefined,
  server = 'the CalDAV server',
): ExternalCalendarError {
  if (isExternalCalendarError(error)) return error;
  if (signal?.aborted) {
    return new ExternalCalendarError(`${what}: the call was aborted or timed out`, {
      retryable: true,
      cause: error,
    });
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause?.code === ADDRESS_REFUSED_CODE) {
    // The guard's reason names the address and why; it holds no credential.
    return new ExternalCalendarError(`${what}: ${String(cause.message)}`, { retryable: false, cause: error });
  }
  return new ExternalCalendarError(`${what}: ${server} could not be reached`, {
    retryable: true,
    cause: error,
  });
}

/** Merges the call's signal and Basic authentication into every request `base` makes. */
export function authorisedFetch(base: typeof fetch, authorization: string | undefined): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (authorization !== undefined) headers.set('authorization', authorization);
    return base(input, { ...init, headers });
  };
}

/**
 * `response` with its body read into memory, or an `ExternalCalendarError` (not retryable) once
 * the body passes `maxBytes`: a calendar cannot make a read hold unbounded memory.
 */
export async function cappedResponse(
  response: Response,
  maxBytes: number,
  answer = 'the CalDAV answer',
): Promise<Response> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw new ExternalCalendarError(`${answer} is larger than ${maxBytes} bytes`, {
        retryable: false,
      });
    }
    chunks.push(part.value);
  }
  return new Response(Buffer.concat(chunks), { status: response.status, headers: response.headers });
}

/**
 * Runs `work` with the caller's signal joined to a timeout of `timeoutMs`; every failure becomes an
 * `ExternalCalendarError` (see {@link callError}).
 */
export async function boundedCall<T>(
  what: string,
  caller: AbortSignal | undefined,
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  server?: string,
): Promise<T> {
  const signal = caller
    ? AbortSignal.any([caller, AbortSignal.timeout(timeoutMs)])
    : AbortSignal.timeout(timeoutMs);
  try {
    signal.throwIfAborted();
    return await work(signal);
  } catch (error) {
    throw callError(what, error, signal, server);
  }
}
