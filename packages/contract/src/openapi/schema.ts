/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the contract's zod schemas: generated with
 * `@anatine/zod-openapi`, then mended where its 3.1 output is wrong, and with every nested copy of a
 * named component replaced by a `$ref` to it.
 *
 * @module
 * @internal
 */
import { generateSchema } from '@anatine/zod-openapi';
import type { ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import type { z } from 'zod';

/** A schema or a reference to a named one. */
export type Schema = SchemaObject | ReferenceObject;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sameList = (a: unknown, b: readonly unknown[]) =>
  Array.isArray(a) && a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Mends one generated node (children first):
 *
 * - `z.null()` comes out as `{ type: ['string', 'null'], enum: ['null'] }`, which JSON `null` does
 *   not match and the string `"null"` does: it becomes `{ type: 'null' }`.
 * - A nullable enum comes out as `{ type: [..., 'null'], enum: [...] }` without `null` in the enum,
 *   so `null` is refused after all: `null` joins the enum.
 * - A `z.union` comes out as `oneOf`, which refuses a value that two branches accept (`"*"` or a
 *   UUID: a UUID format does not exclude `"*"` for every validator). A zod union accepts a value
 *   that any branch accepts: it becomes `anyOf` (a discriminated union keeps its `oneOf`).
 */
function mend(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mend);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = mend(value);
  if (sameList(out['type'], ['string', 'null']) && sameList(out['enum'], ['null'])) {
    const { enum: _enum, type: _type, ...rest } = out;
    return { type: 'null', ...rest };
  }
  if (out['oneOf'] && !out['discriminator']) {
    const { oneOf, ...rest } = out;
    return mendEnum({ anyOf: oneOf, ...rest });
  }
  return mendEnum(out);
}

function mendEnum(out: Json): Json {
  const types = out['type'];
  const values = out['enum'];
  if (Array.isArray(types) && types.includes('null') && Array.isArray(values) && !values.includes(null)) {
    out['enum'] = [...values, null];
  }
  return out;
}

/** The mended JSON Schema of a zod schema, every subschema written out in full. */
export function generateJsonSchema(schema: z.ZodTypeAny): SchemaObject {
  return mend(generateSchema(schema, false, '3.1')) as SchemaObject;
}

/**
 * Replaces every nested copy of a named component by a `$ref` to it. The generator writes a nested
 * named schema (the `LeadState` items of `TableDetail.leadStates`) out in full; a copy is recognised
 * by its JSON being exactly the component's. The root of `schema` is never replaced, so a
 * component does not refer to itself.
 *
 * @param schema - A generated schema.
 * @param components - Component name to its generated schema.
 */
export function referToComponents(
  schema: SchemaObject,
  components: ReadonlyMap<string, SchemaObject>,
): Schema {
  const byJson = new Map<string, string>();
  for (const [name, component] of components) {
    const json = JSON.stringify(component);
    const other = byJson.get(json);
    if (other) throw new Error(`Components ${other} and ${name} have the same schema`);
    byJson.set(json, name);
  }
  const visit = (node: unknown, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, false));
    if (!isObject(node)) return node;
    const name = root ? undefined : byJson.get(JSON.stringify(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value, false);
    return out;
  };
  return visit(schema, true) as Schema;
}
