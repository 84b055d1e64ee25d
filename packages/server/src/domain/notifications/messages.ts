/**
 * Booking messages: the confirmation, reschedule, cancellation and reminder emails, each with its
 * subject and bodies from a template and, except the reminder, its `.ics` invite.
 *
 * @module
 */
import { bookingEventUid, LEADBOOK_EVENT_UID_DOMAIN } from '../../ports/external-calendar';
import type { NotificationAttachment, NotificationMessage } from '../../ports/notifier';
import type { NotificationKind, NotificationTemplateData, NotificationTemplates } from './data';
import { formatBookingTime, notificationLocale } from './format';
import { buildInvite, type InviteParty } from './invite';
import { defaultNotificationTemplates } from './templates';

/** What the message builders need about a booking and its recipient. */
export interface BookingMessageInput {
  /** The booking's id; the invite's UID and the message id derive from it. */
  bookingId: string;
  /** Start, epoch milliseconds. */
  startMs: number;
  /** End, epoch milliseconds. */
  endMs: number;
  /** The appointment type's name. */
  appointmentTypeName: string;
  /** The resource's name. */
  resourceName: string;
  /** The calendar's IANA time zone; times are shown in it. */
  timezone: string;
  /** The meeting's join URL, or `null`. */
  meetingUrl: string | null;
  /** The lead: email address and name (`null` when unknown). */
  lead: { email: string; name: string | null };
  /** The lead's BCP 47 locale when known; `en` otherwise. */
  locale?: string | null;
  /** The sender (address and display name). */
  from: InviteParty;
  /** Where replies go, when not to the sender. */
  replyTo?: string;
  /**
   * The invite's `SEQUENCE`: 0 for the booking, one more on each reschedule; a cancellation or
   * a reminder passes the latest one.
   */
  sequence: number;
  /** Now, epoch milliseconds, from the service's clock (the invite's `DTSTAMP`). */
  nowMs: number;
  /** Replacements for any of the default templates. */
  templates?: Partial<NotificationTemplates>;
}

/** A reschedule also names the former start. */
export interface RescheduleMessageInput extends BookingMessageInput {
  /** The former start, epoch milliseconds. */
  previousStartMs: number;
  /** The former end, epoch milliseconds. */
  previousEndMs: number;
}

/** A reminder also says how long before the start it goes out, which keeps its id unique. */
export interface ReminderMessageInput extends BookingMessageInput {
  /** How long before the start the reminder is sent, in minutes, such as 1440 or 60. */
  minutesBefore: number;
}

// The display name is quoted (RFC 5322) with line breaks removed, so it can never add a header.
const address = (party: InviteParty): string =>
  party.name
    ? `"${party.name.replace(/[\r\n]+/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`)}" <${party.email}>`
    : party.email;

const templateData = (
  kind: NotificationKind,
  input: BookingMessageInput,
  previous: { startMs: number; endMs: number } | null,
): NotificationTemplateData => {
  const locale = notificationLocale(input.locale);
  const format = (startMs: number, endMs: number) =>
    formatBookingTime(startMs, endMs, input.timezone, locale);
  return {
    kind,
    bookingId: input.bookingId,
    startMs: input.startMs,
    endMs: input.endMs,
    when: format(input.startMs, input.endMs),
    previousStartMs: previous?.startMs ?? null,
    previousWhen: previous ? format(previous.startMs, previous.endMs) : null,
    appointmentTypeName: input.appointmentTypeName,
    resourceName: input.resourceName,
    timezone: input.timezone,
    meetingUrl: input.meetingUrl,
    leadName: input.lead.name,
    locale,
  };
};

const invite = (input: BookingMessageInput, method: 'REQUEST' | 'CANCEL'): NotificationAttachment => ({
  filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
  contentType: `text/calendar; charset=utf-8; method=${method}`,
  content: buildInvite({
    method,
    uid: bookingEventUid(input.bookingId),
    sequence: input.sequence,
    startMs: input.startMs,
    endMs: input.endMs,
    nowMs: input.nowMs,
    summary: `${input.appointmentTypeName} with ${input.resourceName}`,
    organizer: input.from,
    attendee: input.lead,
    meetingUrl: input.meetingUrl,
  }),
});

const message = (
  kind: NotificationKind,
  idPart: string,
  input: BookingMessageInput,
  data: NotificationTemplateData,
  attachments: NotificationAttachment[],
): NotificationMessage => {
  const rendered = (input.templates?.[kind] ?? defaultNotificationTemplates[kind])(data);
  return {
    id: `${kind}.${input.bookingId}.${idPart}@${LEADBOOK_EVENT_UID_DOMAIN}`,
    from: address(input.from),
    ...(input.replyTo === undefined ? {} : { replyTo: input.replyTo }),
    to: [address({ email: input.lead.email, name: input.lead.name })],
    ...rendered,
    attachments,
  };
};

/**
 * The confirmation of a new booking, with a `METHOD:REQUEST` invite.
 *
 * @example
 * ```ts
 * const message = confirmationMessage({ bookingId, startMs, endMs, appointmentTypeName: 'Trial lesson',
 *   resourceName: 'Studio A', timezone: 'Europe/Berlin', meetingUrl: null,
 *   lead: { email: 'ada@example.com', name: 'Ada' }, from: { email: 'studio@example.com' },
 *   sequence: 0, nowMs: clock.now() });
 * await notifier.send(message);
 * ```
 */
export function confirmationMessage(input: BookingMessageInput): NotificationMessage {
  return message('confirmation', `${input.sequence}`, input, templateData('confirmation', input, null), [
    invite(input, 'REQUEST'),
  ]);
}

/**
 * The message of a moved booking, with a `METHOD:REQUEST` invite of the same UID and the higher
 * `SEQUENCE`, so the event moves.
 *
 * @example
 * ```ts
 * rescheduleMessage({ ...booking, previousStartMs, previousEndMs, sequence: 1, nowMs: clock.now() });
 * ```
 */
export function rescheduleMessage(input: RescheduleMessageInput): NotificationMessage {
  const previous = { startMs: input.previousStartMs, endMs: input.previousEndMs };
  return message('reschedule', `${input.sequence}`, input, templateData('reschedule', input, previous), [
    invite(input, 'REQUEST'),
  ]);
}

/**
 * The message of a cancelled booking, with a `METHOD:CANCEL` invite (`STATUS:CANCELLED`, the same
 * UID) that removes the event.
 *
 * @example
 * ```ts
 * cancellationMessage({ ...booking, sequence: latestSequence, nowMs: clock.now() });
 * ```
 */
export function cancellationMessage(input: BookingMessageInput): NotificationMessage {
  return message('cancellation', `${input.sequence}`, input, templateData('cancellation', input, null), [
    invite(input, 'CANCEL'),
  ]);
}

/**
 * A reminder before the booking. It carries no invite: the event is already in the lead's
 * calendar, and a repeated `REQUEST` would bring back an event the lead deleted.
 *
 * @example
 * ```ts
 * reminderMessage({ ...booking, minutesBefore: 24 * 60, sequence: latestSequence, nowMs: clock.now() });
 * ```
 */
export function reminderMessage(input: ReminderMessageInput): NotificationMessage {
  const idPart = `${input.sequence}.${input.minutesBefore}m`;
  return message('reminder', idPart, input, templateData('reminder', input, null), []);
}
