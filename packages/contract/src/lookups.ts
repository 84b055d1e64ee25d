/**
 * Lookup resources: appointment types, resources, resource slots, blockers and the two mapping
 * kinds. Fields added to the 2.16.0 interface for what an integrator needs are marked as such.
 *
 * @module
 */
import { z } from 'zod';
import {
  ColorSchema,
  DateTimeSchema,
  LocalDateSchema,
  LocalTimeSchema,
  OrganizationIdSchema,
  UuidSchema,
} from './primitives';
import { bookingRuleFields } from './booking-rules';

const timestamps = { createdAt: DateTimeSchema, updatedAt: DateTimeSchema };

/**
 * An appointment type. Lengths are whole minutes. The booking rules (`minimumNoticeMinutes`,
 * `horizonDays`, `bufferBeforeMinutes`, `bufferAfterMinutes`, `maxBookingsPerResourcePerDay`) are
 * extensions of the 2.16.0 API; each is absent when off.
 */
export const AppointmentTypeSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  name: z.string(),
  color: ColorSchema,
  bookingLength: z.number().int().positive().describe('Duration of a booking, in minutes'),
  searchLength: z.number().int().positive().describe('Slot-search granularity, in minutes'),
  archived: z.boolean(),
  ...timestamps,
  ...bookingRuleFields,
});

/**
 * A bookable resource (a room, a person, a group class). `maxParallelBookings` is the capacity per
 * slot; the other fields are designed here.
 */
export const ResourceSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  name: z.string(),
  color: ColorSchema,
  maxParallelBookings: z.number().int().positive().describe('Capacity: concurrent bookings allowed'),
  archived: z.boolean(),
  ...timestamps,
});

/**
 * A resource slot: a weekly window in which a resource is bookable on a calendar. Designed here:
 * `weekday` is the ISO weekday (1 = Monday ... 7 = Sunday); `startTime`/`endTime` are `HH:mm` in the
 * calendar's `tzdata`; `validFrom`/`validUntil` are inclusive local dates (null = open-ended);
 * `publiclyBookable` makes the slot visible to public forms.
 */
export const ResourceSlotSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  calendarId: UuidSchema,
  resourceId: UuidSchema,
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday'),
  startTime: LocalTimeSchema.describe('Window start, HH:mm in the calendar time zone'),
  endTime: LocalTimeSchema.describe('Window end, HH:mm in the calendar time zone'),
  validFrom: LocalDateSchema.nullable().describe('First local date the slot applies (inclusive)'),
  validUntil: LocalDateSchema.nullable().describe('Last local date the slot applies (inclusive)'),
  publiclyBookable: z.boolean().describe('Whether public forms may offer this slot'),
  ...timestamps,
});

/**
 * A resource slot blocker: a vacation, holiday or closure. Designed here: `resourceId` null blocks
 * the whole calendar; the interval is half-open `[startDateTime, endDateTime)`.
 */
export const ResourceSlotBlockerSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  calendarId: UuidSchema,
  resourceId: UuidSchema.nullable().describe('The blocked resource, or null for the whole calendar'),
  startDateTime: DateTimeSchema,
  endDateTime: DateTimeSchema,
  reason: z.string().nullable(),
  ...timestamps,
});

/** A link between a resource and a calendar (fields designed here). */
export const ResourceCalendarMappingSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  resourceId: UuidSchema,
  calendarId: UuidSchema,
  createdAt: DateTimeSchema,
});

/** A link between an appointment type and a resource (fields designed here). */
export const AppointmentTypeResourceMappingSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  appointmentTypeId: UuidSchema,
  resourceId: UuidSchema,
  createdAt: DateTimeSchema,
});
