/**
 * The notification setting of an appointment type as stored.
 *
 * @module
 */
import type { AppointmentTypeNotifications } from '@leadbook/contract';

/**
 * An appointment type's notification setting (console only; Connect never shows it). Its `id` is
 * the appointment type's id: a type has at most one setting, and none when notifications are off.
 */
export interface NotificationSettingsRecord extends AppointmentTypeNotifications {
  /** The appointment type's id. */
  id: string;
  /** The organization. */
  organizationId: string;
  /** When the setting was last written (ISO-8601). */
  updatedAt: string;
}
