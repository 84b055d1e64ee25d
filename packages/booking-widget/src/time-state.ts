/**
 * The time step's state: what the element keeps between renders (the visitor's choices and the
 * month's free slots), how it starts from the form and the element's attributes, and what the view
 * is given.
 *
 * @module
 */
import type { PublicFormConfig } from '@leadbook/sdk/public-form';
import { addMonths, monthStart } from './calendar';
import type { WidgetMessages } from './messages';
import { lastOffered } from './month';
import type { Choice, TimeStepState } from './time-step';
import { dayOf } from './zones';

/** What the element keeps of the time step; the rest of {@link TimeStepState} is derived. */
export type TimeSelection = Omit<
  TimeStepState,
  't' | 'locale' | 'zone' | 'calendarZone' | 'canGoBack' | 'canGoForward'
>;

/** The element's preselecting attributes (`null` when absent). */
export interface Preselection {
  studio: string | null;
  calendar: string | null;
  appointmentType: string | null;
  /** `YYYY-MM-DD`; a day before today (in `zone`) or garbled opens today. */
  date: string | null;
}

/**
 * The first selection: the preselected studio (or the calendar's, or the first), calendar and
 * appointment type when the form has them, and the month of the preselected day or of today.
 */
export function initialSelection(
  config: PublicFormConfig,
  pre: Preselection,
  zone: string,
  now: number,
): TimeSelection {
  const { calendar } = pre;
  const studio =
    config.studios.find((s) => s.id === pre.studio) ??
    config.studios.find((s) => calendar && s.calendarIds.includes(calendar)) ??
    config.studios[0]!;
  const date = pre.date ?? '';
  const today = dayOf(now, zone);
  const day = /^\d{4}-\d\d-\d\d$/.test(date) && date >= today ? date : today;
  return {
    studios: config.studios.map(({ id, name }) => ({ id, name })),
    studioId: studio.id,
    calendars: [],
    calendarId: calendar && studio.calendarIds.includes(calendar) ? calendar : studio.calendarIds[0]!,
    types: [],
    typeId: pre.appointmentType ?? '',
    month: monthStart(day),
    focusDay: day,
    selectedDay: pre.date ? day : undefined,
    free: new Map(),
  };
}

/**
 * The calendars of the chosen studio for the picker: named by `nameOf` (the host's label, then the
 * service's name), or numbered.
 */
export function calendarChoices(
  config: PublicFormConfig,
  studioId: string,
  nameOf: (id: string) => string | undefined,
  t: WidgetMessages,
): Choice[] {
  const studio = config.studios.find((s) => s.id === studioId)!;
  return studio.calendarIds.map((id, i) => ({ id, name: nameOf(id) ?? `${t.calendar} ${i + 1}` }));
}

/** What the view is given: the selection with the messages, zones, and how far the months go. */
export function timeStepState(
  s: TimeSelection,
  view: { t: WidgetMessages; locale: string; zone: string; calendarZone: string | undefined },
  now: number,
  searchDays: number | undefined,
): TimeStepState {
  const today = dayOf(now, view.zone);
  const lastDay = dayOf(lastOffered(now, searchDays), view.zone);
  return {
    ...s,
    ...view,
    canGoBack: s.month > today,
    canGoForward: addMonths(s.month, 1) <= lastDay,
  };
}

/** Where the time step's requests look: the chosen calendar and studio, and the booking field. */
export const scopeOf = (s: TimeSelection, fieldId: string) => ({
  calendarId: s.calendarId,
  studioId: s.studioId,
  fieldId,
});

/** Takes the calendar's appointment types; a chosen type it does not offer gives way to its first. */
export function applyTypes(s: TimeSelection, types: TimeSelection['types']): void {
  s.types = types;
  if (!types.some((t) => t.id === s.typeId)) s.typeId = types[0]?.id ?? '';
}

/**
 * Takes the month's free slots by day; with no day chosen (and the grid not being moved), the
 * month's first free day is chosen.
 */
export function applyMonth(s: TimeSelection, free: TimeSelection['free'], moving: boolean): void {
  s.free = free;
  if (s.selectedDay || moving) return;
  const first = [...free.keys()].sort()[0];
  if (first?.startsWith(s.month.slice(0, 8))) s.selectedDay = s.focusDay = first;
}
