/**
 * The checks of what fired and was sent: booking timers exactly once, every event delivered once
 * (by `webhook-id`).
 *
 * @module
 */
import {
  group,
  iso,
  result,
  type AckedBooking,
  type CheckResult,
  type DatabaseState,
  type ReceivedDelivery,
  type StoredEvent,
} from './types';

const TIMERS = [
  { type: 'calendar.appointment.hasStarted', at: (b: { startMs: number }) => b.startMs },
  { type: 'calendar.appointment.hasEnded', at: (b: { endMs: number }) => b.endMs },
] as const;

/**
 * `hasStarted` and `hasEnded` fired exactly once for each stored booking whose time is at or before
 * `dueBy`, and not yet for the others; never for a booking whose deletion was acknowledged before
 * the time.
 */
export function checkTimers(db: DatabaseState, deleted: readonly AckedBooking[], dueBy: number): CheckResult {
  const fired = new Map<string, number>();
  for (const event of db.events) {
    if (event.bookingId)
      fired.set(`${event.type} ${event.bookingId}`, (fired.get(`${event.type} ${event.bookingId}`) ?? 0) + 1);
  }
  const count = (type: string, id: string) => fired.get(`${type} ${id}`) ?? 0;
  const problems: string[] = [];
  let due = 0;
  for (const booking of db.bookings) {
    for (const timer of TIMERS) {
      const n = count(timer.type, booking.id);
      if (timer.at(booking) <= dueBy) {
        due++;
        if (n !== 1) problems.push(`booking ${booking.id}: ${timer.type} fired ${n} times`);
      } else if (n > 0) {
        problems.push(`booking ${booking.id}: ${timer.type} fired before ${iso(timer.at(booking))}`);
      }
    }
  }
  for (const booking of deleted) {
    if (booking.state !== 'deleted' || booking.deletedAtMs === null || booking.uncertain) continue;
    for (const timer of TIMERS) {
      const n = count(timer.type, booking.id);
      if (booking.deletedAtMs < timer.at(booking) && n > 0) {
        problems.push(`booking ${booking.id}: deleted before its time, yet ${timer.type} fired ${n} times`);
      }
    }
  }
  return result(
    'hasStarted/hasEnded not fired exactly once',
    problems,
    `${problems.length} (${due} timers due on surviving bookings)`,
  );
}

/**
 * Every event of the activity log reached the receiver, as one delivery: retries carry the same
 * `webhook-id`, so deduplicating on it leaves exactly one per event. Refused signatures fail too.
 */
export function checkDeliveries(
  events: readonly StoredEvent[],
  received: readonly ReceivedDelivery[],
  refused: number,
): CheckResult {
  const byEvent = new Map<string, ReceivedDelivery[]>();
  for (const delivery of received) group(byEvent, delivery.eventId, delivery);
  const problems: string[] = [];
  for (const event of events) {
    const deliveries = byEvent.get(event.id) ?? [];
    if (deliveries.length === 0) problems.push(`event ${event.id} (${event.type}): never delivered`);
    if (deliveries.length > 1) {
      problems.push(
        `event ${event.id} (${event.type}): ${deliveries.length} deliveries with distinct webhook-ids`,
      );
    }
  }
  if (refused > 0) problems.push(`${refused} deliveries failed signature verification`);
  const repeats = received.reduce((sum, delivery) => sum + delivery.count - 1, 0);
  return result(
    'events not delivered once (by webhook-id)',
    problems,
    `${problems.length} (${events.length} events; ${repeats} repeated deliveries deduplicated)`,
  );
}
