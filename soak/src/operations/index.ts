/**
 * The operations of the load, each one user action over HTTP: availability searches, bookings with
 * an `Idempotency-Key` (retried with the same key, and sometimes sent twice on purpose), holds and
 * bookings of held places, reschedules, deletes, leads, form submits and ingress posts on the
 * planner organization, and near bookings on the legacy desk (seconds ahead, so their timers fire
 * during the run), some moved or deleted before they start.
 *
 * @module
 */
import type { Operation } from './context';
import { ingress, lead, submit } from './leads';
import { nearBooking, nearChange } from './near';
import { availability, holdThenBook, plannerBooking, plannerDelete, plannerReschedule } from './planner';

export type { Operation, OperationContext } from './context';

/** The mix: each operation with its weight. */
export const OPERATIONS = {
  availability: { weight: 20, run: availability },
  book: { weight: 18, run: plannerBooking },
  holdThenBook: { weight: 8, run: holdThenBook },
  reschedule: { weight: 8, run: plannerReschedule },
  delete: { weight: 10, run: plannerDelete },
  nearBooking: { weight: 10, run: nearBooking },
  nearChange: { weight: 4, run: nearChange },
  lead: { weight: 6, run: lead },
  submit: { weight: 6, run: submit },
  ingress: { weight: 8, run: ingress },
} as const satisfies Record<string, { weight: number; run: Operation }>;
