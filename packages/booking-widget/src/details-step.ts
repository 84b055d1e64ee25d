/**
 * The details step's view: the chosen time and how long it is held, the form's fields, the captcha
 * slot, and the submit button.
 *
 * @module
 */
import type { BookingHold } from '@leadbook/sdk/public-form';
import { h } from './dom';
import { renderFields, type FormField, type RenderedFields } from './fields';
import type { WidgetMessages } from './messages';
import { dayOf, formatDay, formatTime } from './zones';

/** What the details step shows. */
export interface DetailsStepState {
  t: WidgetMessages;
  locale: string;
  zone: string;
  hold: BookingHold;
  /** What the visitor is booking (the appointment type's name). */
  what: string;
  fields: readonly FormField[];
  values: Record<string, unknown>;
  /** Whether to place a `<slot name="captcha">` for the host's captcha widget. */
  captcha: boolean;
}

/** The rendered step. */
export interface DetailsStep {
  node: HTMLElement;
  fields: RenderedFields;
  /** The step's message line (`role=alert` lives on the element's own region). */
  submit: HTMLButtonElement;
}

/**
 * Renders the step. `onSubmit` runs on submit (the button or Enter), `onBack` on "Change time".
 */
export function detailsStep(s: DetailsStepState, onSubmit: () => void, onBack: () => void): DetailsStep {
  const { t, hold } = s;
  const start = Date.parse(hold.startDateTime);
  const expires = Date.parse(hold.expiresAt);
  const minutes = Math.max(1, Math.round((expires - Date.now()) / 60_000));
  const fields = renderFields(s.fields, s.values, t);
  const submit = h('button', { type: 'submit', class: 'primary', part: 'button submit' }, t.book);
  const node = h(
    'form',
    {
      class: 'step',
      novalidate: true,
      part: 'form',
      onsubmit: (e: Event) => {
        e.preventDefault();
        onSubmit();
      },
    },
    h('h2', { tabindex: -1 }, t.yourDetails),
    h(
      'p',
      { part: 'summary' },
      h('strong', {}, s.what),
      ' · ',
      formatDay(dayOf(start, s.zone), s.locale),
      ' · ',
      formatTime(start, s.zone, s.locale),
      ` (${s.zone})`,
    ),
    h(
      'p',
      { class: 'hold', part: 'hold', 'data-hold-id': hold.id },
      t.heldUntil(formatTime(expires, s.zone, s.locale), minutes),
    ),
    fields.node,
    s.captcha ? h('slot', { name: 'captcha' }) : null,
    h(
      'div',
      { class: 'actions' },
      submit,
      h('button', { type: 'button', part: 'button back', onclick: onBack }, t.changeTime),
    ),
  );
  return { node, fields, submit };
}
