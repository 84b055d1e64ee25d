/**
 * Addressing the nodes of a JSON document, so a mutation can change one key of a valid body and keep
 * the rest of it valid.
 *
 * @module
 */
import type { Random } from './random';

/** A path from the root: object keys and array indexes. */
export type JsonPath = ReadonlyArray<string | number>;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Every path of `root`, the root itself (`[]`) first. */
export function pathsOf(root: unknown): JsonPath[] {
  const out: JsonPath[] = [];
  const walk = (node: unknown, path: JsonPath) => {
    out.push(path);
    if (!isContainer(node)) return;
    for (const [key, child] of Object.entries(node)) {
      walk(child, [...path, Array.isArray(node) ? Number(key) : key]);
    }
  };
  walk(root, []);
  return out;
}

/** The value at `path`, or undefined. */
export function getAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const key of path) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/**
 * Sets the value at `path` as an own property (a key named `__proto__` becomes a key, as
 * `JSON.parse` would make it, not the prototype); `[]` replaces the root.
 */
export function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = getAt(root, path.slice(0, -1));
  if (isContainer(parent)) {
    Object.defineProperty(parent, path[path.length - 1]!, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return root;
}

/** Removes the key or array element at `path` (not the root). */
export function deleteAt(root: unknown, path: JsonPath): void {
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else if (isContainer(parent) && key !== undefined) delete (parent as Record<string, unknown>)[key];
}

/** The paths whose value passes `test`. */
export const pathsWhere = (root: unknown, test: (value: unknown, path: JsonPath) => boolean): JsonPath[] =>
  pathsOf(root).filter((path) => test(getAt(root, path), path));

/** A random path of an object node (the root included), or undefined when there is none. */
export const someObject = (root: unknown, random: Random): JsonPath | undefined => {
  const objects = pathsWhere(root, (value) => isContainer(value) && !Array.isArray(value));
  return objects.length > 0 ? random.pick(objects) : undefined;
};

/** A random path other than the root, or the root when the document is a scalar. */
export const someNode = (root: unknown, random: Random): JsonPath => {
  const paths = pathsOf(root);
  return paths.length > 1 ? random.pick(paths.slice(1)) : [];
};

/** The last key of a path, for matching names such as `startDateTime`. */
export const keyOf = (path: JsonPath): string => String(path[path.length - 1] ?? '');

/** `a.b.0.c`, for reports. */
export const showPath = (path: JsonPath): string => (path.length === 0 ? '(root)' : path.join('.'));
