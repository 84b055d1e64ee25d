/**
 * What the receiver does with each event: here, one line per event. A real integration would
 * update its CRM, send a reminder, bill a no-show, ... Keep the work short or queue it: the service
 * waits at most 10 s for an answer and counts a slow one as failed.
 */
import type { ReceivedWebhookEvent } from '@leadbook/sdk';

/** A line saying what happened, for each event type and the ping. */
export function describeEvent(event: ReceivedWebhookEvent): string {
  switch (event.type) {
    case 'table.entry.added':
      return `new lead ${event.data.payload.entry.id} in pool ${event.data.payload.entry.tableId}`;
    case 'table.entry.leadState.changed': {
      const { entry, previousLeadStateId, leadStateId } = event.data.payload;
      return `lead ${entry.id} moved from ${previousLeadStateId ?? '(none)'} to ${leadStateId}`;
    }
    case 'calendar.appointment.booked': {
      const { booking } = event.data.payload;
      return `appointment ${booking.id} booked for ${booking.startDateTime}`;
    }
    case 'calendar.appointment.rescheduled': {
      const { booking, previous } = event.data.payload;
      return `appointment ${booking.id} moved from ${previous.startDateTime} to ${booking.startDateTime}`;
    }
    case 'calendar.appointment.hasStarted':
      return `appointment ${event.data.payload.booking.id} has started`;
    case 'calendar.appointment.hasEnded':
      return `appointment ${event.data.payload.booking.id} has ended`;
    case 'calendar.appointment.deleted':
      return `appointment ${event.data.payload.booking.id} was deleted`;
    case 'calendar.appointment.meetingCreated':
      return `appointment ${event.data.payload.booking.id} has its meeting: ${event.data.payload.booking.meetingUrl}`;
    case 'calendar.appointment.meetingFailed':
      return `appointment ${event.data.payload.booking.id} has no meeting: ${event.data.payload.reason}`;
    case 'calendar.appointment.notificationFailed': {
      const { booking, notification } = event.data.payload;
      return `appointment ${booking.id}: ${notification.kind} email not sent (${notification.reason})`;
    }
    case 'calendar.appointment.calendarEventFailed': {
      const { booking, calendarEvent } = event.data.payload;
      return `appointment ${booking.id}: its calendar event could not be ${calendarEvent.operation}d (${calendarEvent.reason})`;
    }
    case 'webhook.ping':
      return `ping for subscription ${event.data.subscriptionId}`;
    default:
      // A type the service added after this SDK version: acknowledge it, do nothing.
      return `ignored ${event.type}`;
  }
}
