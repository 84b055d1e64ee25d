/**
 * The console's notification setting of an appointment type (extension): which emails its
 * bookings' leads get, the sender and the reply-to address.
 *
 * @module
 */
import {
  AppointmentTypeNotificationsSchema,
  type AppointmentTypeNotifications,
  type AppointmentTypeNotificationsInput,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import type { NotificationSettingsRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { mustGet } from './access';
import { parseInput } from './parse';

const settingOf = ({
  id: _id,
  organizationId: _org,
  updatedAt: _at,
  ...setting
}: NotificationSettingsRecord): AppointmentTypeNotifications => setting;

/**
 * Turns notifications on (a setting) or off (null) for an appointment type and returns the stored
 * setting (defaults applied) or null. Changes apply to messages scheduled from then on; a message
 * already scheduled goes out with the sender of the setting when it is sent, and not at all when
 * its kind was turned off meanwhile.
 *
 * @throws ServiceError: 400 for a bad setting (more than `MAX_NOTIFICATION_REMINDERS` reminders,
 *   an offset out of range, a malformed address), 404 for an unknown appointment type.
 */
export async function setAppointmentTypeNotificationsTx(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  { appointmentTypeId, input }: { appointmentTypeId: string; input: AppointmentTypeNotificationsInput },
): Promise<AppointmentTypeNotifications | null> {
  const setting = parseInput(AppointmentTypeNotificationsSchema.nullable(), input, 'notification setting');
  await mustGet(tx, 'appointmentTypes', org, appointmentTypeId);
  if (!setting) {
    await tx.notificationSettings.delete(org, appointmentTypeId);
    return null;
  }
  const record: NotificationSettingsRecord = {
    ...setting,
    id: appointmentTypeId,
    organizationId: org,
    updatedAt: nowIso(ctx),
  };
  if (!(await tx.notificationSettings.update(record))) await tx.notificationSettings.create(record);
  return settingOf(record);
}

/**
 * The notification setting of an appointment type, or null when it has none.
 *
 * @throws ServiceError: 404 for an unknown appointment type.
 */
export async function getAppointmentTypeNotificationsTx(
  tx: Repositories,
  org: string,
  appointmentTypeId: string,
): Promise<AppointmentTypeNotifications | null> {
  await mustGet(tx, 'appointmentTypes', org, appointmentTypeId);
  const record = await tx.notificationSettings.get(org, appointmentTypeId);
  return record ? settingOf(record) : null;
}
