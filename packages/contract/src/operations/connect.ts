/**
 * The Connect API's operations (Bearer token, scopes read/write): the 2.16.0 lookups, availability,
 * lead writes and bookings, and the booking lifecycle extensions (holds, reschedule).
 *
 * @module
 */
import { z } from 'zod';
import { AvailabilityQuerySchema, AvailabilityResponseSchema } from '../availability';
import { CalendarBookingSchema, CreateCalendarBookingBodySchema } from '../booking';
import { CalendarDetailSchema, CalendarSchema } from '../calendar';
import {
  BookingHoldSchema,
  CreateBookingHoldBodySchema,
  RescheduleCalendarBookingBodySchema,
} from '../holds';
import {
  AppointmentTypeResourceMappingSchema,
  AppointmentTypeSchema,
  ResourceCalendarMappingSchema,
  ResourceSchema,
  ResourceSlotBlockerSchema,
  ResourceSlotSchema,
} from '../lookups';
import {
  AppointmentTypeResourceMappingsQuerySchema,
  IdParamsSchema,
  ResourceCalendarMappingsQuerySchema,
  ResourceSlotBlockersQuerySchema,
  ResourceSlotsQuerySchema,
} from '../params';
import { TableDetailSchema, TableSchema } from '../table';
import { CreateTableEntryBodySchema, PatchTableEntryBodySchema, TableEntrySchema } from '../table-entry';
import type { OperationDefinition } from './definition';

const read = {
  surface: 'connect',
  scope: 'read',
  successStatus: 200,
  errorStatuses: [400, 401, 403, 404, 500, 503],
} as const;
const listOf = <T extends z.ZodTypeAny>(schema: T) => z.array(schema);

/** The Connect operations, keyed by operation id, in the order of the OpenAPI document. */
export const connectOperations = {
  listCalendars: {
    ...read,
    operationId: 'listCalendars',
    method: 'GET',
    path: '/connect/calendar/',
    summary: 'List calendars',
    response: listOf(CalendarSchema),
  },
  getCalendar: {
    ...read,
    operationId: 'getCalendar',
    method: 'GET',
    path: '/connect/calendar/:id',
    summary: 'Get a calendar with its schedule types',
    params: IdParamsSchema,
    response: CalendarDetailSchema,
  },
  listTables: {
    ...read,
    operationId: 'listTables',
    method: 'GET',
    path: '/connect/tables/',
    summary: 'List lead pools',
    response: listOf(TableSchema),
  },
  getTable: {
    ...read,
    operationId: 'getTable',
    method: 'GET',
    path: '/connect/tables/:id',
    summary: 'Get a lead pool with its lead states and schema',
    params: IdParamsSchema,
    response: TableDetailSchema,
  },
  listAppointmentTypes: {
    ...read,
    operationId: 'listAppointmentTypes',
    method: 'GET',
    path: '/connect/appointment_types/',
    summary: 'List appointment types',
    response: listOf(AppointmentTypeSchema),
  },
  getAppointmentType: {
    ...read,
    operationId: 'getAppointmentType',
    method: 'GET',
    path: '/connect/appointment_types/:id',
    summary: 'Get an appointment type',
    params: IdParamsSchema,
    response: AppointmentTypeSchema,
  },
  listResources: {
    ...read,
    operationId: 'listResources',
    method: 'GET',
    path: '/connect/resources/',
    summary: 'List resources',
    response: listOf(ResourceSchema),
  },
  getResource: {
    ...read,
    operationId: 'getResource',
    method: 'GET',
    path: '/connect/resources/:id',
    summary: 'Get a resource',
    params: IdParamsSchema,
    response: ResourceSchema,
  },
  listResourceSlots: {
    ...read,
    operationId: 'listResourceSlots',
    method: 'GET',
    path: '/connect/resource_slots/',
    summary: 'List resource slots',
    query: ResourceSlotsQuerySchema,
    response: listOf(ResourceSlotSchema),
  },
  listResourceSlotBlockers: {
    ...read,
    operationId: 'listResourceSlotBlockers',
    method: 'GET',
    path: '/connect/resource_slot_blockers/',
    summary: 'List resource slot blockers',
    query: ResourceSlotBlockersQuerySchema,
    response: listOf(ResourceSlotBlockerSchema),
  },
  listResourceCalendarMappings: {
    ...read,
    operationId: 'listResourceCalendarMappings',
    method: 'GET',
    path: '/connect/resource_calendar_mappings/',
    summary: 'List resource-calendar mappings',
    query: ResourceCalendarMappingsQuerySchema,
    response: listOf(ResourceCalendarMappingSchema),
  },
  listAppointmentTypeResourceMappings: {
    ...read,
    operationId: 'listAppointmentTypeResourceMappings',
    method: 'GET',
    path: '/connect/appointment_type_resource_mappings/',
    summary: 'List appointment-type-resource mappings',
    query: AppointmentTypeResourceMappingsQuerySchema,
    response: listOf(AppointmentTypeResourceMappingSchema),
  },
  searchAvailability: {
    ...read,
    operationId: 'searchAvailability',
    method: 'GET',
    path: '/connect/availability/',
    summary: 'Search bookable intervals of a calendar for an appointment type',
    query: AvailabilityQuerySchema,
    response: AvailabilityResponseSchema,
  },
  createTableEntry: {
    surface: 'connect',
    scope: 'write',
    operationId: 'createTableEntry',
    method: 'POST',
    path: '/connect/table_entries/',
    summary: 'Create a lead entry',
    body: CreateTableEntryBodySchema,
    response: TableEntrySchema,
    successStatus: 201,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500, 503],
  },
  updateTableEntry: {
    surface: 'connect',
    scope: 'write',
    operationId: 'updateTableEntry',
    method: 'PATCH',
    path: '/connect/table_entries/:id',
    summary: 'Merge-patch a lead entry (RFC 7396)',
    params: IdParamsSchema,
    body: PatchTableEntryBodySchema,
    response: TableEntrySchema,
    successStatus: 200,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500, 503],
  },
  createCalendarBooking: {
    surface: 'connect',
    scope: 'write',
    operationId: 'createCalendarBooking',
    method: 'POST',
    path: '/connect/calendar_bookings/',
    summary: 'Create a capacity-checked booking',
    body: CreateCalendarBookingBodySchema,
    response: CalendarBookingSchema,
    successStatus: 201,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500, 503],
    headers: {
      'Idempotency-Key': 'The same key with the same body within 24 hours returns the first booking again',
    },
  },
  getCalendarBooking: {
    ...read,
    operationId: 'getCalendarBooking',
    method: 'GET',
    path: '/connect/calendar_bookings/:id',
    summary: 'Get a booking, with its meeting as it is now',
    description:
      'The booking as the create response shows it, read now: its meeting fields show how far the ' +
      'meeting job got (`pending`, then `created` with the URL, or `failed`).',
    params: IdParamsSchema,
    response: CalendarBookingSchema,
  },
  rescheduleCalendarBooking: {
    surface: 'connect',
    scope: 'write',
    operationId: 'rescheduleCalendarBooking',
    method: 'PATCH',
    path: '/connect/calendar_bookings/:id',
    summary: 'Move a booking to a new interval (extension)',
    description:
      'Capacity and booking rules are rechecked for the new interval in one transaction; the old ' +
      'time is released only when the new one is taken, so a refused reschedule keeps the booking ' +
      'where it was. The `hasStarted`/`hasEnded` timers and the video meeting move with it, and ' +
      '`calendar.appointment.rescheduled` fires with the old and new times.',
    params: IdParamsSchema,
    body: RescheduleCalendarBookingBodySchema,
    response: CalendarBookingSchema,
    successStatus: 200,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500, 503],
  },
  createBookingHold: {
    surface: 'connect',
    scope: 'write',
    operationId: 'createBookingHold',
    method: 'POST',
    path: '/connect/booking_holds/',
    summary: 'Hold one place of a candidate for a few minutes (extension)',
    description:
      'The held place counts as taken for every other booking, hold and availability search until ' +
      'the hold expires or a booking with its `holdId` uses it. At most 100 active holds per API token.',
    body: CreateBookingHoldBodySchema,
    response: BookingHoldSchema,
    successStatus: 201,
    errorStatuses: [400, 401, 403, 404, 413, 415, 500, 503],
  },
  deleteBookingHold: {
    surface: 'connect',
    scope: 'write',
    operationId: 'deleteBookingHold',
    method: 'DELETE',
    path: '/connect/booking_holds/:id',
    summary: 'Release a hold before it expires (extension)',
    params: IdParamsSchema,
    successStatus: 204,
    errorStatuses: [400, 401, 403, 404, 415, 500, 503],
  },
  deleteCalendarBooking: {
    surface: 'connect',
    scope: 'admin',
    operationId: 'deleteCalendarBooking',
    method: 'DELETE',
    path: '/connect/calendar_bookings/:id',
    summary: 'Delete a booking (hard delete)',
    params: IdParamsSchema,
    successStatus: 204,
    errorStatuses: [400, 401, 403, 404, 415, 500, 503],
  },
} as const satisfies Record<string, OperationDefinition>;
