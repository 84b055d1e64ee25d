/**
 * The confirmation view.
 *
 * @module
 */
import { h } from './dom';
import type { WidgetMessages } from './messages';
import { dayOf, formatDay, formatTime } from './zones';

/** Renders the confirmation of the booking starting `startDateTime`, with its reference. */
export function doneStep(
  t: WidgetMessages,
  locale: string,
  zone: string,
  startDateTime: string,
  submissionId: string,
): HTMLElement {
  const start = Date.parse(startDateTime);
  return h(
    'div',
    { class: 'step done', part: 'confirmation' },
    h('h2', { tabindex: -1 }, t.confirmed),
    h('p', {}, `${formatDay(dayOf(start, zone), locale)} · ${formatTime(start, zone, locale)} (${zone})`),
    h('p', {}, t.reference(submissionId)),
  );
}
