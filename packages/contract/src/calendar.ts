/**
 * Calendars and legacy schedule types.
 *
 * @module
 */
import { z } from 'zod';
import { ColorSchema, DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/** A calendar. `tzdata` is the IANA zone every local-time computation of the calendar uses. */
export const CalendarSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  name: z.string(),
  color: ColorSchema,
  archived: z.boolean(),
  updatedAt: DateTimeSchema,
  createdAt: DateTimeSchema,
  tzdata: z.string().min(1).describe('IANA time-zone name, used for all local-time computation'),
  count: z.number().int().nonnegative().optional().describe('Number of bookings on the calendar'),
});

/** A legacy schedule type of a calendar, kept for organizations not on the resource planner. */
export const ScheduleTypeSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  color: ColorSchema,
  organizationId: OrganizationIdSchema,
  calendarId: UuidSchema,
  count: z.number().int().nonnegative().describe('Number of bookings of this schedule type'),
});

/** The single-calendar response: a calendar plus its `scheduleTypes`. */
export const CalendarDetailSchema = CalendarSchema.extend({
  scheduleTypes: z.array(ScheduleTypeSchema),
});
