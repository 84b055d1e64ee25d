/**
 * Calendar bookings and the booking request.
 *
 * @module
 */
import { z } from 'zod';
import {
  DateTimeSchema,
  JsonObjectSchema,
  OpaqueIdSchema,
  OrganizationIdSchema,
  UuidSchema,
} from './primitives';
import { HOLD_ID_RULES } from './hold-id-rules';
import { TableSchemaFieldsSchema } from './table';

/** Meeting providers a booking may carry. */
export const MeetingProviderSchema = z.enum(['zoom']);

/** Meeting status values. */
export const MeetingStatusSchema = z.enum(['pending', 'created', 'failed', 'deleted']);

/** A calendar booking as the create response returns it. */
export const CalendarBookingSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  calendarId: UuidSchema,
  name: z.string().optional(),
  createdAt: DateTimeSchema,
  deletedAt: DateTimeSchema.optional(),
  startDateTime: DateTimeSchema,
  endDateTime: DateTimeSchema,
  tableEntryId: UuidSchema.optional().describe('The linked lead entry'),
  tableEntryData: JsonObjectSchema.optional().describe("The linked lead's data"),
  tableId: UuidSchema.optional().describe("The linked lead's pool"),
  tableSchemaFields: TableSchemaFieldsSchema.optional().describe("The linked pool's schema fields"),
  calendarScheduleTypeId: z.string().optional().describe('Legacy schedule type'),
  calendarScheduleTypeSlotId: z.string().optional().describe('Legacy schedule type slot'),
  resourceId: UuidSchema.optional(),
  appointmentTypeId: UuidSchema.optional(),
  resourceSlotId: UuidSchema.optional(),
  leadStateColor: z.string().optional().describe("Color of the linked lead's state"),
  leadStateName: z.string().optional().describe("Name of the linked lead's state"),
  chainBookingGroupId: z.string().optional(),
  meetingProvider: MeetingProviderSchema.nullable()
    .optional()
    .describe("The video meeting's provider; null when the appointment type has no meetings"),
  meetingUrl: z
    .string()
    .nullable()
    .optional()
    .describe('The join URL; null until `meetingStatus` is `created`'),
  meetingExternalId: z
    .string()
    .nullable()
    .optional()
    .describe("The provider's meeting id; null until `meetingStatus` is `created`"),
  meetingHostUserId: z
    .string()
    .nullable()
    .optional()
    .describe("The provider user who hosts the meeting (the resource's host); set at booking"),
  meetingPassword: z
    .string()
    .nullable()
    .optional()
    .describe("The meeting's passcode; null until created, or when the meeting has none"),
  meetingStatus: MeetingStatusSchema.nullable()
    .optional()
    .describe(
      '`pending` from the booking until the meeting job ran; then `created` or, after the retries, ' +
        '`failed`; `deleted` in the payload of `calendar.appointment.deleted`. Null without a meeting',
    ),
  meetingExternalStartTime: DateTimeSchema.nullable()
    .optional()
    .describe('The start time the provider holds for the meeting; null until created'),
});

/** The longest booking, in minutes: a day (an appointment type's `bookingLength` is at most this too). */
export const MAX_BOOKING_MINUTES = 24 * 60;

/** The fields of `POST /connect/calendar_bookings/`, before the cross-field checks. */
export const CreateCalendarBookingFieldsSchema = z
  .object({
    calendarId: UuidSchema,
    startDateTime: DateTimeSchema,
    endDateTime: DateTimeSchema,
    resourceId: UuidSchema.optional().describe('Required for organizations on the resource planner'),
    appointmentTypeId: UuidSchema.optional().describe('Required for organizations on the resource planner'),
    resourceSlotId: UuidSchema.optional().describe('From availability'),
    entryId: UuidSchema.optional().describe('Link to a lead entry'),
    tableEntryId: UuidSchema.optional().describe('Alias of entryId; both given must be equal'),
    scheduleTypeId: UuidSchema.optional().describe('Legacy; organizations not on the resource planner'),
    scheduleTypeSlotId: OpaqueIdSchema.optional().describe('Legacy; opaque slot identifier'),
    name: z.string().max(500).optional(),
    holdId: UuidSchema.optional().describe(
      `A hold on this interval (extension): its place is used, and the hold is consumed. ${HOLD_ID_RULES}`,
    ),
  })
  .strict();

/**
 * Refines a body with `startDateTime` and `endDateTime`: the end follows the start, by at most
 * {@link MAX_BOOKING_MINUTES} minutes (a booking, a hold or a reschedule).
 */
export function checkBookingInterval(
  body: { startDateTime: string; endDateTime: string },
  ctx: z.RefinementCtx,
): void {
  const lengthMs = Date.parse(body.endDateTime) - Date.parse(body.startDateTime);
  if (lengthMs <= 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['endDateTime'],
      message: 'endDateTime must be after startDateTime',
    });
  } else if (lengthMs > MAX_BOOKING_MINUTES * 60_000) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['endDateTime'],
      message: `A booking may last at most ${MAX_BOOKING_MINUTES / 60} hours`,
    });
  }
}

/**
 * The body of `POST /connect/calendar_bookings/`. Accepts the lead link as `entryId` or
 * `tableEntryId` (both given and different is an error); `startDateTime` must precede `endDateTime`,
 * by at most {@link MAX_BOOKING_MINUTES} minutes.
 */
export const CreateCalendarBookingBodySchema = CreateCalendarBookingFieldsSchema.superRefine((body, ctx) => {
  if (body.entryId && body.tableEntryId && body.entryId !== body.tableEntryId) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['tableEntryId'],
      message: 'entryId and tableEntryId name the same link and must be equal when both are given',
    });
  }
  checkBookingInterval(body, ctx);
});
