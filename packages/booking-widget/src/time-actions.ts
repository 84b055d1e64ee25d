/**
 * The time step's transitions: what each thing the visitor does there changes, and whether the
 * appointment types or the month's slots load again.
 *
 * @module
 */
import type { PublicFormConfig, PublicSlot } from '@leadbook/sdk/public-form';
import { monthStart } from './calendar';
import type { TimeStepActions } from './time-step';
import type { TimeSelection } from './time-state';
import { dayOf, formatDay, isTimeZone } from './zones';

/** What the transitions need of the element. */
export interface TimeHost {
  selection(): TimeSelection;
  config(): PublicFormConfig;
  zone(): string;
  setZone(zone: string): void;
  /** Applies `change`, then loads the types (and the month) or the month; `focus` focuses the grid. */
  reload(change: () => void, types: boolean, focus?: boolean): void;
  /** Renders the step again; `focus` focuses the grid's day. */
  render(focus: boolean): void;
  /** Announces the chosen day in the live region. */
  announceDay(label: string): void;
  locale(): string;
  pick(slot: PublicSlot): void;
}

/** The actions the time step's view reports to. */
export function timeActions(host: TimeHost): TimeStepActions {
  return {
    studio: (id) =>
      host.reload(() => {
        const s = host.selection();
        s.studioId = id;
        s.calendarId = host.config().studios.find((x) => x.id === id)!.calendarIds[0]!;
      }, true),
    calendar: (id) => host.reload(() => (host.selection().calendarId = id), true),
    type: (id) => host.reload(() => (host.selection().typeId = id), false),
    zone: (zone) => {
      if (!isTimeZone(zone)) return;
      host.setZone(zone);
      host.reload(() => {}, false);
    },
    focus: (day) => {
      const s = host.selection();
      const today = dayOf(Date.now(), host.zone());
      s.focusDay = day < today ? today : day;
      if (monthStart(s.focusDay) !== s.month) {
        s.month = monthStart(s.focusDay);
        host.reload(() => {}, false, true);
      } else host.render(true);
    },
    choose: (day) => {
      const s = host.selection();
      s.selectedDay = s.focusDay = day;
      host.render(true);
      host.announceDay(formatDay(day, host.locale()));
    },
    pick: (slot) => host.pick(slot),
  };
}
