import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMergePatch, isPlainObject } from './merge-patch';

/**
 * RFC 7396 section 2 pseudo-code, transcribed line by line onto a structuredClone of the target.
 * Only the property access differs: `Target[Name]` uses own-key reads and defineProperty so that a
 * generated `__proto__` key stays a data key in the reference too.
 */
function referenceMergePatch(target: unknown, patch: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(patch)) {
    let t: unknown = structuredClone(target);
    if (!isObject(t)) {
      t = {};
    }
    const obj = t as Record<string, unknown>;
    for (const [name, value] of Object.entries(patch)) {
      if (value === null) {
        if (Object.hasOwn(obj, name)) {
          delete obj[name];
        }
      } else {
        const current = Object.hasOwn(obj, name) ? obj[name] : undefined;
        Object.defineProperty(obj, name, {
          value: referenceMergePatch(current, value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return obj;
  }
  return patch;
}

/**
 * A structural snapshot that `toStrictEqual` compares reliably: own keys in order, with values, and
 * whether each object has `Object.prototype`. (Comparing results directly trips over own `constructor`
 * keys, which `toStrictEqual` reads as the object's class.)
 */
function snapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snapshot);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return {
    objectPrototype: Object.getPrototypeOf(value) === Object.prototype,
    entries: Object.keys(record).map((k) => [k, snapshot(record[k])]),
  };
}

describe('applyMergePatch: RFC 7396 examples', () => {
  // Appendix A has 15 rows; the 16th is the worked example of section 3.
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    [
      {
        title: 'Goodbye!',
        author: { givenName: 'John', familyName: 'Doe' },
        tags: ['example', 'sample'],
        content: 'This will be unchanged',
      },
      {
        title: 'Hello!',
        phoneNumber: '+01-123-456-7890',
        author: { familyName: null },
        tags: ['example'],
      },
      {
        title: 'Hello!',
        author: { givenName: 'John' },
        tags: ['example'],
        content: 'This will be unchanged',
        phoneNumber: '+01-123-456-7890',
      },
    ],
  ])('%j patched with %j gives %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toStrictEqual(expected);
  });
});

describe('applyMergePatch: immutability', () => {
  it('leaves target and patch deep-equal to before', () => {
    const target = { a: { b: 1, c: [1, 2] }, d: 'x', e: { f: { g: true } } };
    const patch = { a: { b: null, c: [3], n: { m: null, k: 1 } }, d: null, e: { f: { h: 1 } } };
    const before = structuredClone({ target, patch });
    const result = applyMergePatch(target, patch);
    expect({ target, patch }).toStrictEqual(before);
    expect(result).toStrictEqual({ a: { c: [3], n: { k: 1 } }, e: { f: { g: true, h: 1 } } });
    expect(result).not.toBe(target);
  });

  it('returns a new object even for an empty patch', () => {
    const target = { a: 1 };
    const result = applyMergePatch(target, {});
    expect(result).toStrictEqual({ a: 1 });
    expect(result).not.toBe(target);
  });
});

describe('applyMergePatch: prototype keys are data', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('keeps %s as an own data key', (key) => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const patch: unknown = JSON.parse(`{"${key}":{"polluted":1},"nested":{"${key}":{"polluted":2}}}`);
    const result = applyMergePatch({}, patch) as Record<string, unknown>;

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toStrictEqual(protoBefore);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toStrictEqual([key, 'nested']);
    expect(Object.getOwnPropertyDescriptor(result, key)?.value).toStrictEqual({ polluted: 1 });
    expect((result as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(result)).toBe(`{"${key}":{"polluted":1},"nested":{"${key}":{"polluted":2}}}`);
  });

  it('merges into and deletes an existing own __proto__ key', () => {
    const target: unknown = JSON.parse('{"__proto__":{"a":1,"b":2},"keep":true}');
    const merged = applyMergePatch(target, JSON.parse('{"__proto__":{"b":null,"c":3}}'));
    expect(JSON.stringify(merged)).toBe('{"__proto__":{"a":1,"c":3},"keep":true}');
    const deleted = applyMergePatch(target, JSON.parse('{"__proto__":null,"constructor":null}'));
    expect(JSON.stringify(deleted)).toBe('{"keep":true}');
    expect(Object.getPrototypeOf(deleted)).toBe(Object.prototype);
  });

  it('returns Object.prototype objects for null-prototype inputs', () => {
    const target = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    const patch = Object.assign(Object.create(null) as Record<string, unknown>, { b: { c: 2 } });
    const result = applyMergePatch(target, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result.b)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"a":1,"b":{"c":2}}');
  });

  it('does not treat inherited members as existing values', () => {
    const result = applyMergePatch({}, { constructor: { name: 'x' }, toString: 'y' });
    expect(JSON.stringify(result)).toBe('{"constructor":{"name":"x"},"toString":"y"}');
  });
});

describe('isPlainObject', () => {
  it.each([
    [{}, true],
    [Object.create(null), true],
    [JSON.parse('{"__proto__":1}'), true],
    [[], false],
    [null, false],
    ['x', false],
    [new Date(0), false],
    [new Map(), false],
  ])('isPlainObject(%o) is %s', (value, expected) => {
    expect(isPlainObject(value)).toBe(expected);
  });
});

describe('applyMergePatch: properties', () => {
  // A small key pool makes patch keys collide with target keys, so deep merges and deletes happen
  // often; the prototype-sensitive names are in it on purpose (fc.jsonValue rarely generates them).
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor', 'prototype') },
    { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
  );
  const { value: jsonLike, object: objectPatch } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 3 }),
      fc.array(tie('value'), { maxLength: 3 }),
      tie('object'),
    ),
    object: fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  }));
  const json = fc.oneof(fc.jsonValue({ maxDepth: 4 }), jsonLike, objectPatch);

  it('matches the RFC 7396 reference implementation', () => {
    fc.assert(
      fc.property(json, json, (target, patch) => {
        const before = snapshot([target, patch]);
        const result = applyMergePatch(target, patch);
        expect(snapshot(result)).toStrictEqual(snapshot(referenceMergePatch(target, patch)));
        expect(snapshot([target, patch])).toStrictEqual(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent for object patches', () => {
    fc.assert(
      fc.property(json, objectPatch, (target, patch) => {
        const once = applyMergePatch(target, patch);
        expect(snapshot(applyMergePatch(once, patch))).toStrictEqual(snapshot(once));
      }),
      { numRuns: 1000 },
    );
  });
});
