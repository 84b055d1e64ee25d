/**
 * The 2.16.0 operations of SPEC 4 and what the OpenAPI document says of each, with everything marked
 * `x-leadbook-extension` left out: the part of the interface the extensions must not change.
 */
import { EXTENSION_MARK } from '../src/index';

/** The operations of SPEC 4.1, 4.2 and 4.3, as `METHOD path`. */
export const SPEC_OPERATIONS = [
  'GET /connect/calendar/',
  'GET /connect/calendar/{id}',
  'GET /connect/tables/',
  'GET /connect/tables/{id}',
  'GET /connect/appointment_types/',
  'GET /connect/appointment_types/{id}',
  'GET /connect/resources/',
  'GET /connect/resources/{id}',
  'GET /connect/resource_slots/',
  'GET /connect/resource_slot_blockers/',
  'GET /connect/resource_calendar_mappings/',
  'GET /connect/appointment_type_resource_mappings/',
  'GET /connect/availability/',
  'POST /connect/table_entries/',
  'PATCH /connect/table_entries/{id}',
  'POST /connect/calendar_bookings/',
  'DELETE /connect/calendar_bookings/{id}',
  'GET /public/forms/{id}/availability',
  'GET /public/forms/{id}/slots',
  'GET /public/forms/{id}/appointment-types',
  'POST /public/forms/{id}/submit',
  'POST /public/forms/{id}/telemetry',
  'POST /public/ingress_webhooks/{id}',
] as const;

/**
 * Keys that document an operation without describing the interface: the request samples of the
 * reference (`x-codeSamples`), added to every operation. Left out like the extensions.
 */
const DOCUMENTATION_ONLY = new Set(['x-codeSamples']);

type Json = unknown;
type Doc = { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

/**
 * `node` with every `$ref` resolved and every marked extension (and its `required` entry) and
 * documentation-only key removed.
 */
function plain(doc: Doc, node: Json, seen: readonly string[] = []): Json {
  if (Array.isArray(node)) {
    return node.filter((item) => !isMarked(item)).map((item) => plain(doc, item, seen));
  }
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, Json>;
  const ref = record['$ref'];
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return seen.includes(name) ? { $ref: ref } : plain(doc, doc.components.schemas[name], [...seen, name]);
  }
  const out: Record<string, Json> = {};
  const dropped = new Set<string>();
  for (const [key, value] of Object.entries(record)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      const properties: Record<string, Json> = {};
      for (const [name, schema] of Object.entries(value)) {
        if (isMarked(schema)) dropped.add(name);
        else properties[name] = plain(doc, schema, seen);
      }
      out[key] = properties;
    } else if (
      DOCUMENTATION_ONLY.has(key) ||
      (typeof value === 'object' && value !== null && isMarked(value))
    ) {
      continue;
    } else {
      out[key] = plain(doc, value, seen);
    }
  }
  if (Array.isArray(out['required'])) out['required'] = out['required'].filter((name) => !dropped.has(name));
  return out;
}

const isMarked = (node: Json) =>
  typeof node === 'object' && node !== null && (node as Record<string, Json>)[EXTENSION_MARK] === true;

/** What `doc` says of each SPEC operation, extensions left out; a missing operation maps to null. */
export function specOperationShapes(doc: Doc): Record<string, Json> {
  const shapes: Record<string, Json> = {};
  for (const operation of SPEC_OPERATIONS) {
    const [method, path] = operation.split(' ') as [string, string];
    const found = doc.paths[path]?.[method.toLowerCase()];
    shapes[operation] = found === undefined || isMarked(found) ? null : plain(doc, found);
  }
  return shapes;
}
