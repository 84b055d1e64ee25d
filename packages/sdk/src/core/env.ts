/**
 * Environment probes: environment variables (Node) and browser detection.
 *
 * @module
 */
import { LeadbookError } from './errors';

/** An environment variable, or undefined outside Node-like runtimes. */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name]?.trim() || undefined;
}

/** Whether the code runs in a browser page (a `window` with a `document`). */
export function isBrowser(): boolean {
  const scope = globalThis as { window?: { document?: unknown } };
  return typeof scope.window === 'object' && typeof scope.window?.document === 'object';
}

/**
 * Throws unless secrets may be used here: a secret token in a web page is readable by anyone who
 * opens it, so the Connect and ingress clients refuse to run in a browser unless told otherwise.
 */
export function assertServerSide(client: string, allowBrowser: boolean | undefined): void {
  if (isBrowser() && !allowBrowser) {
    throw new LeadbookError(
      `${client} is meant for servers: its token would be visible to every visitor of the page. ` +
        'Call the service from your backend, use PublicFormClient in the browser, or pass ' +
        '`dangerouslyAllowBrowser: true` if the token is already exposed by design (internal tools).',
    );
  }
}

/** The base URL from the options or `LEADBOOK_BASE_URL`; throws when there is none. */
export function resolveBaseUrl(client: string, baseUrl: string | undefined): string {
  const resolved = baseUrl ?? readEnv('LEADBOOK_BASE_URL');
  if (!resolved) {
    throw new LeadbookError(`${client} needs a baseUrl: pass { baseUrl } or set LEADBOOK_BASE_URL.`);
  }
  return resolved;
}
