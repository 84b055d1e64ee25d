import { describe, expect, it } from 'vitest';
import {
  applySchemaInference,
  coerceValue,
  inferType,
  type InferredFieldDescriptor,
  type InferredType,
} from './schema-inference';

const T0 = '2024-01-01T00:00:00.000Z';
const NOW = '2024-06-01T12:00:00.000Z';

function field(type: InferredType, extra: Partial<InferredFieldDescriptor> = {}): InferredFieldDescriptor {
  return { friendlyName: 'X', type, frequency: 3, lastSeen: T0, isDeprecated: false, ...extra };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('inferType', () => {
  it.each([
    ['x', 'string'],
    ['', 'string'],
    [42, 'number'],
    [-0.5, 'number'],
    [false, 'boolean'],
    [['a', 'b'], 'string[]'],
    [[], 'string[]'],
    [['a', 1], 'array'],
    [[{}], 'array'],
    [{ a: 1 }, 'object'],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [new Date(0), null],
  ])('inferType(%j) is %j', (value, expected) => {
    expect(inferType(value)).toBe(expected);
  });
});

describe('coerceValue: the coercion table', () => {
  const error = { ok: false } as const;
  const ok = (value: unknown) => ({ ok: true, value });
  it.each<[string, InferredType, unknown, unknown]>([
    ['number <- JSON-number string', 'number', '42', ok(42)],
    ['number <- JSON-number string', 'number', ' -3.5 ', ok(-3.5)],
    ['number <- JSON-number string', 'number', '1e3', ok(1000)],
    ['number <- anything else', 'number', true, error],
    ['number <- anything else', 'number', 'abc', error],
    ['number <- anything else', 'number', '', error],
    ['number <- anything else', 'number', '0x10', error],
    ['number <- anything else', 'number', '007', error],
    ['number <- anything else', 'number', '1e400', error],
    ['number <- anything else', 'number', ['1'], error],
    ['number <- anything else', 'number', { n: 1 }, error],
    ['string <- number', 'string', 42, ok('42')],
    ['string <- number', 'string', -3.5, ok('-3.5')],
    ['string <- boolean', 'string', true, ok('true')],
    ['string <- boolean', 'string', false, ok('false')],
    ['string <- one-element string[]', 'string', ['only'], ok('only')],
    ['string <- other', 'string', ['a', 'b'], error],
    ['string <- other', 'string', [], error],
    ['string <- other', 'string', [1], error],
    ['string <- other', 'string', { a: 'b' }, error],
    ['boolean <- "true"/"false"', 'boolean', 'true', ok(true)],
    ['boolean <- "true"/"false"', 'boolean', 'FALSE', ok(false)],
    ['boolean <- "true"/"false"', 'boolean', ' True ', ok(true)],
    ['boolean <- other', 'boolean', 'yes', error],
    ['boolean <- other', 'boolean', 1, error],
    ['boolean <- other', 'boolean', ['true'], error],
    ['boolean <- other', 'boolean', {}, error],
    ['string[] <- string', 'string[]', 'a', ok(['a'])],
    ['string[] <- number', 'string[]', 42, ok(['42'])],
    ['string[] <- other', 'string[]', true, error],
    ['string[] <- other', 'string[]', { a: 'b' }, error],
    ['string[] <- other', 'string[]', ['a', 1], error],
    ['object <- same kind', 'object', { a: [1] }, ok({ a: [1] })],
    ['object <- other', 'object', [1], error],
    ['object <- other', 'object', 'x', error],
    ['array <- same kind', 'array', [1, 'a'], ok([1, 'a'])],
    ['array <- same kind', 'array', ['a'], ok(['a'])],
    ['array <- other', 'array', { a: 1 }, error],
    ['array <- other', 'array', 'x', error],
    ['same type', 'number', 5, ok(5)],
    ['same type', 'string', 'x', ok('x')],
    ['same type', 'boolean', false, ok(false)],
    ['same type', 'string[]', ['a', 'b'], ok(['a', 'b'])],
    ['no JSON type', 'string', Number.NaN, error],
    ['no JSON type', 'string', undefined, error],
  ])('%s: coerceValue(%j, %j) gives %j', (_row, expected, value, result) => {
    expect(coerceValue(value, expected)).toStrictEqual(result);
  });
});

describe('applySchemaInference', () => {
  it('lets the first value fix the type, then coerces later values', () => {
    const first = applySchemaInference({}, { age: 42, tags: ['a'], vip: true, meta: { x: 1 } }, T0);
    if (!first.ok) throw new Error('expected ok');
    expect(first.fields).toStrictEqual({
      age: { friendlyName: 'Age', type: 'number', frequency: 1, lastSeen: T0, isDeprecated: false },
      tags: { friendlyName: 'Tags', type: 'string[]', frequency: 1, lastSeen: T0, isDeprecated: false },
      vip: { friendlyName: 'Vip', type: 'boolean', frequency: 1, lastSeen: T0, isDeprecated: false },
      meta: { friendlyName: 'Meta', type: 'object', frequency: 1, lastSeen: T0, isDeprecated: false },
    });
    const second = applySchemaInference(first.fields, { age: '43', tags: 'b', vip: 'false' }, NOW);
    expect(second).toMatchObject({ ok: true, data: { age: 43, tags: ['b'], vip: false } });
    expect(applySchemaInference(first.fields, { age: 'old' }, NOW)).toStrictEqual({
      ok: false,
      typeErrors: [{ key: 'age', expected: 'number', received: 'string' }],
    });
  });

  it('without coerce, keeps every value as sent, counts it, and keeps the first type (Connect writes)', () => {
    const fields = { age: field('number'), vip: field('boolean') };
    const data = { age: 'old', vip: 'true', fresh: ['x'], gone: null };
    const result = applySchemaInference(fields, data, NOW, { coerce: false });
    expect(result).toStrictEqual({
      ok: true,
      data,
      fields: {
        age: { ...fields.age, frequency: fields.age.frequency + 1, lastSeen: NOW },
        vip: { ...fields.vip, frequency: fields.vip.frequency + 1, lastSeen: NOW },
        fresh: { friendlyName: 'Fresh', type: 'string[]', frequency: 1, lastSeen: NOW, isDeprecated: false },
      },
    });
  });

  it('skips null: no type, no frequency bump, and a later number fixes the type', () => {
    const fields = { seen: field('string') };
    const first = applySchemaInference(fields, { fresh: null, seen: null }, NOW);
    expect(first).toStrictEqual({ ok: true, data: { fresh: null, seen: null }, fields });
    if (!first.ok) throw new Error('expected ok');
    const second = applySchemaInference(first.fields, { fresh: 7 }, NOW);
    expect(second).toMatchObject({ ok: true, data: { fresh: 7 }, fields: { fresh: { type: 'number' } } });
  });

  it('reports every conflict together, sorted by key, and changes nothing', () => {
    const fields = { b: field('number'), a: field('boolean'), c: field('string[]'), d: field('object') };
    const result = applySchemaInference(fields, { d: 'x', c: true, fine: 1, b: 'x', a: 'maybe' }, NOW);
    expect(result).toStrictEqual({
      ok: false,
      typeErrors: [
        { key: 'a', expected: 'boolean', received: 'string' },
        { key: 'b', expected: 'number', received: 'string' },
        { key: 'c', expected: 'string[]', received: 'boolean' },
        { key: 'd', expected: 'object', received: 'string' },
      ],
    });
  });

  it('bumps frequency and lastSeen of written keys only and keeps other attributes', () => {
    const fields = {
      written: field('string', { hidden: true, specialType: 'email' } as Partial<InferredFieldDescriptor>),
      untouched: field('number'),
      nulled: field('number'),
    };
    const result = applySchemaInference(fields, { written: 'a@b.c', nulled: null }, NOW);
    expect(result).toStrictEqual({
      ok: true,
      data: { written: 'a@b.c', nulled: null },
      fields: {
        written: { ...fields.written, frequency: 4, lastSeen: NOW, hidden: true },
        untouched: fields.untouched,
        nulled: fields.nulled,
      },
    });
  });

  it.each([
    ['first_name', 'First name'],
    ['firstName', 'First name'],
    ['FIRST_NAME', 'First name'],
    ['utm-source', 'Utm source'],
    ['customerID', 'Customer ID'],
    ['websiteURLValue', 'Website URL value'],
    ['address_line2', 'Address line 2'],
    ['contact.email', 'Contact email'],
    ['email', 'Email'],
    ['___', '___'],
  ])('derives the friendly name of %j as %j', (key, friendlyName) => {
    const result = applySchemaInference({}, { [key]: 'x' }, NOW);
    expect(result.ok && result.fields[key]?.friendlyName).toBe(friendlyName);
  });

  it.each<[string, unknown, string | undefined]>([
    ['email', 'a@b.c', 'email'],
    ['E-Mail', 'a@b.c', 'email'],
    ['phone', '+49 30 123', 'phone'],
    ['phone_number', '+49 30 123', 'phone'],
    ['name', 'Ada Lovelace', 'name'],
    ['firstName', 'Ada', 'firstName'],
    ['middle_name', 'B', 'middleName'],
    ['last_name', 'Lovelace', 'lastName'],
    ['surname', 'Lovelace', 'lastName'],
    ['childFirstName', 'Tim', 'childFirstName'],
    ['child_last_name', 'L', 'childLastName'],
    ['url', 'https://x.test', 'url'],
    ['website', 'https://x.test', 'url'],
    ['birthDate', '2000-01-01', 'date'],
    ['company', 'ACME', undefined],
    ['phone', 4930123, undefined],
    ['emails', ['a@b.c'], undefined],
  ])('guesses the special type of %j (value %j) as %j', (key, value, specialType) => {
    const result = applySchemaInference({}, { [key]: value }, NOW);
    if (!result.ok) throw new Error('expected ok');
    expect(result.fields[key]?.specialType).toBe(specialType);
    expect(result.fields[key] !== undefined && 'specialType' in result.fields[key]).toBe(!!specialType);
  });

  it('does not mutate its inputs and returns copies', () => {
    const fields = deepFreeze({ age: field('number'), tags: field('string[]') });
    const data = deepFreeze({ age: '5', tags: 'a', fresh: ['x'], gone: null });
    const before = structuredClone({ fields, data });
    const result = applySchemaInference(fields, data, NOW);
    expect({ fields, data }).toStrictEqual(before);
    if (!result.ok) throw new Error('expected ok');
    expect(result.data).not.toBe(data);
    expect(result.fields).not.toBe(fields);
    expect(result.data).toStrictEqual({ age: 5, tags: ['a'], fresh: ['x'], gone: null });
  });

  it('treats __proto__, constructor and prototype as ordinary keys', () => {
    const data = JSON.parse('{"__proto__":"x","constructor":5,"prototype":["a"]}') as Record<string, unknown>;
    const first = applySchemaInference({}, data, NOW);
    if (!first.ok) throw new Error('expected ok');
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    expect(Object.getPrototypeOf(first.fields)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(first.data)).toBe(Object.prototype);
    expect(Object.keys(first.fields)).toStrictEqual(['__proto__', 'constructor', 'prototype']);
    expect(JSON.stringify(first.data)).toBe('{"__proto__":"x","constructor":5,"prototype":["a"]}');
    const types = Object.values(first.fields).map((f) => f.type);
    expect(types).toStrictEqual(['string', 'number', 'string[]']);

    const second = applySchemaInference(first.fields, JSON.parse('{"__proto__":7,"constructor":true}'), NOW);
    expect(second).toStrictEqual({
      ok: false,
      typeErrors: [{ key: 'constructor', expected: 'number', received: 'boolean' }],
    });
  });

  it('leaves out values JSON cannot carry', () => {
    const result = applySchemaInference({}, { a: undefined, b: Number.NaN, c: () => 1, d: 'kept' }, NOW);
    expect(result).toMatchObject({ ok: true, data: { d: 'kept' } });
    expect(result.ok && Object.keys(result.data)).toStrictEqual(['d']);
    expect(result.ok && Object.keys(result.fields)).toStrictEqual(['d']);
  });
});
