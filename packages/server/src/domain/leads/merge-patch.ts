/**
 * JSON merge patch (RFC 7396) for the `PATCH /connect/table_entries/:id` body.
 *
 * Pure: values in, values out. Keys such as `__proto__`, `constructor` and `prototype` are ordinary
 * data keys here; they are written with `Object.defineProperty`, so a patch can never reach
 * `Object.prototype` or change the prototype of any object.
 *
 * @module
 */

/**
 * Whether `value` is a plain object: a non-null, non-array object whose prototype is `Object.prototype`
 * (of any realm) or `null`. Arrays, dates, maps and class instances are not plain objects.
 *
 * @example
 * ```ts
 * isPlainObject({ a: 1 }); // true
 * isPlainObject(Object.create(null)); // true
 * isPlainObject([1]); // false
 * isPlainObject(new Date()); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  // A prototype whose own prototype is null is `Object.prototype`, also one from another realm.
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Set `key` as an own, enumerable, writable data property of a plain object. Plain assignment of
 * `__proto__` would call the inherited setter and swap the object's prototype instead of storing
 * the value, so that key is defined; every other key is assigned (`Object.prototype` has no other
 * setter, and assignment keeps the object on V8's fast path).
 */
export function defineDataProperty(target: object, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (target as Record<string, unknown>)[key] = value;
  }
}

/**
 * Apply a JSON merge patch (RFC 7396) to `target` and return the result.
 *
 * - A patch that is not a plain object (array, string, number, boolean, `null`) replaces the target.
 * - A `null` member deletes that key; any other member sets or replaces it.
 * - Nested objects merge deeply and keep their siblings; arrays are replaced as a whole.
 * - A target that is not a plain object is treated as `{}`.
 *
 * Neither input is mutated. Every object on a patched path is new (with `Object.prototype`);
 * subtrees that the patch does not touch, and non-object values taken from the patch, are shared
 * with the inputs, so treat the result as read-only or clone it before mutating.
 *
 * @param target - The current document, for example a lead entry's `data`.
 * @param patch - The merge patch, for example the `data` member of a PATCH body.
 * @returns The patched document.
 *
 * @example
 * ```ts
 * applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } });
 * // => { a: 'z', c: { d: 'e' } }
 * applyMergePatch({ tags: ['a', 'b'] }, { tags: ['c'] }); // => { tags: ['c'] }
 * applyMergePatch({ a: 1 }, null); // => null
 * ```
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;

  const result: Record<string, unknown> = {};
  if (isPlainObject(target)) {
    for (const key of Object.keys(target)) defineDataProperty(result, key, target[key]);
  }

  for (const key of Object.keys(patch)) {
    const value = patch[key];
    const exists = Object.hasOwn(result, key);
    if (value === null) {
      if (exists) delete result[key];
    } else {
      // Reading a missing `__proto__` or `constructor` would return inherited members, hence `exists`.
      defineDataProperty(result, key, applyMergePatch(exists ? result[key] : undefined, value));
    }
  }
  return result;
}
