/**
 * Validation of a submission's field values, pure and without storage: steps 3 and 4 of submit
 * ({@link validateFieldValues}) and step 6 ({@link checkConsent}). Step 5, between them, needs
 * storage: the use case runs the three in order.
 *
 * @module
 */
import type { FormField } from '@leadbook/contract';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { checkFieldValue } from './field-value';
import { FieldMessages as M } from './messages';
import { ownValue, visibleFieldIds } from './visibility';

/** What {@link validateFieldValues} needs of a form. */
export interface SubmissionForm {
  /** The form's fields, in form order. */
  readonly fields: readonly FormField[];
  /** The ISO 3166 country assumed for phone numbers without a `+` prefix. */
  readonly defaultCountry: string;
}

/** A problem with a submitted value: the field concerned and the visitor's message. */
export interface FieldProblem {
  ok: false;
  /** The field's id (for an unknown field, the key sent). */
  fieldId: string;
  /** The message for the visitor, naming the field's label. */
  message: string;
}

/**
 * The outcome of {@link validateFieldValues}: the converted values keyed by field id and the
 * visible field ids, or the first problem.
 */
export type FieldValuesResult =
  { ok: true; values: Record<string, unknown>; visible: Set<string> } | FieldProblem;

/** The E.164 form of a phone number, or `null` when it is not a valid number. */
export function toE164(value: string, defaultCountry: string): string | null {
  const phone = parsePhoneNumberFromString(value, defaultCountry.toUpperCase() as CountryCode);
  return phone?.isValid() ? phone.number : null;
}

/**
 * Steps 3 and 4 of submit: step 3 (required, type, length, pattern, formats `email` and `tel`,
 * options) over all visible fields in form order, with step 4 (a valid phone number written in
 * E.164) done as each `tel` field passes. The first failure is returned. Fields hidden by `showIf`
 * are skipped and dropped; `booking-calendar` values are ignored; appointment types are only
 * checked to be text (their allowlist, step 5, needs storage); consent is step 6
 * ({@link checkConsent}), so a consent field keeps no value here.
 *
 * @param form - The form's fields and default phone country.
 * @param data - The submitted `data`, keyed by field id.
 * @returns The values to store, keyed by field id, and the visible field ids; or the failure.
 *
 * @example
 * ```ts
 * const result = validateFieldValues(form, { [phoneFieldId]: '030 1234567' });
 * if (!result.ok) throw validationError(result.message);
 * result.values[phoneFieldId]; // '+49301234567' with defaultCountry 'DE'
 * ```
 */
export function validateFieldValues(
  form: SubmissionForm,
  data: Readonly<Record<string, unknown>>,
): FieldValuesResult {
  const ids = new Set(form.fields.map((field) => field.id));
  const unknown = Object.keys(data).find((key) => !ids.has(key));
  if (unknown !== undefined) return { ok: false, fieldId: unknown, message: M.unknownField(unknown) };

  const visible = visibleFieldIds(form.fields, data);
  const values: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (!visible.has(field.id)) continue;
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
  return { ok: true, values, visible };
}

/**
 * Step 6 of submit: each visible `privacy` field in `consent` mode needs the string `"true"`.
 *
 * @param form - The form's fields.
 * @param data - The submitted `data`, keyed by field id.
 * @param visible - The visible field ids ({@link validateFieldValues} found them).
 * @returns The consent values to store (`true` per consent field), or the first field without consent.
 *
 * @example
 * ```ts
 * const consent = checkConsent(form, body.data, fields.visible);
 * if (!consent.ok) throw validationError(consent.message); // 'Privacy policy must be accepted'
 * ```
 */
export function checkConsent(
  form: Pick<SubmissionForm, 'fields'>,
  data: Readonly<Record<string, unknown>>,
  visible: ReadonlySet<string>,
): { ok: true; values: Record<string, true> } | FieldProblem {
  const values: Record<string, true> = {};
  for (const field of form.fields) {
    if (field.type !== 'privacy' || field.mode !== 'consent' || !visible.has(field.id)) continue;
    if (ownValue(data, field.id) !== 'true')
      return { ok: false, fieldId: field.id, message: M.consent(field.label) };
    values[field.id] = true;
  }
  return { ok: true, values };
}
