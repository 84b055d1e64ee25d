/**
 * Options shared by the three clients, and the per-request options every method takes.
 *
 * @module
 */

/** A logger; `console` fits. Headers reach it with `Authorization` and the ingress token redacted. */
export interface Logger {
  /** Every request and response. */
  debug(message: string, meta?: Record<string, unknown>): void;
  /** Retries and dropped telemetry. */
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** What `onRequest` receives before each attempt. */
export interface RequestEvent {
  /** The HTTP method. */
  method: string;
  /** The full URL, with the query string. */
  url: string;
  /** 0 for the first attempt, 1 for the first retry, ... */
  attempt: number;
  /** The request headers, secrets redacted. */
  headers: Record<string, string>;
}

/** What `onResponse` receives after each attempt that got a response. */
export interface ResponseEvent {
  /** The HTTP method. */
  method: string;
  /** The full URL, with the query string. */
  url: string;
  /** 0 for the first attempt, 1 for the first retry, ... */
  attempt: number;
  /** The HTTP status. */
  status: number;
  /** Milliseconds from sending the request to having read the response body. */
  elapsedMs: number;
  /** The response's `x-request-id`. */
  requestId: string | undefined;
}

/** What `onRetry` receives before the SDK waits for another attempt. */
export interface RetryEvent {
  /** The HTTP method. */
  method: string;
  /** The full URL, with the query string. */
  url: string;
  /** The attempt that failed (0 for the first). */
  attempt: number;
  /** How long the SDK waits before the next attempt. */
  delayMs: number;
  /** Why: the error of the failed attempt. */
  error: Error;
}

/** Options every client takes. */
export interface ClientOptions {
  /**
   * The service's base URL, such as `https://leadbook.example.com`. Paths (`/connect/...`) are
   * appended to it. The Connect and ingress clients read `LEADBOOK_BASE_URL` when it is absent.
   */
  baseUrl?: string;
  /** The fetch implementation. Default: the global `fetch`, looked up at request time (msw-friendly). */
  fetch?: typeof fetch;
  /** Milliseconds an attempt may take before it fails with a `TimeoutError`. Default: 30000. */
  timeout?: number;
  /** Retries after the first attempt (see the README for which requests are retried). Default: 2. */
  maxRetries?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Called before every attempt. */
  onRequest?: (event: RequestEvent) => void;
  /** Called after every attempt that got a response, with the elapsed time and the request id. */
  onResponse?: (event: ResponseEvent) => void;
  /** Called before the SDK waits to retry. */
  onRetry?: (event: RetryEvent) => void;
  /**
   * Where to log requests, responses and retries. Default for `ConnectClient` and `IngressClient`:
   * `console` when the `LEADBOOK_LOG` environment variable is `debug` (requests, responses and
   * retries) or `warn` (retries only), else nowhere. Headers are logged with secrets redacted.
   */
  logger?: Logger;
  /** The jitter source, a function returning [0, 1). Default: `Math.random`. Tests pass `() => 0`. */
  random?: () => number;
}

/** Options of one call. They override the client's options for that call only. */
export interface RequestOptions {
  /** Aborts the call (the current attempt and any wait between attempts) with an `AbortError`. */
  signal?: AbortSignal;
  /** Milliseconds each attempt may take. */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Extra headers. */
  headers?: Record<string, string>;
  /**
   * The `Idempotency-Key` for a POST or PATCH; with one, the write is retried like a GET. The SDK makes
   * one for `bookings.create`. Only booking creation is deduplicated by the service: on other writes
   * the key enables retries but a retried write that had reached the service is applied twice.
   */
  idempotencyKey?: string;
}
