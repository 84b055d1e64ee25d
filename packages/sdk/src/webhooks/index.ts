/**
 * Receiving webhook subscription deliveries: {@link verifyWebhook} and the event type guards.
 *
 * @module
 */
export { verifyWebhook, type WebhookBody, type WebhookHeaders } from './verify';
export {
  isWebhookVerificationError,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './errors';
export {
  isAppointmentBooked,
  isAppointmentDeleted,
  isAppointmentRescheduled,
  isAppointmentEnded,
  isAppointmentStarted,
  isLeadStateChanged,
  isMeetingCreated,
  isMeetingFailed,
  isNotificationFailed,
  isCalendarEventFailed,
  isTableEntryAdded,
  isUnknownWebhookEvent,
  isWebhookEventType,
  isWebhookPing,
} from './guards';
export type {
  ReceivedWebhookEvent,
  UnknownWebhookEvent,
  UnknownWebhookEventType,
  WebhookEventOf,
  WebhookEventType,
} from './event-types';
