/**
 * The OAuth access token: fetched with the refresh-token grant, cached until a minute before it
 * expires, fetched once for concurrent callers, and dropped when the API refuses it (401).
 *
 * @module
 */
import { ExternalCalendarError } from '@leadbook/server';
import { isHTTPError, type KyInstance } from 'ky';
import { googleError } from './errors';

/** A cache of the current access token. */
export interface TokenCache {
  /** The cached token, or a fresh one when none is cached or it is about to expire. */
  get(signal?: AbortSignal): Promise<string>;
  /** Forgets `token` if it is the cached one (the API answered 401 to it). */
  invalidate(token: string): void;
}

/** What the token cache needs to ask Google for a token. */
export interface TokenGrant {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The HTTP client of the token endpoint (its fetch, timeout and retries). */
  http: KyInstance;
  now: () => number;
}

/** How long before its expiry a token is replaced: requests in flight must not outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

/** Google's token endpoint's error body: `{ error, error_description }`. */
const oauthReason = (data: unknown) => {
  const body = (data ?? {}) as { error?: unknown; error_description?: unknown };
  const code = typeof body.error === 'string' ? body.error : '';
  const text = typeof body.error_description === 'string' ? body.error_description.slice(0, 200) : '';
  return { code, detail: [code, text].filter(Boolean).join(': ') };
};

/** Asks Google for an access token with the refresh token; every failure is an ExternalCalendarError. */
async function issue(grant: TokenGrant): Promise<{ token: string; expiresAt: number }> {
  let answer: { access_token?: unknown; expires_in?: unknown };
  try {
    answer = await grant.http
      .post(grant.tokenUrl, {
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: grant.clientId,
          client_secret: grant.clientSecret,
          refresh_token: grant.refreshToken,
        }),
      })
      .json();
  } catch (error) {
    if (isHTTPError(error) && error.response.status >= 400 && error.response.status < 500) {
      const { code, detail } = oauthReason(error.data);
      // invalid_grant: the user revoked access, the token expired (unused for six months, or a
      // "Testing" OAuth app's seven days) or the password changed. Only a new consent mends it.
      const hint =
        code === 'invalid_grant'
          ? 'the refresh token was revoked or has expired; connect the Google account again'
          : 'check the OAuth client id, secret and refresh token';
      throw new ExternalCalendarError(
        `Google Calendar token: HTTP ${error.response.status} (${detail || 'refused'}): ${hint}`,
        {
          retryable: error.response.status === 408 || error.response.status === 429,
          status: error.response.status,
          cause: error,
        },
      );
    }
    throw googleError(error, 'token', undefined);
  }
  if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number') {
    throw new ExternalCalendarError('Google Calendar token: the answer has no access_token', {
      retryable: true,
    });
  }
  return {
    token: answer.access_token,
    expiresAt: grant.now() + answer.expires_in * 1000 - EXPIRY_MARGIN_MS,
  };
}

/** Resolves as `promise` does, or rejects when `signal` aborts first. */
function raced<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A token cache over the refresh-token grant. One request is in flight at a time, shared by every
 * caller; a caller whose signal aborts stops waiting without failing the others.
 */
export function createTokenCache(grant: TokenGrant): TokenCache {
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  return {
    get(signal) {
      if (cached && grant.now() < cached.expiresAt) return Promise.resolve(cached.token);
      inFlight ??= issue(grant)
        .then((issued) => {
          cached = issued;
          return issued.token;
        })
        .finally(() => {
          inFlight = null;
        });
      return raced(inFlight, signal);
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
