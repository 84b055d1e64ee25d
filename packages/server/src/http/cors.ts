/**
 * CORS for the public form API: a preflight accepts every origin; the allowlist is
 * enforced on the GET or POST itself, and allowed responses echo the origin with `Vary: Origin`.
 *
 * @module
 */

const EXPOSED = 'RateLimit, RateLimit-Policy, Retry-After, x-request-id';

/** Headers that let a browser on `origin` read the response. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED, Vary: 'Origin' };
}

/** The answer to an `OPTIONS` preflight: 204, any origin, the methods and headers the widget uses. */
export function preflightHeaders(
  origin: string | undefined,
  requestedHeaders: string | undefined,
): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': requestedHeaders?.slice(0, 1000) || 'content-type',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin, Access-Control-Request-Headers',
  };
}

/** Whether a path belongs to the public form API (the only surface with CORS). */
export const isPublicFormPath = (path: string) => path.startsWith('/public/forms/');
