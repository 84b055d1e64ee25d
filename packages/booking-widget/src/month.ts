/**
 * What a month view asks the service for, and how it sorts the answer: the range of a month in the
 * visitor's zone that the form offers, and the free slots by the visitor's day.
 *
 * @module
 */
import type { PublicSlot } from '@leadbook/sdk/public-form';
import { addMonths } from './calendar';
import { dayOf, startOfDay } from './zones';

const DAY_MS = 86_400_000;

/** The form's booking window: from `now`, `searchDays` days ahead (the form's default is 14). */
export function lastOffered(now: number, searchDays = 14): number {
  return now + searchDays * DAY_MS;
}

/**
 * The instants to search for the month starting `month` (`YYYY-MM-01`) in `zone`: from its first
 * midnight (or `now`, if later) to the next month's (or the end of the form's window, if sooner).
 * `null` when nothing of the month is offered. One month is at most 31 days, well within the
 * service's 92-day bound on a search.
 */
export function monthRange(
  month: string,
  zone: string,
  now: number,
  searchDays?: number,
): { start: Date; end: Date } | null {
  const from = Math.max(now, startOfDay(month, zone));
  const to = Math.min(lastOffered(now, searchDays), startOfDay(addMonths(month, 1), zone));
  return to > from ? { start: new Date(from), end: new Date(to) } : null;
}

/** The slots by the day (`YYYY-MM-DD`) they start on in `zone`, in the order given. */
export function slotsByDay(slots: readonly PublicSlot[], zone: string): Map<string, PublicSlot[]> {
  const days = new Map<string, PublicSlot[]>();
  for (const slot of slots) {
    const day = dayOf(Date.parse(slot.startDateTime), zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return days;
}
