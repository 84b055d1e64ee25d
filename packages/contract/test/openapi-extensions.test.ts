/**
 * The extensions beyond SPEC: the document marks exactly what `SPEC_EXTENSIONS` lists, and
 * `docs/guides/openapi.md` names every entry, so generated clients and readers see the same list.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTENSION_MARK, SPEC_EXTENSIONS, type OperationId } from '../src/index';
import { buildOpenApiDocument } from '../src/openapi/index';

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument())) as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, { properties?: Record<string, Json> }> };
};
type Json = Record<string, unknown> & {
  operationId?: string;
  parameters?: Json[];
  responses?: Record<string, Json>;
  requestBody?: { content: Record<string, Json> };
  name?: string;
};
const guide = readFileSync(
  fileURLToPath(new URL('../../../docs/guides/openapi.md', import.meta.url)),
  'utf8',
);
const marked = (node: Json | undefined) => node?.[EXTENSION_MARK] === true;

/** Every mark of the document, as `kind operationOrSchema name`. */
function marksInDocument(): string[] {
  const found: string[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const id = op.operationId!;
      if (marked(op)) found.push(`operation ${id}`);
      for (const p of op.parameters ?? []) if (marked(p)) found.push(`parameter ${id} ${p.name}`);
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        if (marked(r)) found.push(`status ${id} ${status}`);
      }
      for (const [type, m] of Object.entries(op.requestBody?.content ?? {})) {
        if (marked(m)) found.push(`media ${id} ${type}`);
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    for (const [property, s] of Object.entries(schema.properties ?? {})) {
      if (marked(s)) found.push(`property ${name} ${property}`);
    }
  }
  return found.sort();
}

/** What SPEC_EXTENSIONS says should be marked. */
function expectedMarks(): string[] {
  const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
  return [
    ...SPEC_EXTENSIONS.operations.map((id) => `operation ${id}`),
    ...Object.entries(SPEC_EXTENSIONS.parameters).flatMap(([id, names]) =>
      names!.map((name) => `parameter ${id} ${name}`),
    ),
    ...ops.flatMap((op) =>
      SPEC_EXTENSIONS.statuses
        .filter((status) => op.responses?.[status])
        .map((status) => `status ${op.operationId} ${status}`),
    ),
    ...Object.entries(SPEC_EXTENSIONS.mediaTypes).flatMap(([id, types]) =>
      types!.map((type) => `media ${id} ${type}`),
    ),
    ...Object.entries(SPEC_EXTENSIONS.properties).flatMap(([name, properties]) =>
      properties.map((property) => `property ${name} ${property}`),
    ),
  ].sort();
}

describe('extensions beyond SPEC', () => {
  it('are marked x-leadbook-extension in the document, and nothing else is', () => {
    expect(marksInDocument()).toEqual(expectedMarks());
    expect(marksInDocument()).toContain('status createCalendarBooking 413');
  });

  it('are each named in docs/guides/openapi.md', () => {
    const names = [
      ...SPEC_EXTENSIONS.operations,
      ...Object.keys(SPEC_EXTENSIONS.parameters),
      ...Object.values(SPEC_EXTENSIONS.parameters).flat(),
      ...SPEC_EXTENSIONS.statuses.map(String),
      ...Object.keys(SPEC_EXTENSIONS.mediaTypes),
      ...Object.values(SPEC_EXTENSIONS.mediaTypes).flat(),
      ...Object.keys(SPEC_EXTENSIONS.properties),
      ...Object.values(SPEC_EXTENSIONS.properties).flat(),
    ] as Array<string | OperationId>;
    expect(names.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});
