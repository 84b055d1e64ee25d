/**
 * Validation of a submission's field values (submit steps 3, 4 and 6): pure, no storage.
 *
 * @module
 */
import type { FormField } from '@leadbook/contract';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { checkFieldValue } from './field-value';
import { FieldMessages as M } from './messages';
import { ownValue, visibleFieldIds } from './visibility';

/** What {@link validateSubmissionFields} needs of a form. */
export interface SubmissionForm {
  /** The form's fields, in form order. */
  readonly fields: readonly FormField[];
  /** The ISO 3166 country assumed for phone numbers without a `+` prefix. */
  readonly defaultCountry: string;
}

/**
 * The outcome of {@link validateSubmissionFields}: the converted values keyed by field id and the
 * visible field ids, or the first problem with the id of the field concerned.
 */
export type SubmissionFieldsResult =
  | { ok: true; values: Record<string, unknown>; visible: Set<string> }
  | { ok: false; fieldId: string | null; message: string };

/** The E.164 form of a phone number, or `null` when it is not a valid number. */
export function toE164(value: string, defaultCountry: string): string | null {
  const phone = parsePhoneNumberFromString(value, defaultCountry.toUpperCase() as CountryCode);
  return phone?.isValid() ? phone.number : null;
}

/**
 * Validates submitted values against a form's fields: step 3 (required, type, length, pattern,
 * formats `email` and `tel`, options) over all visible fields in form order, with step 4 (a valid
 * phone number written in E.164) done as each `tel` field passes, then step 6 (privacy consent must
 * be the string `"true"`). The first failure is returned.
 * Fields hidden by `showIf` are skipped and dropped; `booking-calendar` values are ignored;
 * appointment types are only checked to be text (their allowlist needs storage).
 *
 * @param form - The form's fields and default phone country.
 * @param data - The submitted `data`, keyed by field id.
 * @returns The values to store, keyed by field id, and the visible field ids; or the failure.
 *
 * @example
 * ```ts
 * const result = validateSubmissionFields(form, { [phoneFieldId]: '030 1234567' });
 * if (!result.ok) throw validationError(result.message);
 * result.values[phoneFieldId]; // '+49301234567' with defaultCountry 'DE'
 * ```
 */
export function validateSubmissionFields(
  form: SubmissionForm,
  data: Readonly<Record<string, unknown>>,
): SubmissionFieldsResult {
  const ids = new Set(form.fields.map((field) => field.id));
  const unknown = Object.keys(data).find((key) => !ids.has(key));
  if (unknown !== undefined) return { ok: false, fieldId: unknown, message: M.unknownField(unknown) };

  const visible = visibleFieldIds(form.fields, data);
  const shown = form.fields.filter((field) => visible.has(field.id));
  const values: Record<string, unknown> = {};

  for (const field of shown) {
    const check = checkFieldValue(field, ownValue(data, field.id));
    if (!check.ok) return { ok: false, fieldId: field.id, message: check.message };
    if (check.value === undefined) continue;
    if (field.type === 'tel' && typeof check.value === 'string') {
      // The `tel` format is a step-3 check, in field order; the number it parses is the step-4 value.
      const e164 = toE164(check.value, form.defaultCountry);
      if (e164 === null) return { ok: false, fieldId: field.id, message: M.phone(field.label) };
      values[field.id] = e164;
    } else values[field.id] = check.value;
  }

  for (const field of shown) {
    if (field.type !== 'privacy' || field.mode !== 'consent') continue;
    if (ownValue(data, field.id) !== 'true')
      return { ok: false, fieldId: field.id, message: M.consent(field.label) };
    values[field.id] = true;
  }

  return { ok: true, values, visible };
}
