/**
 * Inputs of the console API (`service.admin`) and the declarative seed fixture built from them.
 * In a fixture, every reference (`calendarId`, `resourceId`, `tableId`, ...) may be the id of an
 * item or its `name`, as long as the name is unique within the organization's fixture.
 *
 * @module
 */
import { z } from 'zod';
import { ApiTokenSchema, ScopeSchema } from './auth';
import { bookingRuleFields } from './booking-rules';
import { LEAD_STATE_CATEGORIES, CUSTOM_FIELD_TYPES } from './table';
import {
  ColorSchema,
  DateTimeSchema,
  JsonObjectSchema,
  LocalDateSchema,
  LocalTimeSchema,
  UuidSchema,
} from './primitives';

/** Whether a string is an IANA time-zone name this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const id = UuidSchema.optional().describe('Optional; generated when absent');
const ref = z.string().min(1);
const color = ColorSchema.default('#4f46e5');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Input of `admin.organizations.create`. */
export const OrganizationInputSchema = z
  .object({
    id: z.string().min(1).max(100).optional(),
    name: z.string().min(1),
    resourcePlanner: z.boolean().default(true).describe('Books through resources and appointment types'),
  })
  .strict();

/** Input of `admin.apiTokens.create` (without the organization). */
export const ApiTokenInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    scopes: z.array(ScopeSchema).min(1),
    token: ApiTokenSchema.optional().describe('A fixed token for tests; generated when absent'),
  })
  .strict();

/** Input of `admin.calendars.create`. */
export const CalendarInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    color,
    tzdata: z.string().refine(isValidTimeZone, 'Must be an IANA time-zone name such as Europe/Berlin'),
    archived: z.boolean().default(false),
  })
  .strict();

/** Input of `admin.scheduleTypes.create`. */
export const ScheduleTypeInputSchema = z
  .object({ id, calendarId: ref, name: z.string().min(1), color })
  .strict();

/** Input of `admin.leadStates.create` (without the pool when nested in a pool). */
export const LeadStateInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    color,
    category: z.enum(LEAD_STATE_CATEGORIES),
    default: z.boolean().default(false),
    order: z.number().optional().describe('Defaults to the position in the pool'),
  })
  .strict();

/** Input of `admin.customFields.create` (without the pool when nested in a pool). */
export const CustomFieldInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z.array(z.string().min(1)).optional(),
  })
  .strict()
  .refine((field) => !['select', 'multiselect'].includes(field.type) || (field.options?.length ?? 0) > 0, {
    message: 'select and multiselect fields need options',
    path: ['options'],
  });

/** Input of `admin.tables.create`: a pool with its lead states (at most one default) and custom fields. */
export const TableInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    color,
    leadStates: z.array(LeadStateInputSchema).default([]),
    customFields: z.array(CustomFieldInputSchema).default([]),
  })
  .strict()
  .refine((table) => table.leadStates.filter((state) => state.default).length <= 1, {
    message: 'At most one lead state may be the default',
    path: ['leadStates'],
  });

/** Input of `admin.appointmentTypes.create`. Lengths are whole minutes. */
export const AppointmentTypeInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    color,
    bookingLength: z
      .number()
      .int()
      .positive()
      .max(24 * 60),
    searchLength: z
      .number()
      .int()
      .positive()
      .max(24 * 60),
    ...bookingRuleFields,
  })
  .strict();

/** Input of `admin.resources.create`; `calendarIds` and `appointmentTypeIds` create the mappings. */
export const ResourceInputSchema = z
  .object({
    id,
    name: z.string().min(1),
    color,
    maxParallelBookings: z.number().int().positive().max(10_000),
    calendarIds: z.array(ref).default([]),
    appointmentTypeIds: z.array(ref).default([]),
  })
  .strict();

/** Input of `admin.resourceSlots.create`: a weekly window; `startTime` must precede `endTime`. */
export const ResourceSlotInputSchema = z
  .object({
    id,
    calendarId: ref,
    resourceId: ref,
    weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday'),
    startTime: LocalTimeSchema,
    endTime: LocalTimeSchema,
    validFrom: LocalDateSchema.nullable().default(null),
    validUntil: LocalDateSchema.nullable().default(null),
    publiclyBookable: z.boolean().default(true),
  })
  .strict()
  .refine((slot) => minutesOf(slot.startTime) < minutesOf(slot.endTime), {
    message: 'startTime must be before endTime',
    path: ['endTime'],
  })
  .refine((slot) => !slot.validFrom || !slot.validUntil || slot.validFrom <= slot.validUntil, {
    message: 'validFrom must not be after validUntil',
    path: ['validUntil'],
  });

/** Input of `admin.blockers.create`; `resourceId` null blocks the whole calendar. */
export const BlockerInputSchema = z
  .object({
    id,
    calendarId: ref,
    resourceId: ref.nullable().default(null),
    startDateTime: DateTimeSchema,
    endDateTime: DateTimeSchema,
    reason: z.string().nullable().default(null),
  })
  .strict()
  .refine((blocker) => Date.parse(blocker.startDateTime) < Date.parse(blocker.endDateTime), {
    message: 'startDateTime must be before endDateTime',
    path: ['endDateTime'],
  });

/** A lead entry in a fixture; `leadStateId` defaults to the pool's default state. */
export const EntryFixtureSchema = z
  .object({
    tableId: ref,
    leadStateId: ref.optional(),
    data: JsonObjectSchema,
    customFieldData: JsonObjectSchema.optional(),
  })
  .strict();

/** One organization of a fixture with everything it owns. */
export const OrganizationFixtureSchema = OrganizationInputSchema.extend({
  apiTokens: z.array(ApiTokenInputSchema).default([]),
  calendars: z
    .array(
      CalendarInputSchema.extend({
        scheduleTypes: z.array(z.object({ id, name: z.string().min(1), color })).default([]),
      }),
    )
    .default([]),
  tables: z.array(TableInputSchema).default([]),
  appointmentTypes: z.array(AppointmentTypeInputSchema).default([]),
  resources: z.array(ResourceInputSchema).default([]),
  resourceSlots: z.array(ResourceSlotInputSchema).default([]),
  blockers: z.array(BlockerInputSchema).default([]),
  entries: z.array(EntryFixtureSchema).default([]),
}).strict();

/** A declarative fixture for `service.admin.seed()`: loaded in one transaction, all or nothing. */
export const SeedFixtureSchema = z
  .object({ organizations: z.array(OrganizationFixtureSchema).min(1) })
  .strict();
