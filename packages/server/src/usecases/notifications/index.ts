/**
 * Booking notifications on the scheduler: settings, scheduling with the booking's unit, sending.
 *
 * @module
 */
export { notificationDelivery, type NotificationServiceOptions } from './options';
export { NOTIFICATION_JOB_TYPE, type NotificationJobPayload } from './jobs';
export {
  inviteSequence,
  planCreatedNotifications,
  planDeletedNotifications,
  planRescheduledNotifications,
  withNextInviteSequence,
} from './plan';
export { notificationJobHandlers } from './send';
