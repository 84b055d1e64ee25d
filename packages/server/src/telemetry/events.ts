/**
 * Counts committed automation events into metrics: a booking is counted once its event committed,
 * whichever surface or job made it.
 *
 * @module
 */
import type { EventOf } from '@leadbook/contract';
import type { Telemetry } from './instruments';

/**
 * A subscriber of `calendar.appointment.booked` that counts each committed booking in
 * `leadbook.bookings.created`, by trigger source.
 */
export function countBookings(telemetry: Telemetry): (event: EventOf<'calendar.appointment.booked'>) => void {
  return (event) => telemetry.bookingsCreated.add(1, { 'leadbook.trigger.source': event.trigger.source });
}
