/**
 * The bounds of lead documents: every new `data` key joins the pool's inferred schema, which every
 * later write to the pool loads and saves, so both are capped.
 *
 * @module
 */
import type { ValidationIssue } from '@leadbook/contract';

/** How many top-level keys a lead's `data` may hold (after a merge patch). */
export const MAX_LEAD_DATA_KEYS = 200;

/** How long a top-level `data` key may be, in characters (each one names a field of the pool schema). */
export const MAX_LEAD_DATA_KEY_LENGTH = 200;

/** How many fields a pool's inferred schema may hold. */
export const MAX_POOL_SCHEMA_FIELDS = 1000;

/**
 * The issue for a `data` document over {@link MAX_LEAD_DATA_KEYS} keys or with a key longer than
 * {@link MAX_LEAD_DATA_KEY_LENGTH}, or `undefined`.
 */
export function leadDataKeysIssue(data: object): ValidationIssue | undefined {
  const keys = Object.keys(data);
  if (keys.length > MAX_LEAD_DATA_KEYS) {
    return { path: 'data', message: `data may hold at most ${MAX_LEAD_DATA_KEYS} keys` };
  }
  return keys.some((key) => key.length > MAX_LEAD_DATA_KEY_LENGTH)
    ? { path: 'data', message: `data keys may be at most ${MAX_LEAD_DATA_KEY_LENGTH} characters long` }
    : undefined;
}

/** The issue for a pool schema grown over {@link MAX_POOL_SCHEMA_FIELDS}, or `undefined`. */
export function poolSchemaIssue(before: number, after: number): ValidationIssue | undefined {
  return after > MAX_POOL_SCHEMA_FIELDS && after > before
    ? {
        path: 'data',
        message: `The lead pool's schema may hold at most ${MAX_POOL_SCHEMA_FIELDS} fields (${after - before} new keys would make ${after})`,
      }
    : undefined;
}
