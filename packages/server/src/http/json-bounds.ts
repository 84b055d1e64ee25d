/**
 * What a parsed request body may hold, checked once before any handler walks it: nesting depth
 * (schema inference, merge patch and storage serialisation recurse) and text every storage adapter
 * can keep (PostgreSQL refuses U+0000 and unpaired surrogates, in `text` and in `jsonb`).
 *
 * @module
 */

/** How deeply objects and arrays may nest in a request body (the body itself is level 1). */
export const MAX_JSON_DEPTH = 32;

/** The message past {@link MAX_JSON_DEPTH}. */
export const TOO_DEEP = `Request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;

/** The message for a string or key no storage can keep. */
export const UNSTORABLE_TEXT = 'Request body contains a NUL character or an unpaired surrogate';

// U+0000, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `value` may not be accepted as a request body, or `undefined` when it may. Walks the document
 * once without recursion, stopping at the first problem.
 */
export function jsonBodyProblem(value: unknown): string | undefined {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return UNSTORABLE_TEXT;
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_JSON_DEPTH) return TOO_DEEP;
    if (Array.isArray(node)) {
      for (const child of node) pending.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      if (UNSTORABLE.test(key)) return UNSTORABLE_TEXT;
      pending.push([child, depth + 1]);
    }
  }
  return undefined;
}
