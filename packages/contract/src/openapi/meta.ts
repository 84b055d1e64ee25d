/**
 * OpenAPI keywords attached to a schema, for the schemas of the main entry.
 *
 * @module
 */
import type { z } from 'zod';

/**
 * Returns a copy of `schema` carrying OpenAPI keywords that the document builder
 * (`@anatine/zod-openapi`, behind `@leadbook/contract/openapi`) merges into the schema's JSON
 * Schema. It does what that package's `extendApi` does (a copy with `metaOpenApi`), so the main
 * entry does not load the builder's dependencies.
 */
export function withOpenApi<T extends z.ZodTypeAny>(schema: T, keywords: Record<string, unknown>): T {
  const This = schema.constructor as new (def: unknown) => T;
  const copy = new This(schema._def) as T & { metaOpenApi?: Record<string, unknown> };
  const previous = (schema as { metaOpenApi?: Record<string, unknown> }).metaOpenApi;
  copy.metaOpenApi = { ...previous, ...keywords };
  return copy;
}
