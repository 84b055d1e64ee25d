/**
 * Path and query parameters of the Connect API.
 *
 * @module
 */
import { z } from 'zod';
import { UuidSchema } from './primitives';

/** The `:id` path parameter: a UUID. */
export const IdParamsSchema = z.object({ id: UuidSchema.describe('A UUID') }).strict();

/** The query of `GET /connect/resource_slots/`. */
export const ResourceSlotsQuerySchema = z
  .object({ calendarId: UuidSchema.optional(), resourceId: UuidSchema.optional() })
  .strict();

/** The query of `GET /connect/resource_slot_blockers/`. */
export const ResourceSlotBlockersQuerySchema = z
  .object({ calendarId: UuidSchema.optional(), resourceId: UuidSchema.optional() })
  .strict();

/** The ID filters of `GET /connect/resource_calendar_mappings/`. */
export const ResourceCalendarMappingsQuerySchema = z
  .object({ calendarId: UuidSchema.optional(), resourceId: UuidSchema.optional() })
  .strict();

/**
 * The ID filters of `GET /connect/appointment_type_resource_mappings/`. With `calendarId`, only
 * mappings whose resource is mapped to that calendar are returned: the appointment types bookable there.
 */
export const AppointmentTypeResourceMappingsQuerySchema = z
  .object({
    calendarId: UuidSchema.optional(),
    resourceId: UuidSchema.optional(),
    appointmentTypeId: UuidSchema.optional(),
  })
  .strict();
