/**
 * Booking rules of an appointment type (extension): minimum notice, a booking horizon, buffers
 * before and after, and a daily limit per resource. Every rule is optional and off when absent, so
 * an appointment type without rules books exactly as the 2.16.0 interface describes.
 *
 * @module
 */
import { z } from 'zod';

/** The longest buffer before or after a booking, in minutes (two hours). */
export const MAX_BUFFER_MINUTES = 120;

/** The longest minimum notice, in minutes (60 days). */
export const MAX_MINIMUM_NOTICE_MINUTES = 60 * 24 * 60;

/** The farthest booking horizon, in days (two years). */
export const MAX_HORIZON_DAYS = 730;

/** The highest daily limit per resource. */
export const MAX_BOOKINGS_PER_RESOURCE_PER_DAY = 1000;

/**
 * The rule fields, each optional (absent or null: the rule is off). See
 * `docs/guides/booking-rules.md` for exactly how each one is counted.
 */
export const bookingRuleFields = {
  minimumNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(MAX_MINIMUM_NOTICE_MINUTES)
    .nullable()
    .optional()
    .describe('A booking must start at least this many minutes after now (extension)'),
  horizonDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_HORIZON_DAYS)
    .nullable()
    .optional()
    .describe(
      "A booking must start no later than this many calendar days after now, in the calendar's time zone (extension)",
    ),
  bufferBeforeMinutes: z
    .number()
    .int()
    .min(0)
    .max(MAX_BUFFER_MINUTES)
    .nullable()
    .optional()
    .describe("Minutes before a booking that occupy the resource's capacity too (extension)"),
  bufferAfterMinutes: z
    .number()
    .int()
    .min(0)
    .max(MAX_BUFFER_MINUTES)
    .nullable()
    .optional()
    .describe("Minutes after a booking that occupy the resource's capacity too (extension)"),
  maxBookingsPerResourcePerDay: z
    .number()
    .int()
    .min(1)
    .max(MAX_BOOKINGS_PER_RESOURCE_PER_DAY)
    .nullable()
    .optional()
    .describe(
      "At most this many bookings of a resource start on one local day of the calendar's time zone (extension)",
    ),
} as const;

/** The names of the rule fields. */
export const BOOKING_RULE_NAMES = Object.keys(bookingRuleFields) as Array<keyof typeof bookingRuleFields>;

/** The rules of an appointment type, as `admin.appointmentTypes.setRules` takes them. */
export const BookingRulesSchema = z.object(bookingRuleFields).strict();
