/**
 * The HTTP core the three clients share: ky for transport (URL, JSON body, per-attempt timeout,
 * signal, injected fetch), with ky's own retry switched off because the SDK's rules differ (retries
 * of writes only with an idempotency key, `retry-after-ms`, a cap on server-requested delays).
 *
 * @module
 */
import ky, { isNetworkError, isTimeoutError } from 'ky';
import { ApiPromise, type WithResponse } from './api-promise';
import { errorFromResponse } from './error-from-response';
import { AbortError, ConnectionError, TimeoutError, type LeadbookError } from './errors';
import { isAbortError, isApiError } from './guards';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';
import { identify } from './identity';
import type { ClientOptions, RequestOptions } from './options';
import { redactHeaders } from './redact';
import {
  backoffMs,
  canRetryMethod,
  MAX_RETRY_AFTER_MS,
  RETRYABLE_STATUSES,
  retryAfterMs,
  sleep,
} from './retry';

/** The core's configuration: the client options with the base URL resolved and the auth headers. */
export interface HttpConfig extends ClientOptions {
  /** The base URL, required here. */
  baseUrl: string;
  /** Secret headers (`Authorization`, the ingress token); redacted in hooks and logs. */
  authHeaders?: Record<string, string>;
}

/** One logical call; the core may send it several times. */
export interface HttpRequest {
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path, starting with `/`, parameters already filled in. */
  path: string;
  /** Query parameters (see `toQuery`). */
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** Create an `Idempotency-Key` for this call unless the caller passed one. */
  idempotent?: boolean;
  /** The caller's per-request options. */
  options?: RequestOptions | undefined;
}

/** A success response: the parsed JSON body (undefined for an empty body) and its response. */
export type HttpResult<T> = WithResponse<T>;

/** The core: one `request` for every call, and the URL builder. */
export interface Http {
  /** Sends a call with retries; resolves with the success response or throws a `LeadbookError`. */
  request<T = unknown>(request: HttpRequest): Promise<HttpResult<T>>;
  /**
   * Sends a call as {@link Http.request} does and returns it as an {@link ApiPromise}, so every SDK
   * method has `withResponse()` and `asResponse()`. `check` may throw on a success body.
   */
  call<T = unknown>(request: HttpRequest, check?: (result: HttpResult<T>) => void): ApiPromise<T>;
  /** The full URL of a path. */
  url(path: string, query?: Record<string, string>): string;
  /** The configuration the core was made with. */
  readonly config: HttpConfig;
}

const MAX_TIMER_MS = 2_147_483_647;

/** Reads a body once: its parsed JSON (or text), and a copy of the response whose body is unread. */
async function readBody(response: Response): Promise<{ data: unknown; copy: Response }> {
  const text = await response.text();
  const { status, statusText, headers } = response;
  const copy = new Response(text === '' ? null : text, { status, statusText, headers });
  if (!text) return { data: undefined, copy };
  try {
    return { data: JSON.parse(text), copy };
  } catch {
    return { data: text, copy };
  }
}

/** Creates the HTTP core. */
export function createHttp(config: HttpConfig): Http {
  const { logger } = config;
  const base = config.baseUrl.replace(/\/+$/, '');
  const url = (path: string, query?: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };

  async function request<T>(call: HttpRequest): Promise<HttpResult<T>> {
    const options = call.options ?? {};
    const { signal } = options;
    const headers = new Headers({ accept: 'application/json', ...config.headers, ...options.headers });
    for (const [name, value] of Object.entries(config.authHeaders ?? {})) headers.set(name, value);
    const key = options.idempotencyKey ?? (call.idempotent ? newIdempotencyKey() : undefined);
    if (key) headers.set(IDEMPOTENCY_HEADER, key);
    const target = url(call.path, call.query);
    const timeout = options.timeout ?? config.timeout ?? 30_000;
    const maxRetries = options.maxRetries ?? config.maxRetries ?? 2;
    const retryableMethod = canRetryMethod(call.method, headers.has(IDEMPOTENCY_HEADER));
    const about = { method: call.method, url: target };

    for (let attempt = 0; ; attempt++) {
      const event = { ...about, attempt, headers: redactHeaders(headers) };
      config.onRequest?.(event);
      logger?.debug('leadbook request', event);
      const started = Date.now();
      let response: Response | undefined;
      let data: unknown;
      let copy: Response | undefined;
      let failure: LeadbookError | undefined;
      try {
        response = await ky(target, {
          method: call.method,
          headers,
          json: call.body,
          signal,
          timeout: Math.min(timeout, MAX_TIMER_MS) || false,
          retry: 0,
          throwHttpErrors: false,
          fetch: config.fetch,
          hooks: { beforeRequest: [identify(attempt)] },
        });
        ({ data, copy } = await readBody(response));
      } catch (error) {
        // ky's errors stay inside: they hold the request, with its Authorization header. A failed
        // fetch keeps the fetch's own error as the cause; a timeout needs none.
        failure = signal?.aborted
          ? new AbortError({ cause: signal.reason })
          : isTimeoutError(error)
            ? new TimeoutError(timeout)
            : new ConnectionError({ cause: isNetworkError(error) ? error.cause : error });
      }
      let after: number | undefined;
      if (response) {
        const requestId = response.headers.get('x-request-id') ?? undefined;
        const done = {
          ...about,
          attempt,
          status: response.status,
          elapsedMs: Date.now() - started,
          requestId,
        };
        config.onResponse?.(done);
        logger?.debug('leadbook response', done);
        if (!failure && response.ok) {
          const { status, headers } = response;
          return { data: data as T, response: copy!, status, headers, requestId };
        }
        failure ??= errorFromResponse(response.status, data, response.headers);
        after = retryAfterMs(response.headers);
      }
      const error = failure!;
      if (
        isAbortError(error) ||
        (isApiError(error) && !RETRYABLE_STATUSES.has(error.status)) ||
        !retryableMethod ||
        attempt >= maxRetries ||
        // A server that asks for more than a minute will not be ready sooner: fail now, let the caller decide.
        (after ?? 0) > MAX_RETRY_AFTER_MS
      ) {
        throw error;
      }
      const delayMs = after ?? backoffMs(attempt, config.random);
      config.onRetry?.({ ...about, attempt, delayMs, error });
      logger?.warn('leadbook retry', { ...about, attempt, delayMs, error: error.message });
      await sleep(delayMs, signal);
    }
  }

  const call = <T>(call: HttpRequest, check?: (result: HttpResult<T>) => void) =>
    new ApiPromise<T>(
      request<T>(call).then((result) => {
        check?.(result);
        return result;
      }),
    );

  return { request, call, url, config };
}
