/**
 * The Server-to-Server OAuth access token: fetched with the account credentials grant, cached until
 * a minute before it expires, fetched once for concurrent callers (Zoom invalidates older tokens
 * after issuing too many), and dropped when the API refuses it.
 *
 * @module
 */

/** A token and how long it lives. */
export interface IssuedToken {
  /** The bearer token. */
  accessToken: string;
  /** Its lifetime in seconds (`expires_in`). */
  expiresInSeconds: number;
}

/** A cache of the current access token. */
export interface TokenCache {
  /** The cached token, or a fresh one when none is cached or it is about to expire. */
  get(): Promise<string>;
  /** Forgets `token` if it is the cached one (the API answered 401 to it). */
  invalidate(token: string): void;
}

/** How long before its expiry a token is replaced: requests in flight must not outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

/** A token cache over `issue`, on the clock `now`. */
export function createTokenCache(issue: () => Promise<IssuedToken>, now: () => number): TokenCache {
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  return {
    get() {
      if (cached && now() < cached.expiresAt) return Promise.resolve(cached.token);
      inFlight ??= issue()
        .then(({ accessToken, expiresInSeconds }) => {
          cached = { token: accessToken, expiresAt: now() + expiresInSeconds * 1000 - EXPIRY_MARGIN_MS };
          return accessToken;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
