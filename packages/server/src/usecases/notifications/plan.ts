/**
 * Scheduling a booking's notifications with the unit that writes the booking: the confirmation on
 * create, the update on reschedule, the cancellation on delete, and the reminders, moved or
 * cancelled with their booking.
 *
 * @module
 */
import type { CalendarBooking, TriggerContext } from '@leadbook/contract';
import type { ServiceContext } from '../../core/context';
import type { Unit } from '../../core/unit-of-work';
import type { NotificationKind } from '../../domain/notifications';
import type { BookingRecord, NotificationSettingsRecord } from '../../ports/records';
import {
  notificationJob,
  notificationJobKey,
  notificationMessageId,
  REMINDER_SLOTS,
  type NotificationJobPayload,
} from './jobs';

/** A change of a booking that its lead may hear about. */
export interface BookingChange {
  /** The booking as its response shows it after the change (before it, for a delete). */
  booking: CalendarBooking;
  /** The invite `SEQUENCE` after the change. */
  sequence: number;
  /** Who made the change. */
  trigger: TriggerContext;
  /** The form the booking was made through (its record's `trigger.formId`), or null. */
  formId: string | null;
}

/** The invite `SEQUENCE` of a stored booking: 0 as booked, one more per reschedule. */
export const inviteSequence = (record: Pick<BookingRecord, 'notificationSequence'>): number =>
  record.notificationSequence ?? 0;

/** `record` with its invite `SEQUENCE` one higher, as a reschedule stores it. */
export const withNextInviteSequence = (record: BookingRecord): BookingRecord => ({
  ...record,
  notificationSequence: inviteSequence(record) + 1,
});

/** The setting of the booking's appointment type, or null when nothing is to be sent. */
async function settingOf(
  ctx: ServiceContext,
  tx: Unit['tx'],
  booking: CalendarBooking,
): Promise<NotificationSettingsRecord | null> {
  if (!ctx.notifications || !booking.appointmentTypeId) return null;
  return tx.notificationSettings.get(booking.organizationId, booking.appointmentTypeId);
}

function payloadOf(
  change: BookingChange,
  kind: NotificationKind,
  jobKey: string,
  extra: Pick<NotificationJobPayload, 'minutesBefore' | 'previous'> = {},
): NotificationJobPayload {
  const { booking, sequence, trigger, formId } = change;
  return {
    kind,
    organizationId: booking.organizationId,
    booking,
    trigger,
    formId,
    sequence,
    ...extra,
    messageId: notificationMessageId(kind, booking.id, sequence, extra.minutesBefore),
    jobKey,
    attempt: 1,
  };
}

/**
 * Schedules the reminders of `change` that are still ahead (one whose time has passed is not sent)
 * and, after a move, cancels the other reminder slots, so reminders of an earlier time never
 * outlive it.
 */
async function planReminders(
  ctx: ServiceContext,
  jobs: Unit['jobs'],
  change: BookingChange,
  { setting, moved }: { setting: NotificationSettingsRecord; moved: boolean },
): Promise<void> {
  const startMs = Date.parse(change.booking.startDateTime);
  const now = ctx.clock.now();
  await Promise.all(
    REMINDER_SLOTS.map((slot, i) => {
      const key = notificationJobKey(change.booking.id, slot);
      const minutesBefore = setting.reminderMinutesBefore[i];
      const runAt = minutesBefore === undefined ? null : startMs - minutesBefore * 60_000;
      if (runAt === null || runAt <= now) return moved ? jobs.cancel(key) : undefined;
      return jobs.schedule(notificationJob(runAt, payloadOf(change, 'reminder', key, { minutesBefore })));
    }),
  );
}

/** On create: the confirmation now, and the reminders still ahead. */
export async function planCreatedNotifications(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  change: BookingChange,
): Promise<void> {
  const setting = await settingOf(ctx, tx, change.booking);
  if (!setting) return;
  if (setting.confirmation) {
    const key = notificationJobKey(change.booking.id, 'confirmation');
    await jobs.schedule(notificationJob(ctx.clock.now(), payloadOf(change, 'confirmation', key)));
  }
  await planReminders(ctx, jobs, change, { setting, moved: false });
}

/**
 * On reschedule: the update now (replacing one of an earlier move not sent yet), and the reminders
 * moved to the new time.
 */
export async function planRescheduledNotifications(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  change: BookingChange & { previous: Pick<BookingRecord, 'startMs' | 'endMs'> },
): Promise<void> {
  const setting = await settingOf(ctx, tx, change.booking);
  if (!setting) return;
  if (setting.reschedule) {
    const key = notificationJobKey(change.booking.id, 'reschedule');
    const previous = { startMs: change.previous.startMs, endMs: change.previous.endMs };
    await jobs.schedule(notificationJob(ctx.clock.now(), payloadOf(change, 'reschedule', key, { previous })));
  }
  await planReminders(ctx, jobs, change, { setting, moved: true });
}

/** On delete: the cancellation now; pending reminders and updates are cancelled. */
export async function planDeletedNotifications(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  change: BookingChange,
): Promise<void> {
  const setting = await settingOf(ctx, tx, change.booking);
  if (!setting) return;
  const id = change.booking.id;
  await Promise.all(
    [...REMINDER_SLOTS, 'confirmation', 'reschedule'].map((slot) =>
      jobs.cancel(notificationJobKey(id, slot)),
    ),
  );
  if (setting.cancellation) {
    const key = notificationJobKey(id, 'cancellation');
    await jobs.schedule(notificationJob(ctx.clock.now(), payloadOf(change, 'cancellation', key)));
  }
}
