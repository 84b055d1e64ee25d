/**
 * The 2.16.0 operations stay exactly as they are: what the document says of each SPEC operation,
 * extensions left out, equals what it said before any extension (a fixture taken from the document
 * of the 2.16.0 interface), and every extension is marked.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTENSION_MARK, SPEC_EXTENSIONS } from '../src/index';
import { buildOpenApiDocument } from '../src/openapi/index';
import { SPEC_OPERATIONS, specOperationShapes } from './spec-operations';

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument()));
const baseline = JSON.parse(
  readFileSync(fileURLToPath(new URL('./fixtures/spec-2.16.0-operations.json', import.meta.url)), 'utf8'),
);

describe('the 2.16.0 operations', () => {
  it('are each in the document, unmarked', () => {
    const shapes = specOperationShapes(doc);
    expect(Object.entries(shapes).filter(([, shape]) => shape === null)).toEqual([]);
    expect(Object.keys(shapes)).toEqual([...SPEC_OPERATIONS]);
  });

  it('are described exactly as in 2.16.0 once the marked extensions are left out', () => {
    const shapes = specOperationShapes(doc) as Record<string, unknown>;
    for (const operation of SPEC_OPERATIONS) {
      expect({ operation, shape: shapes[operation] }).toEqual({ operation, shape: baseline[operation] });
    }
  });

  it('are the only unmarked operations', () => {
    const unmarked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, object>>)) {
      for (const [method, op] of Object.entries(item)) {
        if ((op as Record<string, unknown>)[EXTENSION_MARK] !== true)
          unmarked.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unmarked.sort()).toEqual([...SPEC_OPERATIONS].sort());
  });

  it('the holds, reschedule and rules are listed as extensions', () => {
    expect(SPEC_EXTENSIONS.operations).toEqual(
      expect.arrayContaining([
        'rescheduleCalendarBooking',
        'createBookingHold',
        'deleteBookingHold',
        'createPublicFormHold',
      ]),
    );
    expect(SPEC_EXTENSIONS.properties['CreateCalendarBookingBody']).toEqual(['holdId']);
  });
});
