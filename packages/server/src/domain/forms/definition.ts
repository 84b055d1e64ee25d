/**
 * The checks a form definition must pass when it is saved, beyond its zod schema: problems that
 * would make submissions unanswerable or slow.
 *
 * @module
 */
import type { FormField } from '@leadbook/contract';
import { DefinitionMessages as M } from './messages';
import { compileFieldPattern, isPatternSafe } from './regex-safety';
import { fieldsOnShowIfCycles } from './visibility';

function duplicates(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of keys) (seen.has(key) ? repeated : seen).add(key);
  return [...repeated];
}

function showIfProblems(fields: readonly FormField[]): string[] {
  const ids = new Set(fields.map((field) => field.id));
  const cyclic = fieldsOnShowIfCycles(fields);
  return fields.flatMap((field) => {
    const problems: string[] = [];
    const references = (field.showIf ?? []).map((condition) => condition.fieldId);
    for (const id of references) if (!ids.has(id)) problems.push(M.showIfUnknown(field.label, id));
    if (references.includes(field.id)) problems.push(M.showIfSelf(field.label));
    // A self-reference is reported above; a cycle message would only repeat it.
    else if (cyclic.has(field.id)) problems.push(M.showIfCycle(field.label));
    return problems;
  });
}

function fieldProblems(field: FormField): string[] {
  const problems: string[] = [];
  const { label } = field;
  if (field.pattern !== undefined) {
    if (compileFieldPattern(field.pattern) === null) problems.push(M.patternInvalid(label));
    else if (!isPatternSafe(field.pattern)) problems.push(M.patternUnsafe(label));
  }
  if (field.type === 'select' && (field.options ?? []).length === 0)
    problems.push(M.selectWithoutOptions(label));
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
    problems.push(M.lengthRange(label));
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max)
    problems.push(M.valueRange(label));
  if (field.type === 'privacy' && field.mode !== 'consent') problems.push(M.privacyMode(label));
  const allowed = field.allowedAppointmentTypes ?? [];
  if (allowed.includes('*') && allowed.some((id) => id !== '*')) problems.push(M.wildcardMix(label));
  return problems;
}

/**
 * One allowlist per form: with a booking field present, its list decides, so a list on
 * an appointment-type field would be one the widget and submit silently ignore.
 */
function typeFieldListProblems(fields: readonly FormField[]): string[] {
  if (!fields.some((field) => field.type === 'booking-calendar')) return [];
  return fields
    .filter((field) => field.type === 'appointment-type' && field.allowedAppointmentTypes !== undefined)
    .map((field) => M.typeFieldList(field.label));
}

/**
 * Lists what makes a form definition invalid when it is saved: duplicate field ids or data keys
 * (`dataKey ?? id`), `showIf` references to unknown fields, to the field itself or in a cycle,
 * patterns that do not compile as `u` regular expressions or can backtrack catastrophically,
 * `select` fields without options, `minLength > maxLength`, `min > max`, `privacy` fields without
 * `mode: 'consent'`, `allowedAppointmentTypes` mixing `'*'` with ids, and an appointment-type field
 * with its own `allowedAppointmentTypes` on a form with a booking-calendar field (whose list decides).
 *
 * @param fields - The fields of the form being saved.
 * @returns Every problem found, as console-facing messages; empty when the definition is fine.
 *
 * @example
 * ```ts
 * const problems = checkFormDefinition(form.fields);
 * if (problems.length > 0) {
 *   throw validationError('Invalid form', problems.map((message) => ({ path: 'fields', message })));
 * }
 * ```
 */
export function checkFormDefinition(fields: readonly FormField[]): string[] {
  return [
    ...duplicates(fields.map((field) => field.id)).map(M.duplicateId),
    // One field per id, so a repeated id is not reported a second time as a repeated data key.
    ...duplicates([...new Map(fields.map((field) => [field.id, field.dataKey ?? field.id])).values()]).map(
      M.duplicateDataKey,
    ),
    ...showIfProblems(fields),
    ...fields.flatMap(fieldProblems),
    ...typeFieldListProblems(fields),
  ];
}
