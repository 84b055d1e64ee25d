/**
 * Header redaction for logs and hooks: secrets never leave the SDK through them.
 *
 * @module
 */

/** Headers whose values are always replaced by `[redacted]`. */
export const SECRET_HEADERS: readonly string[] = [
  'authorization',
  'x-service-ingress-token',
  'cookie',
  'proxy-authorization',
];

/** A plain copy of `headers` with every secret header's value replaced by `[redacted]`. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET_HEADERS.includes(name) ? '[redacted]' : value;
  });
  return out;
}
