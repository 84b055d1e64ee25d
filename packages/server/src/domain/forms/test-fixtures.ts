/**
 * Builders shared by the form tests (not exported from the module index).
 *
 * @module
 */
import type { FormField, ShowIf } from '@leadbook/contract';

/** A stable UUID per small number, so tests read as `uuid(1)`, `uuid(2)`. */
export const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A field with the given id number and type; everything else optional. */
export function field(n: number, type: FormField['type'], rest: Partial<FormField> = {}): FormField {
  return { id: uuid(n), type, label: `Field ${n}`, required: false, ...rest };
}

/** A `showIf` condition on field `n`. */
export const when = (n: number, operator: ShowIf['operator'], value?: ShowIf['value']): ShowIf =>
  value === undefined ? { fieldId: uuid(n), operator } : { fieldId: uuid(n), operator, value };
