/**
 * Type guards of webhook events: one per event type, {@link isWebhookEventType} for any type, and
 * {@link isUnknownWebhookEvent} for a type this SDK does not know.
 *
 * @module
 */
import { WEBHOOK_EVENT_TYPES } from '@leadbook/contract';
import type {
  ReceivedWebhookEvent,
  UnknownWebhookEvent,
  WebhookEventOf,
  WebhookEventType,
} from './event-types';

/** Whether `type` is one of the types this SDK knows (and types). */
export const isKnownWebhookEventType = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Whether `event` is of `type`; narrows it to that type's envelope.
 *
 * @example
 * ```ts
 * if (isWebhookEventType(event, 'table.entry.leadState.changed')) console.log(event.data.payload.leadStateId);
 * ```
 */
export function isWebhookEventType<T extends WebhookEventType>(
  event: ReceivedWebhookEvent,
  type: T,
): event is WebhookEventOf<T> {
  return event.type === type;
}

/**
 * Whether `event` is of a type this version of the SDK does not know (one the service added
 * later): acknowledge it, or upgrade `@leadbook/sdk` to handle it typed.
 *
 * @example
 * ```ts
 * if (isUnknownWebhookEvent(event)) console.info(`not handled: ${event.type}`);
 * ```
 */
export const isUnknownWebhookEvent = (event: ReceivedWebhookEvent): event is UnknownWebhookEvent =>
  !isKnownWebhookEventType(event.type);

/** Whether `event` is `table.entry.added`: a lead was created (`data.payload.entry`). */
export const isTableEntryAdded = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'table.entry.added'> => isWebhookEventType(event, 'table.entry.added');

/**
 * Whether `event` is `table.entry.leadState.changed`: a lead got its first or a new lead state
 * (`data.payload.previousLeadStateId`, `leadStateId`, `entry`).
 */
export const isLeadStateChanged = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'table.entry.leadState.changed'> =>
  isWebhookEventType(event, 'table.entry.leadState.changed');

/** Whether `event` is `calendar.appointment.booked` (`data.payload.booking`). */
export const isAppointmentBooked = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.booked'> =>
  isWebhookEventType(event, 'calendar.appointment.booked');

/** Whether `event` is `calendar.appointment.hasStarted`: an appointment's start time came. */
export const isAppointmentStarted = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.hasStarted'> =>
  isWebhookEventType(event, 'calendar.appointment.hasStarted');

/** Whether `event` is `calendar.appointment.hasEnded`: an appointment's end time came. */
export const isAppointmentEnded = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.hasEnded'> =>
  isWebhookEventType(event, 'calendar.appointment.hasEnded');

/** Whether `event` is `calendar.appointment.deleted` (`data.payload.booking` as it was). */
export const isAppointmentDeleted = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.deleted'> =>
  isWebhookEventType(event, 'calendar.appointment.deleted');

/**
 * Whether `event` is `calendar.appointment.meetingCreated` (extension): the booking's video meeting
 * exists (`data.payload.booking.meetingUrl`).
 */
export const isMeetingCreated = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.meetingCreated'> =>
  isWebhookEventType(event, 'calendar.appointment.meetingCreated');

/**
 * Whether `event` is `calendar.appointment.meetingFailed` (extension): the booking's video meeting
 * could not be created or moved after its retries (`data.payload.reason`).
 */
export const isMeetingFailed = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.meetingFailed'> =>
  isWebhookEventType(event, 'calendar.appointment.meetingFailed');

/**
 * Whether `event` is `calendar.appointment.rescheduled` (extension): `data.payload.booking` at its
 * new time, `data.payload.previous` with the old interval and resource.
 */
export const isAppointmentRescheduled = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.rescheduled'> =>
  isWebhookEventType(event, 'calendar.appointment.rescheduled');

/**
 * Whether `event` is `calendar.appointment.notificationFailed` (extension): an email to the lead was
 * not sent (`data.payload.notification`: its `kind`, `messageId`, `reason` and `detail`).
 */
export const isNotificationFailed = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.notificationFailed'> =>
  isWebhookEventType(event, 'calendar.appointment.notificationFailed');

/**
 * Whether `event` is `calendar.appointment.calendarEventFailed` (extension): a booking could not be
 * written to its resource's external calendar (`data.payload.calendarEvent`: its `operation`,
 * `externalCalendarLinkId`, `reason` and `detail`).
 */
export const isCalendarEventFailed = (
  event: ReceivedWebhookEvent,
): event is WebhookEventOf<'calendar.appointment.calendarEventFailed'> =>
  isWebhookEventType(event, 'calendar.appointment.calendarEventFailed');

/** Whether `event` is the `webhook.ping` test event that the console's `ping` sends. */
export const isWebhookPing = (event: ReceivedWebhookEvent): event is WebhookEventOf<'webhook.ping'> =>
  isWebhookEventType(event, 'webhook.ping');
