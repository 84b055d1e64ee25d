/**
 * Slot holds and reschedules (extension): a hold reserves one candidate's place for a few minutes
 * so a visitor can fill in a form without losing the slot to a race; a reschedule moves a booking to
 * a new interval in one step.
 *
 * @module
 */
import { z } from 'zod';
import { checkBookingInterval } from './booking';
import { HOLD_ID_RULES } from './hold-id-rules';
import { DateTimeSchema, OpaqueIdSchema, UuidSchema } from './primitives';

/** How long a hold lasts unless the request asks otherwise: five minutes. */
export const DEFAULT_HOLD_TTL_SECONDS = 300;
/** The shortest hold a request may ask for. */
export const MIN_HOLD_TTL_SECONDS = 30;
/** The longest hold a request may ask for: fifteen minutes. */
export const MAX_HOLD_TTL_SECONDS = 900;
/** Active holds one Connect API token may have at once. */
export const MAX_ACTIVE_HOLDS_PER_TOKEN = 100;

const ttlSeconds = z
  .number()
  .int()
  .min(MIN_HOLD_TTL_SECONDS)
  .max(MAX_HOLD_TTL_SECONDS)
  .optional()
  .describe(`How long the hold lasts, in seconds (default ${DEFAULT_HOLD_TTL_SECONDS})`);

/** The body of `POST /connect/booking_holds/`: one candidate of the availability search. */
export const CreateBookingHoldBodySchema = z
  .object({
    calendarId: UuidSchema,
    appointmentTypeId: UuidSchema,
    resourceId: UuidSchema,
    resourceSlotId: UuidSchema.optional().describe('From availability'),
    startDateTime: DateTimeSchema,
    endDateTime: DateTimeSchema,
    ttlSeconds,
  })
  .strict()
  .superRefine(checkBookingInterval);

/**
 * The body of `POST /public/forms/:id/holds`: the slot the visitor picked, as submit's
 * `bookingSlot` names it (without `resourceId`, the first resource with room is held).
 */
export const PublicHoldBodySchema = z
  .object({
    appointmentTypeId: UuidSchema,
    calendarId: UuidSchema,
    resourceId: UuidSchema.optional(),
    startDateTime: DateTimeSchema,
    endDateTime: DateTimeSchema,
    studioId: OpaqueIdSchema.optional().describe('Required when the form has several studios'),
    fieldId: OpaqueIdSchema.optional().describe('The booking field, when the form has several'),
    ttlSeconds,
  })
  .strict()
  .superRefine(checkBookingInterval);

/** A hold: pass its `id` as `holdId` when booking or submitting before `expiresAt`. */
export const BookingHoldSchema = z.object({
  id: UuidSchema.describe('Pass as holdId to the booking or the submit'),
  calendarId: UuidSchema,
  appointmentTypeId: UuidSchema,
  resourceId: UuidSchema,
  resourceSlotId: UuidSchema,
  startDateTime: DateTimeSchema,
  endDateTime: DateTimeSchema,
  expiresAt: DateTimeSchema.describe('After this instant the hold no longer counts'),
});

/** The fields of `PATCH /connect/calendar_bookings/:id`, before the cross-field checks. */
export const RescheduleCalendarBookingFieldsSchema = z
  .object({
    startDateTime: DateTimeSchema,
    endDateTime: DateTimeSchema,
    resourceId: UuidSchema.optional().describe("The new resource; default: the booking's"),
    resourceSlotId: UuidSchema.optional().describe('From availability'),
    holdId: UuidSchema.optional().describe(
      `A hold on the new interval, consumed by the reschedule. ${HOLD_ID_RULES}`,
    ),
  })
  .strict();

/**
 * The body of `PATCH /connect/calendar_bookings/:id` (extension): the new interval, and
 * optionally another resource. Capacity and rules are rechecked in one transaction; the old time is
 * released only when the new one is taken.
 */
export const RescheduleCalendarBookingBodySchema =
  RescheduleCalendarBookingFieldsSchema.superRefine(checkBookingInterval);
