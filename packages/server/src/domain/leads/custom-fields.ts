/**
 * Validation of `customFieldData` against a pool's custom fields.
 *
 * @module
 */
import { ErrorMessages, LocalDateSchema, type ValidationIssue } from '@leadbook/contract';
import type { CustomFieldRecord } from '../../ports/records';

function valueProblem(field: CustomFieldRecord, value: unknown): string | null {
  if (value === null) return null;
  const options = field.options ?? [];
  switch (field.type) {
    case 'text':
      return typeof value === 'string' ? null : 'must be a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be a boolean';
    case 'date':
      return LocalDateSchema.safeParse(value).success ? null : 'must be a date yyyy-MM-dd';
    case 'select':
      return typeof value === 'string' && options.includes(value)
        ? null
        : `must be one of: ${options.join(', ')}`;
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && options.includes(item))
        ? null
        : `must be a list of: ${options.join(', ')}`;
  }
}

/**
 * Checks custom-field values: every key must be the id of one of the pool's custom fields and every
 * value must fit that field's type (`null` clears a value). Returns the issues, empty when valid.
 *
 * @param pathPrefix - prefix of each issue path, such as `body.customFieldData`
 */
export function checkCustomFieldData(
  fields: readonly CustomFieldRecord[],
  data: Readonly<Record<string, unknown>>,
  pathPrefix: string,
): ValidationIssue[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(data)) {
    const field = byId.get(key);
    const path = `${pathPrefix}.${key}`;
    if (!field) {
      issues.push({ path, message: `${ErrorMessages.unknownCustomField}: ${key}` });
      continue;
    }
    const problem = valueProblem(field, data[key]);
    if (problem) issues.push({ path, message: `${field.name} ${problem}` });
  }
  return issues;
}
