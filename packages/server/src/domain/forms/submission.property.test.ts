import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFieldValues } from './submission';
import { field, uuid, when } from './test-fixtures';

const fields = [
  field(1, 'text', { required: true, minLength: 2, pattern: '[a-z ]+' }),
  field(2, 'number', { min: 0, max: 10, showIf: [when(1, 'equals', 'go')] }),
  field(3, 'checkbox'),
  field(4, 'email', { showIf: [when(3, 'filled')] }),
  field(5, 'tel', { showIf: [when(2, 'in', ['1', '2'])] }),
  field(6, 'select', { options: [{ value: 'a', label: 'A' }] }),
  field(7, 'privacy', { mode: 'consent' }),
  field(8, 'hidden', { defaultValue: 'x' }),
  field(9, 'booking-calendar'),
];
const keys = [...fields.map((f) => f.id), uuid(99)];
// Plausible values next to arbitrary JSON, so the property also reaches the later steps.
const plausible = fc.constantFrom('go', 'ab cd', 'true', '1', '030 1234567', 'a', 'ada@example.com', true);

describe('validateFieldValues (property)', () => {
  it('never throws, and keeps only visible, known fields', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.jsonValue(), plausible)), (data) => {
        const result = validateFieldValues({ fields, defaultCountry: 'DE' }, data);
        if (!result.ok) {
          expect(result.message).toMatch(/\S/u);
          return;
        }
        for (const id of Object.keys(result.values)) expect(result.visible.has(id)).toBe(true);
        expect(result.values).not.toHaveProperty(uuid(9));
      }),
      // Found by a run on 2026-11-27: an object whose `toString` is not a function, compared by a
      // field's `showIf`.
      { examples: [[{ [uuid(1)]: { toString: null } }]] },
    );
  });
});
