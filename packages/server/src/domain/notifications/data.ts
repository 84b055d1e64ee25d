/**
 * The data a notification template is given, and the shape of what it returns.
 *
 * @module
 */

/** Which notification a message is. */
export type NotificationKind = 'confirmation' | 'reschedule' | 'cancellation' | 'reminder';

/**
 * What every template receives. Times are epoch milliseconds; `when` and `previousWhen` are the
 * same times already formatted in the calendar's zone and the lead's locale, with the zone named
 * (such as `Tuesday, 8 December 2026, 10:00–10:30 (Europe/Berlin, CET)`).
 */
export interface NotificationTemplateData {
  /** Which notification this is. */
  kind: NotificationKind;
  /** The booking's id. */
  bookingId: string;
  /** The booking's start, epoch milliseconds. */
  startMs: number;
  /** The booking's end, epoch milliseconds. */
  endMs: number;
  /** The start and end formatted in {@link timezone} and {@link locale}, the zone named. */
  when: string;
  /** For a reschedule, the former start, epoch milliseconds; otherwise `null`. */
  previousStartMs: number | null;
  /** For a reschedule, the former time formatted like {@link when}; otherwise `null`. */
  previousWhen: string | null;
  /** The appointment type's name, such as `Trial lesson`. */
  appointmentTypeName: string;
  /** The resource's name, such as `Studio A` or a person. */
  resourceName: string;
  /** The calendar's IANA time zone, such as `Europe/Berlin`. */
  timezone: string;
  /** The online meeting's join URL, or `null` when the booking has none. */
  meetingUrl: string | null;
  /** The lead's name, or `null` when unknown. */
  leadName: string | null;
  /** The BCP 47 locale the times are formatted in (the lead's when known, else `en`). */
  locale: string;
}

/** What a template returns: the subject and both bodies. The HTML is used as given. */
export interface RenderedNotification {
  /** The subject line. */
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The HTML body; a template escapes every value it puts into it. */
  html: string;
}

/** A template: data in, subject and bodies out. */
export type NotificationTemplate = (data: NotificationTemplateData) => RenderedNotification;

/** One template per notification; the host replaces any of them with the `templates` option. */
export type NotificationTemplates = Record<NotificationKind, NotificationTemplate>;
