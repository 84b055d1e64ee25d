/**
 * Booking notifications of an appointment type (extension): which emails the lead gets
 * (confirmation, reschedule, cancellation, reminders before the start), the sender and the
 * reply-to address. Set through the console API (`service.admin.appointmentTypes.setNotifications`).
 *
 * @module
 */
import { z } from 'zod';
import type { AppointmentTypeNotificationsBody } from './types.generated';

/** The most reminders one appointment type sends per booking. */
export const MAX_NOTIFICATION_REMINDERS = 5;

/** The earliest a reminder may go out, in minutes before the start (30 days). */
export const MAX_REMINDER_MINUTES_BEFORE = 30 * 24 * 60;

/** The longest sender display name. */
export const MAX_SENDER_NAME_LENGTH = 200;

// An address a mail server takes: no spaces, no angle brackets, one @ (RFC 5321 caps it at 254).
const AddressSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>"(),;:\\[\]]+@[^\s@<>"(),;:\\[\]]+\.[^\s@<>"(),;:\\[\]]+$/, 'Must be an email address');

/** Why a notification of a booking was not sent (the `reason` of `notificationFailed`). */
export const NOTIFICATION_FAILURE_REASONS = ['noRecipient', 'rejected', 'retriesExhausted'] as const;

/** The notifications a booking may get. */
export const NOTIFICATION_KINDS = ['confirmation', 'reschedule', 'cancellation', 'reminder'] as const;

/**
 * The notification setting of an appointment type: which messages its bookings' leads get, and
 * from whom. Reminders are minutes before the start, such as `[1440, 60]` (24 h and 1 h).
 */
export const AppointmentTypeNotificationsSchema = z
  .object({
    confirmation: z.boolean().default(true).describe('Send a confirmation with an invite on booking'),
    reschedule: z.boolean().default(true).describe('Send an updated invite when the booking moves'),
    cancellation: z.boolean().default(true).describe('Send a cancelling invite when the booking is deleted'),
    reminderMinutesBefore: z
      .array(z.number().int().min(1).max(MAX_REMINDER_MINUTES_BEFORE))
      .max(MAX_NOTIFICATION_REMINDERS)
      .refine((offsets) => new Set(offsets).size === offsets.length, {
        message: 'Each reminder offset may be given once',
      })
      .default([])
      .describe(`Reminders, in minutes before the start (at most ${MAX_NOTIFICATION_REMINDERS})`),
    from: z
      .object({
        email: AddressSchema.describe('The sender address'),
        name: z.string().trim().min(1).max(MAX_SENDER_NAME_LENGTH).optional().describe('Display name'),
      })
      .strict()
      .describe('The sender'),
    replyTo: AddressSchema.optional().describe('Where replies go, when not to the sender'),
  })
  .strict();

/** Input of `admin.appointmentTypes.setNotifications`: the setting, or null to turn notifications off. */
export type AppointmentTypeNotificationsInput = AppointmentTypeNotificationsBody | null;
