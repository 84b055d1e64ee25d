/**
 * Schema inference for lead data: the first non-null value of a
 * key fixes its type in the Lead Pool's `schema.fields`; later values are coerced where that loses
 * nothing, otherwise the write is rejected with a `typeErrors` block.
 *
 * Only the top-level keys of `data` are typed; the contents of nested objects and arrays are not.
 *
 * @module
 */
import { deriveFriendlyName, guessSpecialType } from './field-naming';
import { defineDataProperty, isPlainObject } from './merge-patch';

export type { InferredType } from './inferred-type';
import type { InferredType } from './inferred-type';

/** What a field means beyond its type (`email`, `phone`, ...); re-exported from the contract. */
export type { SpecialType } from '@leadbook/contract';
import type { SpecialType } from '@leadbook/contract';

/**
 * One entry of a Lead Pool's `schema.fields` map: the attributes that inference reads and writes.
 * Other attributes of a stored descriptor (such as `hidden`) are carried over unchanged.
 */
export interface InferredFieldDescriptor {
  friendlyName: string;
  type: InferredType;
  specialType?: SpecialType;
  /** How many writes carried a non-null value for this key. */
  frequency: number;
  /** ISO-8601 date-time of the last write with a non-null value. */
  lastSeen: string;
  isDeprecated: boolean;
}

/** A value whose type conflicts with its field's type and cannot be coerced losslessly. */
export interface SchemaTypeError {
  key: string;
  /** The field's type in the schema. */
  expected: InferredType;
  /** The type inferred from the received value. */
  received: InferredType;
}

/** Result of {@link coerceValue}. */
export type CoercionResult = { ok: true; value: unknown } | { ok: false };

/** Result of {@link applySchemaInference}. */
export type SchemaInferenceResult =
  | { ok: true; data: Record<string, unknown>; fields: Record<string, InferredFieldDescriptor> }
  | { ok: false; typeErrors: SchemaTypeError[] };

/**
 * The type a value would give a new key: string, finite number, boolean, array of strings (an empty
 * array counts), any other array, or plain object.
 *
 * @returns The type, or `null` for `null`, `undefined` and values JSON cannot carry (`NaN`,
 * `Infinity`, functions, class instances).
 *
 * @example
 * ```ts
 * inferType(['a', 'b']); // 'string[]'
 * inferType([1, 'a']); // 'array'
 * inferType(null); // null
 * ```
 */
export function inferType(value: unknown): InferredType | null {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : null;
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? 'string[]' : 'array';
  return isPlainObject(value) ? 'object' : null;
}

/** A JSON number (RFC 8259 grammar), no leading `+`, no leading zeros, no hex. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Coerce `value` to the `expected` field type where no information is lost. A value that already has
 * the expected type is returned unchanged (same reference).
 *
 * | expected | received | result |
 * |---|---|---|
 * | `number` | string holding a JSON number (`"42"`, `"-3.5"`, `"1e3"`), trimmed, finite | the number |
 * | `number` | anything else (boolean, other string, array, object) | error |
 * | `string` | finite number | `String(n)`, e.g. `"42"` |
 * | `string` | boolean | `"true"` / `"false"` |
 * | `string` | `string[]` with exactly one element | that element |
 * | `string` | anything else | error |
 * | `boolean` | `"true"` / `"false"`, trimmed, any letter case | `true` / `false` |
 * | `boolean` | anything else | error |
 * | `string[]` | string | `[value]` |
 * | `string[]` | finite number | `[String(n)]` |
 * | `string[]` | anything else (boolean, object, array with non-strings) | error |
 * | `object` | plain object | unchanged |
 * | `array` | array (of any items) | unchanged |
 * | `object` / `array` | anything else | error |
 *
 * @example
 * ```ts
 * coerceValue(' 42 ', 'number'); // { ok: true, value: 42 }
 * coerceValue(['a'], 'string'); // { ok: true, value: 'a' }
 * coerceValue('TRUE', 'boolean'); // { ok: true, value: true }
 * coerceValue(true, 'number'); // { ok: false }
 * ```
 */
export function coerceValue(value: unknown, expected: InferredType): CoercionResult {
  const received = inferType(value);
  if (received === null) return { ok: false };
  if (received === expected || (expected === 'array' && received === 'string[]')) return { ok: true, value };
  switch (expected) {
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      const n = Number(text);
      return JSON_NUMBER.test(text) && Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'string':
      if (received === 'number' || received === 'boolean') return { ok: true, value: String(value) };
      if (received === 'string[]' && (value as string[]).length === 1) {
        return { ok: true, value: (value as string[])[0] };
      }
      return { ok: false };
    case 'boolean': {
      const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false };
    }
    case 'string[]':
      if (received === 'string' || received === 'number') return { ok: true, value: [String(value)] };
      return { ok: false };
    default:
      return { ok: false };
  }
}

/**
 * Type the top-level keys of one write of lead `data` against the schema `fields`.
 *
 * - A `null` value is kept in the data but changes nothing in the schema (no type, no frequency).
 * - A new key gets its type from this value ({@link inferType}), a friendly name derived from the key
 *   (`first_name` and `firstName` give "First name"), a special type for obvious keys (`email`,
 *   `phone`, `firstName`, `lastName`, `name`, `url`, ...), `frequency: 1`, `lastSeen: now` and
 *   `isDeprecated: false`.
 * - A known key has its `frequency` go up by one and `lastSeen` become `now`. With `coerce` (the
 *   ingress rule) its value is coerced to the key's type ({@link coerceValue});
 *   without it (Connect, console and form writes, whose `data` is free-form) the value is kept as
 *   sent and the key keeps the type its first value gave it.
 * - Values JSON cannot carry (`undefined`, `NaN`, functions, class instances) are left out.
 *
 * Nothing is mutated. With `coerce`, on any conflict no schema change applies and every conflict is
 * reported, sorted by key; the caller answers 400 `Validation failed` with them.
 *
 * @param fields - The Lead Pool's current `schema.fields`.
 * @param data - The lead data being written (a POST body's `data`, or the keys a PATCH sets).
 * @param now - ISO-8601 date-time of the write, stored as `lastSeen`.
 * @param options - `coerce`: coerce known keys and report conflicts (default true, the ingress rule).
 * @returns The coerced copy of `data` and the updated copy of `fields`, or the type errors.
 *
 * @example
 * ```ts
 * const fields = { age: { friendlyName: 'Age', type: 'number', frequency: 3, lastSeen: t0, isDeprecated: false } };
 * applySchemaInference(fields, { age: '42', email: 'a@b.c' }, now);
 * // => { ok: true, data: { age: 42, email: 'a@b.c' }, fields: { age: { ...frequency: 4, lastSeen: now },
 * //      email: { friendlyName: 'Email', type: 'string', specialType: 'email', frequency: 1, lastSeen: now, isDeprecated: false } } }
 * applySchemaInference(fields, { age: true }, now);
 * // => { ok: false, typeErrors: [{ key: 'age', expected: 'number', received: 'boolean' }] }
 * applySchemaInference(fields, { age: '42' }, now, { coerce: false });
 * // => { ok: true, data: { age: '42' }, fields: { age: { ...type: 'number', frequency: 4, lastSeen: now } } }
 * ```
 */
export function applySchemaInference(
  fields: Readonly<Record<string, InferredFieldDescriptor>>,
  data: Readonly<Record<string, unknown>>,
  now: string,
  { coerce = true }: { coerce?: boolean } = {},
): SchemaInferenceResult {
  const nextData: Record<string, unknown> = {};
  const nextFields: Record<string, InferredFieldDescriptor> = {};
  const typeErrors: SchemaTypeError[] = [];
  for (const key of Object.keys(fields)) defineDataProperty(nextFields, key, fields[key]);

  for (const key of Object.keys(data)) {
    const value = data[key];
    if (value === null) {
      defineDataProperty(nextData, key, null);
      continue;
    }
    const received = inferType(value);
    if (received === null) continue;
    // Own-key lookup: `fields.constructor` would otherwise find Object's constructor.
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      defineDataProperty(nextData, key, value);
      defineDataProperty(nextFields, key, newField(key, received, now));
      continue;
    }
    const coerced = coerce ? coerceValue(value, field.type) : { ok: true as const, value };
    if (!coerced.ok) {
      typeErrors.push({ key, expected: field.type, received });
      continue;
    }
    defineDataProperty(nextData, key, coerced.value);
    defineDataProperty(nextFields, key, { ...field, frequency: field.frequency + 1, lastSeen: now });
  }

  if (typeErrors.length > 0) {
    return { ok: false, typeErrors: typeErrors.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
  }
  return { ok: true, data: nextData, fields: nextFields };
}

function newField(key: string, type: InferredType, now: string): InferredFieldDescriptor {
  const specialType = guessSpecialType(key, type);
  return {
    friendlyName: deriveFriendlyName(key),
    type,
    ...(specialType === undefined ? {} : { specialType }),
    frequency: 1,
    lastSeen: now,
    isDeprecated: false,
  };
}
