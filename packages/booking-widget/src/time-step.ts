/**
 * The time step's view: pickers (studio, calendar, appointment type, the visitor's zone), the month
 * as a WAI-ARIA date grid, and the free times of the chosen day. It renders what it is given and
 * reports what the visitor does; the element owns the state and the requests.
 *
 * @module
 */
import type { PublicAppointmentType, PublicSlot } from '@leadbook/sdk/public-form';
import { addDays, addMonths, firstDayOfWeek, monthGrid, moveDay } from './calendar';
import { h } from './dom';
import type { WidgetMessages } from './messages';
import { formatDay, formatTime, timeZones } from './zones';

/** A choice of a picker. */
export interface Choice {
  /** Its value. */
  id: string;
  /** What the visitor reads. */
  name: string;
}

/** What the time step shows. */
export interface TimeStepState {
  t: WidgetMessages;
  locale: string;
  zone: string;
  /** The calendar's own zone, when known (the service's, or the host's label). */
  calendarZone: string | undefined;
  studios: Choice[];
  studioId: string;
  calendars: Choice[];
  calendarId: string;
  types: PublicAppointmentType[];
  typeId: string;
  /** First day of the shown month. */
  month: string;
  /** The day that holds the grid's tab stop. */
  focusDay: string;
  selectedDay: string | undefined;
  /** Free slots by day (in `zone`). */
  free: Map<string, PublicSlot[]>;
  /** Whether the previous and the next month may be shown. */
  canGoBack: boolean;
  canGoForward: boolean;
}

/** What the visitor does in the time step. */
export interface TimeStepActions {
  studio(id: string): void;
  calendar(id: string): void;
  type(id: string): void;
  zone(zone: string): void;
  /** Move the grid's focus to `day` (another month loads it first). */
  focus(day: string): void;
  /** Choose `day` (it has free times). */
  choose(day: string): void;
  pick(slot: PublicSlot): void;
}

const picker = (id: string, label: string, choices: Choice[], value: string, on: (v: string) => void) =>
  h(
    'div',
    {},
    h('label', { for: id }, label),
    h(
      'select',
      { id, onchange: (e: Event) => on((e.target as HTMLSelectElement).value) },
      ...choices.map((c) => h('option', { value: c.id, selected: c.id === value }, c.name)),
    ),
  );

/** Renders the pickers. */
function pickers(s: TimeStepState, a: TimeStepActions): HTMLElement {
  const { t } = s;
  const zones = h('datalist', { id: 'zones' }, ...timeZones().map((z) => h('option', { value: z })));
  const zoneInput = h('input', {
    id: 'zone',
    list: 'zones',
    value: s.zone,
    autocomplete: 'off',
    spellcheck: 'false',
    onchange: (e: Event) => a.zone((e.target as HTMLInputElement).value),
  });
  return h(
    'div',
    { class: 'pickers', part: 'pickers' },
    s.studios.length > 1 && picker('studio', t.studio, s.studios, s.studioId, a.studio),
    s.calendars.length > 1 && picker('calendar', t.calendar, s.calendars, s.calendarId, a.calendar),
    s.types.length > 1 &&
      picker(
        'type',
        t.appointmentType,
        s.types.map((x) => ({ id: x.id, name: `${x.name} (${x.duration} min)` })),
        s.typeId,
        a.type,
      ),
    h('div', {}, h('label', { for: 'zone' }, t.yourTimeZone), zoneInput, zones),
  );
}

/** Renders the month grid; `rtl` swaps the arrow keys. */
function grid(s: TimeStepState, a: TimeStepActions, rtl: boolean): HTMLElement {
  const firstDay = firstDayOfWeek(s.locale);
  const weeks = monthGrid(s.month, firstDay);
  const weekdays = [...Array(7)].map((_, i) => addDays('2024-01-01', (firstDay - 1 + i) % 7));
  const head = h(
    'tr',
    {},
    ...weekdays.map((d) =>
      h(
        'th',
        {
          scope: 'col',
          abbr: new Intl.DateTimeFormat(s.locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.parse(d)),
        },
        new Intl.DateTimeFormat(s.locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.parse(d)),
      ),
    ),
  );
  const cell = (day: string | null) => {
    if (!day) return h('td', {});
    const free = s.free.has(day);
    return h(
      'td',
      {
        role: 'gridcell',
        part: free ? 'day day-free' : 'day',
        'data-day': day,
        'data-free': free,
        tabindex: day === s.focusDay ? 0 : -1,
        'aria-selected': day === s.selectedDay ? 'true' : 'false',
        'aria-disabled': free ? null : 'true',
        'aria-label': `${formatDay(day, s.locale)}${free ? `, ${s.t.hasTimes}` : ''}`,
        onclick: () => (free ? a.choose(day) : a.focus(day)),
      },
      String(Number(day.slice(8))),
    );
  };
  const table = h(
    'table',
    {
      role: 'grid',
      'aria-labelledby': 'month-label',
      part: 'calendar',
      onkeydown: (e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          if (s.free.has(s.focusDay)) a.choose(s.focusDay);
          return;
        }
        const target = moveDay(s.focusDay, e.key, { rtl, firstDay, shift: e.shiftKey });
        if (!target) return;
        e.preventDefault();
        a.focus(target);
      },
    },
    h('thead', {}, head),
    h('tbody', {}, ...weeks.map((week) => h('tr', {}, ...week.map(cell)))),
  );
  const monthName = formatDay(s.month, s.locale, 'month');
  return h(
    'div',
    { class: 'grid' },
    h(
      'div',
      { class: 'month' },
      h(
        'button',
        {
          type: 'button',
          'aria-label': s.t.previousMonth,
          disabled: !s.canGoBack,
          onclick: () => a.focus(addMonths(s.month, -1)),
        },
        h('span', { class: 'arrow', 'aria-hidden': 'true' }, '‹'),
      ),
      h('h3', { id: 'month-label', 'aria-live': 'polite' }, monthName),
      h(
        'button',
        {
          type: 'button',
          'aria-label': s.t.nextMonth,
          disabled: !s.canGoForward,
          onclick: () => a.focus(addMonths(s.month, 1)),
        },
        h('span', { class: 'arrow', 'aria-hidden': 'true' }, '›'),
      ),
    ),
    table,
  );
}

/** Renders the free times of the chosen day. */
function times(s: TimeStepState, a: TimeStepActions): HTMLElement {
  const { t } = s;
  const day = s.selectedDay;
  const slots = day ? (s.free.get(day) ?? []) : [];
  return h(
    'section',
    { class: 'times', part: 'times', 'aria-labelledby': 'times-label' },
    h('h3', { id: 'times-label' }, day ? t.timesOn(formatDay(day, s.locale)) : t.chooseTime),
    day && slots.length === 0 ? h('p', {}, t.noTimes) : null,
    h(
      'ul',
      {},
      ...slots.map((slot) =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', part: 'time', 'data-start': slot.startDateTime, onclick: () => a.pick(slot) },
            formatTime(Date.parse(slot.startDateTime), s.zone, s.locale),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'zone' },
      `${t.yourTimeZone}: ${s.zone}`,
      s.calendarZone && s.calendarZone !== s.zone ? h('br') : null,
      s.calendarZone && s.calendarZone !== s.zone ? t.calendarTimeZone(s.calendarZone) : null,
    ),
  );
}

/**
 * Renders the whole time step.
 *
 * @returns The step's node; its heading has `tabindex=-1` for focus on arrival.
 */
export function timeStep(s: TimeStepState, a: TimeStepActions, rtl: boolean): HTMLElement {
  return h(
    'div',
    { class: 'step' },
    h('h2', { tabindex: -1 }, s.t.chooseTime),
    pickers(s, a),
    h('div', { class: 'layout' }, grid(s, a, rtl), times(s, a)),
  );
}
