/**
 * What the receiver does with each event: here, one line per event. A real integration would
 * update its CRM, send a reminder, bill a no-show, ... Keep the work short or queue it: the service
 * waits at most 10 s for an answer and counts a slow one as failed.
 */
import {
  isAppointmentBooked,
  isAppointmentDeleted,
  isAppointmentEnded,
  isAppointmentStarted,
  isLeadStateChanged,
  isTableEntryAdded,
  isWebhookPing,
  type WebhookEvent,
} from '@leadbook/sdk';

/** A line saying what happened, for each of the six events and the ping. */
export function describeEvent(event: WebhookEvent): string {
  if (isTableEntryAdded(event))
    return `new lead ${event.data.payload.entry.id} in pool ${event.data.payload.entry.tableId}`;
  if (isLeadStateChanged(event)) {
    const { entry, previousLeadStateId, leadStateId } = event.data.payload;
    return `lead ${entry.id} moved from ${previousLeadStateId ?? '(none)'} to ${leadStateId}`;
  }
  if (isAppointmentBooked(event)) {
    const { booking } = event.data.payload;
    return `appointment ${booking.id} booked for ${booking.startDateTime}`;
  }
  if (isAppointmentStarted(event)) return `appointment ${event.data.payload.booking.id} has started`;
  if (isAppointmentEnded(event)) return `appointment ${event.data.payload.booking.id} has ended`;
  if (isAppointmentDeleted(event)) return `appointment ${event.data.payload.booking.id} was deleted`;
  if (isWebhookPing(event)) return `ping for subscription ${event.data.subscriptionId}`;
  // A type this receiver does not know yet (a newer service): acknowledge it, do nothing.
  return `ignored ${(event as { type: string }).type}`;
}
