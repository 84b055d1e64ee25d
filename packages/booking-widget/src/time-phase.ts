/**
 * The time phase: loads the chosen calendar's appointment types and the shown month's free slots,
 * renders the time step, and places a hold on the time the visitor picks.
 *
 * @module
 */
import type {
  BookingHold,
  PublicAppointmentType,
  PublicCalendar,
  PublicFormClient,
  PublicFormConfig,
  PublicSlot,
} from '@leadbook/sdk/public-form';
import type { DescribedError } from './error-message';
import type { FormField } from './fields';
import type { WidgetMessages } from './messages';
import { monthRange, slotsByDay } from './month';
import { timeActions } from './time-actions';
import {
  applyMonth,
  applyTypes,
  calendarChoices,
  scopeOf,
  timeStepState,
  type TimeSelection,
} from './time-state';
import { timeStep, type TimeStepActions } from './time-step';
import type { BookingStep, CalendarLabels } from './types';

/** What the time phase needs of the element. */
export interface TimeHost {
  /** The element: its direction decides the grid's arrow keys. */
  readonly element: HTMLElement;
  /** The element's shadow root, where the focus is kept. */
  readonly root: ShadowRoot;
  client(): PublicFormClient;
  config(): PublicFormConfig;
  /** The form's booking field. */
  booking(): FormField;
  /** The host page's calendar labels (they override the service's). */
  labels(): CalendarLabels;
  view(): { t: WidgetMessages; locale: string; zone: string };
  setZone(zone: string): void;
  show(node: HTMLElement, step: BookingStep): void;
  /** Reports an error to the visitor and the page; says what it was. */
  fail(error: unknown): DescribedError;
  /** Sets the element's message line. */
  say(text: string): void;
  announce(text: string): void;
  /** A hold was placed: the details phase takes over. */
  held(hold: BookingHold): void;
}

/** The time phase of one element. */
export class TimePhase {
  /** The visitor's choices and the month's free slots; `undefined` until the form loaded. */
  selection: TimeSelection | undefined;
  readonly #host: TimeHost;
  readonly #actions: TimeStepActions;
  #known = new Map<string, PublicCalendar>();
  #types: PublicAppointmentType[] = [];
  #loads = 0;

  /** @param host - What the phase needs of the element. */
  constructor(host: TimeHost) {
    this.#host = host;
    this.#actions = timeActions({
      selection: () => this.selection!,
      config: () => host.config(),
      zone: () => host.view().zone,
      setZone: (zone) => host.setZone(zone),
      reload: (change, types, focus) => this.reload(change, types, focus),
      render: (focus) => this.#render(focus),
      announceDay: (day) => host.announce(host.view().t.timesOn(day)),
      locale: () => host.view().locale,
      pick: (slot) => void this.#pick(slot),
    });
  }

  /** Starts on `selection`, with the calendars the service named; loads the types and the month. */
  begin(selection: TimeSelection, known: readonly PublicCalendar[]): Promise<void> {
    this.selection = selection;
    this.#known = new Map(known.map((c) => [c.id, c]));
    return this.#loadTypes();
  }

  /** The name of an appointment type of the chosen calendar. */
  typeName(id: string): string {
    return this.#types.find((x) => x.id === id)?.name ?? '';
  }

  /** Applies `change`, then loads the types (and the month) or the month; `focus` focuses the grid. */
  reload(change: () => void, types: boolean, focus = false): void {
    change();
    this.#host.say('');
    (types ? this.#loadTypes() : this.#loadMonth(focus)).catch((e: unknown) => this.#host.fail(e));
  }

  async #loadTypes(): Promise<void> {
    const host = this.#host;
    const s = this.selection!;
    const nameOf = (id: string) => host.labels()[id]?.name ?? this.#known.get(id)?.name;
    s.calendars = calendarChoices(host.config(), s.studioId, nameOf, host.view().t);
    this.#types = await host.client().appointmentTypes(scopeOf(s, host.booking().id));
    applyTypes(s, this.#types);
    await this.#loadMonth();
  }

  /** Loads the free slots of the shown month (within the form's `searchDays`) and renders the step. */
  async #loadMonth(focus = false): Promise<void> {
    const host = this.#host;
    const s = this.selection!;
    const { t, zone } = host.view();
    const load = ++this.#loads;
    const range = monthRange(s.month, zone, Date.now(), host.booking().bookingConfig?.searchDays);
    host.announce(t.loading);
    const { data } =
      s.typeId && range
        ? await host.client().slots({
            ...scopeOf(s, host.booking().id),
            appointmentTypeId: s.typeId,
            ...range,
            onlyAvailable: true,
          })
        : { data: [] };
    const free = slotsByDay(data, zone);
    if (load !== this.#loads) return;
    applyMonth(s, free, focus);
    host.announce('');
    this.#render(focus);
  }

  #render(focus: boolean): void {
    const host = this.#host;
    const rtl = getComputedStyle(host.element).direction === 'rtl';
    const s = this.selection!;
    const calendarZone = host.labels()[s.calendarId]?.timeZone ?? this.#known.get(s.calendarId)?.timeZone;
    const view = { ...host.view(), calendarZone };
    const state = timeStepState(s, view, Date.now(), host.booking().bookingConfig?.searchDays);
    // A picker keeps its focus across the re-render; a grid move focuses the day.
    const active = host.root.activeElement?.id;
    host.show(timeStep(state, this.#actions, rtl), 'time');
    const target = focus ? host.root.querySelector<HTMLElement>(`[data-day="${state.focusDay}"]`) : null;
    (target ?? (active ? host.root.getElementById(active) : null))?.focus();
  }

  async #pick(slot: PublicSlot): Promise<void> {
    const host = this.#host;
    const s = this.selection!;
    host.say('');
    host.announce(host.view().t.loading);
    let hold: BookingHold;
    try {
      hold = await host.client().hold({
        ...scopeOf(s, host.booking().id),
        appointmentTypeId: s.typeId,
        startDateTime: slot.startDateTime,
        endDateTime: slot.endDateTime,
      });
    } catch (error) {
      const { slotTaken, message } = host.fail(error);
      if (slotTaken) {
        // Back to the day's times, refreshed; the reload clears the message line, so set it after.
        this.reload(() => {}, false);
        host.say(message);
      }
      return;
    }
    host.announce('');
    host.held(hold);
  }
}
