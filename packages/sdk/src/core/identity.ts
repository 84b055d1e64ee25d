/**
 * How the SDK says who it is: `leadbook-sdk/<version> <runtime>/<version>` in `User-Agent` where the
 * runtime lets a request set it, the same in `X-Leadbook-SDK`, and `X-Leadbook-Retry-Count` on a
 * retry, set by a ky `beforeRequest` hook.
 *
 * @module
 */
import type { BeforeRequestHook } from 'ky';
// Bundled at build time: the builds carry the version of the package.json they were built from.
import { version } from '../../package.json';

/** The version of `@leadbook/sdk` (from its package.json when it was built). */
export const SDK_VERSION: string = version;

/** The header that names the SDK and its runtime: on every request (in a browser, on JSON requests). */
export const SDK_HEADER = 'x-leadbook-sdk';

/** The header that carries the retry number (1 for the first retry) on a retried request. */
export const RETRY_COUNT_HEADER = 'x-leadbook-retry-count';

/**
 * The hook that identifies attempt `retryCount` (0 for the first) of a request. On a server it sets
 * `User-Agent` (unless the caller set one) and `X-Leadbook-SDK` to `leadbook-sdk/<version>
 * <runtime>/<version>`. A browser may not set `User-Agent`, and any other header of ours would add a
 * CORS preflight to a request that has none (the public form GETs): there `X-Leadbook-SDK`
 * (`leadbook-sdk/<version>`; the browser's own User-Agent names the rest) and the retry count go only
 * on requests with a JSON body, which are preflighted anyway.
 */
export function identify(retryCount: number): BeforeRequestHook {
  return ({ request: { headers } }) => {
    const versions: Record<string, string | undefined> =
      (globalThis as { process?: { versions?: Record<string, string> } }).process?.versions ?? {};
    // Deno and Bun report a Node version too: theirs come first. A page (it has a document) counts
    // as a browser whatever it polyfills.
    const runtime =
      'document' in globalThis ? undefined : ['deno', 'bun', 'node'].find((name) => versions[name]);
    if (!runtime && !headers.get('content-type')?.includes('json')) return;
    const agent = `leadbook-sdk/${SDK_VERSION}${runtime ? ` ${runtime}/${versions[runtime]}` : ''}`;
    headers.set(SDK_HEADER, agent);
    if (runtime && !headers.has('user-agent')) headers.set('user-agent', agent);
    if (retryCount > 0) headers.set(RETRY_COUNT_HEADER, String(retryCount));
  };
}
