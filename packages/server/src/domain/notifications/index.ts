/**
 * Booking notifications as pure functions: template data, default templates, `.ics` invites and
 * the messages a notifier sends.
 *
 * @module
 */
export type {
  NotificationKind,
  NotificationTemplate,
  NotificationTemplateData,
  NotificationTemplates,
  RenderedNotification,
} from './data';
export { DEFAULT_NOTIFICATION_LOCALE, formatBookingTime, notificationLocale } from './format';
export { buildInvite, type InviteInput, type InviteParty } from './invite';
export {
  cancellationMessage,
  confirmationMessage,
  reminderMessage,
  rescheduleMessage,
  type BookingMessageInput,
  type ReminderMessageInput,
  type RescheduleMessageInput,
} from './messages';
export { defaultNotificationTemplates } from './templates';
