/**
 * The HTTP side of the Google calendar: the fetch every request goes through (the SSRF guard of
 * `@leadbook/server` by default), and the ky client of the Calendar API with its retries (rate
 * limits and outages, with bounded backoff that honours `Retry-After`) and its one retry with a new
 * token after a 401.
 *
 * @module
 */
import ky, { isHTTPError, type KyInstance, type ShouldRetryState } from 'ky';
import { isRateLimit, refusedAddress, retryAfterMs } from './errors';
import type { TokenCache } from './token';

/**
 * A fetch that takes what ky passes (a `Request`) and hands `base` a URL and init: the guarded
 * fetch of `@leadbook/server` runs on undici's own fetch, which does not take the global `Request`.
 */
export function requestFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (!(input instanceof Request)) return base(input, init);
    const hasBody = input.method !== 'GET' && input.method !== 'HEAD';
    return base(input.url, {
      ...init,
      method: input.method,
      headers: [...input.headers],
      ...(hasBody ? { body: await input.arrayBuffer() } : {}),
      signal: init?.signal ?? input.signal,
    });
  };
}

/** How the client retries within one call. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** The first backoff in milliseconds; each next one doubles, with full jitter. */
  delayMs: number;
  /** The longest backoff, and the longest `Retry-After` waited for; a longer one fails the call. */
  maxWaitMs: number;
}

/** Statuses a later attempt may get past (a 403 only when its reason is a rate limit). */
const RETRY_STATUSES = [403, 408, 429, 500, 502, 503, 504];

/** ky's retry options for `policy`. */
export function retryOptions(policy: RetryPolicy, now: () => number) {
  return {
    limit: policy.limit,
    methods: ['get', 'post', 'patch', 'delete'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: [403, 429, 503],
    maxRetryAfter: policy.maxWaitMs,
    backoffLimit: policy.maxWaitMs,
    delay: (attempt: number) => policy.delayMs * 2 ** (attempt - 1),
    jitter: true,
    shouldRetry: ({ error }: ShouldRetryState) => {
      // The SSRF guard refused the address: it will refuse it again.
      if (refusedAddress(error)) return false;
      if (!isHTTPError(error)) return undefined;
      const { status } = error.response;
      if (status === 403 && !isRateLimit(status, error.data)) return false;
      // A wait longer than a call should take is the caller's to schedule.
      const after = retryAfterMs(error.response, now);
      return after !== undefined && after > policy.maxWaitMs ? false : undefined;
    },
  };
}

/**
 * The state of one call, passed to the client's hooks as `context: { call }` (each call passes
 * its own).
 */
export interface CallState {
  /** Whether the call has had its one new token after a 401. */
  refreshedToken: boolean;
}

/** What the API client is made of. */
export interface ApiClientOptions {
  prefix: string;
  fetch: typeof fetch;
  retry: RetryPolicy;
  tokens: TokenCache;
  now: () => number;
}

/** The client of the Calendar API: bearer token, retries, and one new token after a 401. */
export function createApiClient(options: ApiClientOptions): KyInstance {
  const { tokens } = options;
  return ky.create({
    prefix: options.prefix,
    fetch: options.fetch,
    // The call's own signal bounds each call; ky's per-attempt timeout is not used.
    timeout: false,
    retry: retryOptions(options.retry, options.now),
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          request.headers.set('authorization', `Bearer ${await tokens.get(request.signal)}`);
        },
      ],
      afterResponse: [
        async ({ request, response, options: { context } }) => {
          if (response.status !== 401) return;
          // The token expired early or was revoked: one more try with a new one, once per call.
          const call = context['call'] as CallState | undefined;
          if (!call || call.refreshedToken) return;
          call.refreshedToken = true;
          const used = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
          tokens.invalidate(used);
          const fresh = await tokens.get(request.signal);
          if (fresh === used) return;
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${fresh}`);
          return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED', delay: 0 });
        },
      ],
    },
  });
}
