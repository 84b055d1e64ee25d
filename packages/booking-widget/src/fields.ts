/**
 * The form's own fields, rendered from its definition: inputs by type, `required`, `showIf`
 * (a hidden field is neither shown nor sent), and a place for the service's message at each field.
 *
 * @module
 */
import type { PublicFormConfig } from '@leadbook/sdk/public-form';
import { h } from './dom';
import type { WidgetMessages } from './messages';

/** A field of the public form configuration. */
export type FormField = PublicFormConfig['fields'][number];
type Condition = NonNullable<FormField['showIf']>[number];

/** The fields the details step shows: not the booking field, nor the type (the time step chose it). */
const OWN_STEP = new Set(['booking-calendar', 'appointment-type']);

const filled = (v: unknown) => v !== undefined && v !== '' && v !== false;
const text = (v: unknown) => (v === undefined ? '' : String(v));

function holds(condition: Condition, value: unknown): boolean {
  const expected = condition.value;
  switch (condition.operator) {
    case 'equals':
      return text(value) === text(expected);
    case 'notEquals':
      return text(value) !== text(expected);
    case 'in':
      return (Array.isArray(expected) ? expected : [expected]).map(text).includes(text(value));
    case 'filled':
      return filled(value);
    case 'empty':
      return !filled(value);
  }
}

/** Whether `field` shows for `values` (as the service decides it: a hidden field counts as empty). */
export function isShown(
  field: FormField,
  values: Record<string, unknown>,
  byId: Map<string, FormField>,
): boolean {
  return (field.showIf ?? []).every((condition) => {
    const other = byId.get(condition.fieldId);
    const shown = other ? isShown(other, values, byId) : true;
    return holds(condition, shown ? values[condition.fieldId] : undefined);
  });
}

/** The rendered fields: their node, and a way to re-apply `showIf` and to show a message at a field. */
export interface RenderedFields {
  /** The fields' container. */
  node: HTMLElement;
  /** Re-evaluates which fields show. */
  refresh(): void;
  /**
   * Shows `message` at the field `fieldId` (the service's `details` name it), or else at the field
   * whose label it names; returns false when no shown field matches.
   */
  showMessage(message: string, fieldId?: string): boolean;
  /** Clears every field message. */
  clearMessages(): void;
}

/**
 * Renders the details fields into `values` (keyed by field id), starting from the values already
 * there (a visitor who changes the time keeps what they typed). Checkbox values are booleans, a
 * consent is the string `"true"`, everything else is text.
 */
export function renderFields(
  fields: readonly FormField[],
  values: Record<string, unknown>,
  t: WidgetMessages,
): RenderedFields {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const rows = new Map<string, { row: HTMLElement; message: HTMLElement; input: HTMLElement }>();
  const node = h('div', { part: 'fields', class: 'fields' });
  const refresh = () => {
    for (const [id, { row }] of rows) row.hidden = !isShown(byId.get(id)!, values, byId);
  };
  for (const field of fields) {
    if (OWN_STEP.has(field.type)) continue;
    if (field.type === 'hidden') {
      if (field.defaultValue !== undefined) values[field.id] = field.defaultValue;
      continue;
    }
    const id = `f-${field.id}`;
    const messageId = `${id}-msg`;
    const message = h('p', { id: messageId, class: 'field-error', part: 'field-error' });
    const common = {
      id,
      name: field.id,
      'aria-describedby': messageId,
      'aria-required': field.required ? 'true' : null,
    };
    const set = (value: unknown) => {
      values[field.id] = value;
      refresh();
    };
    const label = (...extra: (Node | string)[]) =>
      h(
        'label',
        { for: id },
        ...extra,
        field.label,
        field.required ? h('span', { class: 'req', 'aria-hidden': 'true' }, ' *') : null,
        field.required ? h('span', { class: 'sr' }, ` (${t.required})`) : null,
      );
    let input: HTMLElement;
    let row: HTMLElement;
    if (field.type === 'checkbox' || field.type === 'privacy') {
      const consent = field.type === 'privacy';
      input = h('input', {
        ...common,
        type: 'checkbox',
        checked: values[field.id] === true || values[field.id] === 'true',
        onchange: (e: Event) => {
          const on = (e.target as HTMLInputElement).checked;
          set(consent ? (on ? 'true' : '') : on);
        },
      });
      const link = field.privacyPolicyUrl
        ? h('a', { href: field.privacyPolicyUrl, target: '_blank', rel: 'noopener' }, t.readPolicy)
        : null;
      row = h(
        'div',
        { class: 'field check', part: 'field' },
        h('div', { class: 'row' }, label(input), link),
        message,
      );
    } else {
      const onInput = (e: Event) => set((e.target as HTMLInputElement).value);
      if (field.type === 'select') {
        input = h(
          'select',
          { ...common, onchange: onInput },
          h('option', { value: '' }, '—'),
          ...(field.options ?? []).map((o) =>
            h('option', { value: o.value, selected: values[field.id] === o.value }, o.label),
          ),
        );
      } else if (field.type === 'textarea') {
        input = h('textarea', {
          ...common,
          rows: 3,
          maxlength: field.maxLength,
          value: values[field.id],
          oninput: onInput,
        });
      } else {
        const type = field.type === 'number' ? 'number' : field.type;
        input = h('input', {
          ...common,
          type,
          autocomplete: type === 'email' ? 'email' : type === 'tel' ? 'tel' : null,
          placeholder: field.placeholder,
          maxlength: field.maxLength,
          min: field.min,
          max: field.max,
          value: values[field.id],
          oninput: onInput,
        });
      }
      row = h('div', { class: 'field', part: 'field' }, label(), input, message);
    }
    rows.set(field.id, { row, message, input });
    node.append(row);
  }
  refresh();
  // Longest label first, so `Email address` is not taken for `Email`.
  const byLabel = [...rows.keys()]
    .map((fid) => byId.get(fid)!)
    .sort((a, b) => b.label.length - a.label.length);
  return {
    node,
    refresh,
    showMessage(text, fieldId) {
      const shown = (id: string) => rows.has(id) && !rows.get(id)!.row.hidden;
      const id =
        fieldId && shown(fieldId) ? fieldId : byLabel.find((f) => text.includes(f.label) && shown(f.id))?.id;
      if (!id) return false;
      const { message, input } = rows.get(id)!;
      message.textContent = text;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return true;
    },
    clearMessages() {
      for (const { message, input } of rows.values()) {
        message.textContent = '';
        input.removeAttribute('aria-invalid');
      }
    },
  };
}
