/**
 * Query-string values.
 *
 * @module
 */

/** Turns query values into strings (`Date` as ISO-8601), leaving undefined ones out. */
export function toQuery(query: object = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) out[key] = value instanceof Date ? value.toISOString() : String(value);
  }
  return out;
}
