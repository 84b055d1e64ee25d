/**
 * Step 3 of a submission for one visible field: required, type, length, pattern,
 * email format and options. Phone numbers and privacy consent are later steps.
 *
 * @module
 */
import { MAX_FIELD_VALUE_LENGTH, type FormField } from '@leadbook/contract';
import { FieldMessages as M } from './messages';
import { compileFieldPattern } from './regex-safety';

/** The outcome of checking one field: a value to keep, nothing to keep, or a message. */
export type FieldCheck = { ok: true; value?: unknown } | { ok: false; message: string };

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/iu;
// local@domain.tld with no spaces; the domain's labels cannot swallow the dots between them.
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/u;
const MAX_EMAIL_LENGTH = 254;

/** Missing for `required`: nothing, `null`, blank text or an empty list. */
function isMissing(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const absent = (field: FormField): FieldCheck =>
  field.required ? { ok: false, message: M.required(field.label) } : { ok: true };

function checkNumber(field: FormField, raw: unknown): FieldCheck {
  const value = typeof raw === 'string' && NUMERIC.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { ok: false, message: M.notNumber(field.label) };
  }
  if (field.min !== undefined && value < field.min)
    return { ok: false, message: M.tooSmall(field.label, field.min) };
  if (field.max !== undefined && value > field.max)
    return { ok: false, message: M.tooLarge(field.label, field.max) };
  return { ok: true, value };
}

function checkCheckbox(field: FormField, raw: unknown): FieldCheck {
  const value = raw === 'true' ? true : raw === 'false' ? false : raw;
  if (typeof value !== 'boolean') return { ok: false, message: M.notBoolean(field.label) };
  // An unchecked box is the empty value of a checkbox.
  return value ? { ok: true, value } : absent(field);
}

function checkText(field: FormField, raw: unknown): FieldCheck {
  if (typeof raw !== 'string') return { ok: false, message: M.notText(field.label) };
  // Mobile keyboards append a space after an autocompleted address.
  const value = field.type === 'email' ? raw.trim() : raw;
  const length = [...value].length;
  const maxLength = Math.min(field.maxLength ?? MAX_FIELD_VALUE_LENGTH, MAX_FIELD_VALUE_LENGTH);
  if (field.minLength !== undefined && length < field.minLength) {
    return { ok: false, message: M.tooShort(field.label, field.minLength) };
  }
  if (length > maxLength) return { ok: false, message: M.tooLong(field.label, maxLength) };
  if (field.pattern !== undefined && !compileFieldPattern(field.pattern)?.test(value)) {
    return { ok: false, message: M.pattern(field.label) };
  }
  if (field.type === 'email' && (value.length > MAX_EMAIL_LENGTH || !EMAIL.test(value))) {
    return { ok: false, message: M.email(field.label) };
  }
  if (field.type === 'select' && !(field.options ?? []).some((option) => option.value === value)) {
    return { ok: false, message: M.option(field.label) };
  }
  return { ok: true, value };
}

/**
 * Checks and converts the submitted value of one visible field (step 3 of submit). `booking-calendar`
 * values are ignored; consent `privacy` fields are left to step 6; a `hidden` field falls back to
 * its `defaultValue`. An empty optional field keeps nothing.
 *
 * @param field - The field.
 * @param raw - The submitted value, `undefined` when absent.
 */
export function checkFieldValue(field: FormField, raw: unknown): FieldCheck {
  if (field.type === 'booking-calendar') return { ok: true };
  if (field.type === 'privacy' && field.mode === 'consent') return { ok: true };
  const value = field.type === 'hidden' && (raw === undefined || raw === null) ? field.defaultValue : raw;
  if (isMissing(value)) return absent(field);
  switch (field.type) {
    case 'number':
      return checkNumber(field, value);
    case 'checkbox':
    case 'privacy':
      return checkCheckbox(field, value);
    default:
      return checkText(field, value);
  }
}
