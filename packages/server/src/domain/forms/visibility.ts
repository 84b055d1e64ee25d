/**
 * `showIf` evaluation: which fields of a form a submission shows. A field is shown when all its
 * conditions hold; a condition on a hidden field sees that field's value as empty, so hiding
 * propagates along the dependency chain.
 *
 * @module
 */
import type { FormField, ShowIf } from '@leadbook/contract';

/**
 * Whether a submitted value counts as filled: not `undefined`, `null`, `''`, `[]` or `false`.
 *
 * @param value - A submitted value.
 */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false;
  return !(Array.isArray(value) && value.length === 0);
}

// Values compare as text. An object (never in a validated submission, but the function takes any
// JSON) compares as its JSON: `String()` would call its own `toString`, which may not be a function.
const asText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function equalsCondition(value: unknown, expected: unknown): boolean {
  const wanted = asText(expected);
  return Array.isArray(value) ? value.some((item) => asText(item) === wanted) : asText(value) === wanted;
}

function inCondition(value: unknown, expected: unknown): boolean {
  const allowed = new Set((Array.isArray(expected) ? expected : [expected]).map(asText));
  return Array.isArray(value) ? value.some((item) => allowed.has(asText(item))) : allowed.has(asText(value));
}

/**
 * Whether one condition holds for the value of the field it refers to.
 *
 * @param condition - The condition.
 * @param value - The referenced field's value (`undefined` when that field is hidden).
 */
export function conditionHolds(condition: ShowIf, value: unknown): boolean {
  switch (condition.operator) {
    case 'equals':
      return equalsCondition(value, condition.value);
    case 'notEquals':
      return !equalsCondition(value, condition.value);
    case 'in':
      return inCondition(value, condition.value);
    case 'filled':
      return isFilled(value);
    case 'empty':
      return !isFilled(value);
  }
}

/**
 * The ids of fields that lie on a `showIf` cycle, a field referring to itself included. Unknown
 * references are no edges.
 *
 * @param fields - The form's fields.
 */
export function fieldsOnShowIfCycles(fields: readonly FormField[]): Set<string> {
  const edges = new Map<string, string[]>();
  for (const field of fields) {
    if (edges.has(field.id)) continue;
    edges.set(
      field.id,
      (field.showIf ?? []).map((condition) => condition.fieldId),
    );
  }
  const onCycle = new Set<string>();
  for (const start of edges.keys()) {
    // A field is on a cycle when a walk from its dependencies comes back to it.
    const seen = new Set<string>();
    const pending = [...(edges.get(start) ?? [])];
    while (pending.length > 0) {
      const next = pending.pop() as string;
      if (next === start) {
        onCycle.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(...(edges.get(next) ?? []));
    }
  }
  return onCycle;
}

/**
 * The ids of the fields a submission shows. Fields on a `showIf` cycle are hidden (the definition
 * check refuses cycles, this keeps evaluation total). A reference to an unknown field sees an
 * empty value.
 *
 * @param fields - The form's fields.
 * @param data - The submitted values keyed by field id.
 * @returns The ids of the visible fields.
 */
export function visibleFieldIds(
  fields: readonly FormField[],
  data: Readonly<Record<string, unknown>>,
): Set<string> {
  const byId = new Map<string, FormField>();
  for (const field of fields) if (!byId.has(field.id)) byId.set(field.id, field);
  const cyclic = fieldsOnShowIfCycles(fields);
  const memo = new Map<string, boolean>();

  const isVisible = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const field = byId.get(id);
    let visible = field !== undefined && !cyclic.has(id);
    if (field && visible) {
      // Acyclic from here on, so the recursion terminates; depth is bounded by the field count.
      visible = (field.showIf ?? []).every((condition) => {
        const value = isVisible(condition.fieldId) ? ownValue(data, condition.fieldId) : undefined;
        return conditionHolds(condition, value);
      });
    }
    memo.set(id, visible);
    return visible;
  };

  return new Set([...byId.keys()].filter(isVisible));
}

/** Reads an own property only, so keys like `__proto__` or `constructor` stay plain data. */
export function ownValue(data: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}
