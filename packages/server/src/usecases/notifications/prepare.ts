/**
 * What a due notification job sends: the message built from the booking, its appointment type's
 * setting and its lead as they are now, or why nothing is sent.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import type { NotificationDelivery } from '../../core/context';
import {
  cancellationMessage,
  confirmationMessage,
  reminderMessage,
  rescheduleMessage,
  type BookingMessageInput,
} from '../../domain/notifications';
import type { NotificationMessage } from '../../ports/notifier';
import type { NotificationSettingsRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { withCurrentMeeting } from '../meetings/fields';
import type { NotificationJobPayload } from './jobs';
import { inviteSequence } from './plan';
import { findRecipient } from './recipient';

/** What a due job does. */
export type PreparedNotification =
  /** Nothing: the message is no longer wanted (`why` is logged). */
  | { step: 'skip'; why: string }
  /** Nothing, recorded in the activity log: the lead has no email address. */
  | { step: 'noRecipient'; booking: CalendarBooking }
  /** Send `message`. */
  | { step: 'send'; booking: CalendarBooking; message: NotificationMessage };

const wanted = (setting: NotificationSettingsRecord, payload: NotificationJobPayload): boolean => {
  if (payload.kind === 'reminder') return setting.reminderMinutesBefore.includes(payload.minutesBefore ?? -1);
  return setting[payload.kind];
};

function build(payload: NotificationJobPayload, input: BookingMessageInput): NotificationMessage {
  switch (payload.kind) {
    case 'confirmation':
      return confirmationMessage(input);
    case 'reschedule':
      return rescheduleMessage({
        ...input,
        previousStartMs: payload.previous?.startMs ?? input.startMs,
        previousEndMs: payload.previous?.endMs ?? input.endMs,
      });
    case 'cancellation':
      return cancellationMessage(input);
    case 'reminder':
      return reminderMessage({ ...input, minutesBefore: payload.minutesBefore ?? 0 });
  }
}

/**
 * Reads what the message of `payload` needs, in `tx`. A confirmation, update or reminder of a
 * booking deleted or moved since it was scheduled is skipped (the later change brings its own
 * message); so is any message whose kind its appointment type no longer sends.
 */
export async function prepareNotification(
  tx: Repositories,
  delivery: NotificationDelivery,
  payload: NotificationJobPayload,
  nowMs: number,
): Promise<PreparedNotification> {
  const { organizationId: org, kind } = payload;
  let booking = payload.booking;
  if (kind !== 'cancellation') {
    const record = await tx.bookings.get(org, booking.id);
    if (!record) return { step: 'skip', why: 'the booking was deleted' };
    if (inviteSequence(record) !== payload.sequence) return { step: 'skip', why: 'the booking moved since' };
    booking = withCurrentMeeting(booking, record);
  }
  if (!booking.appointmentTypeId) return { step: 'skip', why: 'the booking has no appointment type' };
  const [setting, type, resource, calendar, recipient] = await Promise.all([
    tx.notificationSettings.get(org, booking.appointmentTypeId),
    tx.appointmentTypes.get(org, booking.appointmentTypeId),
    booking.resourceId ? tx.resources.get(org, booking.resourceId) : null,
    tx.calendars.get(org, booking.calendarId),
    findRecipient(tx, booking, payload.formId),
  ]);
  if (!setting || !wanted(setting, payload)) return { step: 'skip', why: `${kind} messages are off` };
  if (!calendar) return { step: 'skip', why: 'the calendar was deleted' };
  if (!recipient) return { step: 'noRecipient', booking };
  const input: BookingMessageInput = {
    bookingId: booking.id,
    startMs: Date.parse(booking.startDateTime),
    endMs: Date.parse(booking.endDateTime),
    appointmentTypeName: type?.name ?? '',
    resourceName: resource?.name ?? calendar.name,
    timezone: calendar.tzdata,
    meetingUrl: booking.meetingUrl ?? null,
    lead: { email: recipient.email, name: recipient.name },
    locale: recipient.locale,
    from: setting.from,
    ...(setting.replyTo === undefined ? {} : { replyTo: setting.replyTo }),
    sequence: payload.sequence,
    nowMs,
    templates: delivery.templates,
  };
  // The id stored with the job, so every attempt sends the same Message-ID.
  return { step: 'send', booking, message: { ...build(payload, input), id: payload.messageId } };
}
