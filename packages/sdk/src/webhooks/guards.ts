/**
 * Type guards of webhook events: one per event type, and {@link isWebhookEventType} for any type.
 *
 * @module
 */
import type { WebhookEvent } from '@leadbook/contract/types';
import type { WebhookEventOf, WebhookEventType } from './event-types';

/**
 * Whether `event` is of `type`; narrows it to that type's envelope.
 *
 * @example
 * ```ts
 * if (isWebhookEventType(event, 'table.entry.leadState.changed')) console.log(event.data.payload.leadStateId);
 * ```
 */
export function isWebhookEventType<T extends WebhookEventType>(
  event: WebhookEvent,
  type: T,
): event is WebhookEventOf<T> {
  return event.type === type;
}

/** Whether `event` is `table.entry.added`: a lead was created (`data.payload.entry`). */
export const isTableEntryAdded = (event: WebhookEvent): event is WebhookEventOf<'table.entry.added'> =>
  isWebhookEventType(event, 'table.entry.added');

/**
 * Whether `event` is `table.entry.leadState.changed`: a lead got its first or a new lead state
 * (`data.payload.previousLeadStateId`, `leadStateId`, `entry`).
 */
export const isLeadStateChanged = (
  event: WebhookEvent,
): event is WebhookEventOf<'table.entry.leadState.changed'> =>
  isWebhookEventType(event, 'table.entry.leadState.changed');

/** Whether `event` is `calendar.appointment.booked` (`data.payload.booking`). */
export const isAppointmentBooked = (
  event: WebhookEvent,
): event is WebhookEventOf<'calendar.appointment.booked'> =>
  isWebhookEventType(event, 'calendar.appointment.booked');

/** Whether `event` is `calendar.appointment.hasStarted`: an appointment's start time came. */
export const isAppointmentStarted = (
  event: WebhookEvent,
): event is WebhookEventOf<'calendar.appointment.hasStarted'> =>
  isWebhookEventType(event, 'calendar.appointment.hasStarted');

/** Whether `event` is `calendar.appointment.hasEnded`: an appointment's end time came. */
export const isAppointmentEnded = (
  event: WebhookEvent,
): event is WebhookEventOf<'calendar.appointment.hasEnded'> =>
  isWebhookEventType(event, 'calendar.appointment.hasEnded');

/** Whether `event` is `calendar.appointment.deleted` (`data.payload.booking` as it was). */
export const isAppointmentDeleted = (
  event: WebhookEvent,
): event is WebhookEventOf<'calendar.appointment.deleted'> =>
  isWebhookEventType(event, 'calendar.appointment.deleted');

/**
 * Whether `event` is `calendar.appointment.rescheduled` (extension): `data.payload.booking` at its
 * new time, `data.payload.previous` with the old interval and resource.
 */
export const isAppointmentRescheduled = (
  event: WebhookEvent,
): event is WebhookEventOf<'calendar.appointment.rescheduled'> =>
  isWebhookEventType(event, 'calendar.appointment.rescheduled');

/** Whether `event` is the `webhook.ping` test event that the console's `ping` sends. */
export const isWebhookPing = (event: WebhookEvent): event is WebhookEventOf<'webhook.ping'> =>
  isWebhookEventType(event, 'webhook.ping');
