/**
 * The nesting bound of request bodies: deeper documents are refused before any handler (schema
 * inference, merge patch, storage serialisation) walks them recursively.
 *
 * @module
 */

/** How deeply objects and arrays may nest in a request body (the body itself is level 1). */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects and arrays more than `max` levels deep, checked without recursion. */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}
