/**
 * The schemas the OpenAPI document names under `components.schemas`.
 *
 * @module
 * @internal
 */
import type { z } from 'zod';
import { AvailabilityResponseSchema, AvailabilitySlotSchema } from '../availability';
import { CalendarBookingSchema, CreateCalendarBookingBodySchema } from '../booking';
import { CalendarDetailSchema, CalendarSchema, ScheduleTypeSchema } from '../calendar';
import {
  ConnectAuthErrorSchema,
  ConnectErrorSchema,
  IngressErrorSchema,
  PublicFormErrorSchema,
} from '../errors';
import { PublicFormConfigSchema } from '../form';
import { PublicCalendarSchema } from '../public-calendars';
import {
  BookingHoldSchema,
  CreateBookingHoldBodySchema,
  PublicHoldBodySchema,
  RescheduleCalendarBookingBodySchema,
} from '../holds';
import { IngressBodySchema } from '../ingress';
import {
  AppointmentTypeResourceMappingSchema,
  AppointmentTypeSchema,
  ResourceCalendarMappingSchema,
  ResourceSchema,
  ResourceSlotBlockerSchema,
  ResourceSlotSchema,
} from '../lookups';
import {
  PublicAppointmentTypeSchema,
  PublicFormAvailabilitySchema,
  PublicSlotSchema,
  PublicSlotsResponseSchema,
  SubmitBodySchema,
  SubmitResponseSchema,
  TelemetryBodySchema,
} from '../public-form';
import { LeadStateSchema, TableDetailSchema, TableSchema } from '../table';
import { CreateTableEntryBodySchema, PatchTableEntryBodySchema, TableEntrySchema } from '../table-entry';

const entries: Array<[z.ZodTypeAny, string]> = [
  [CalendarSchema, 'Calendar'],
  [CalendarDetailSchema, 'CalendarDetail'],
  [ScheduleTypeSchema, 'ScheduleType'],
  [TableSchema, 'Table'],
  [TableDetailSchema, 'TableDetail'],
  [LeadStateSchema, 'LeadState'],
  [TableEntrySchema, 'TableEntry'],
  [CreateTableEntryBodySchema, 'CreateTableEntryBody'],
  [PatchTableEntryBodySchema, 'PatchTableEntryBody'],
  [CalendarBookingSchema, 'CalendarBooking'],
  [CreateCalendarBookingBodySchema, 'CreateCalendarBookingBody'],
  [RescheduleCalendarBookingBodySchema, 'RescheduleCalendarBookingBody'],
  [CreateBookingHoldBodySchema, 'CreateBookingHoldBody'],
  [PublicHoldBodySchema, 'PublicHoldBody'],
  [BookingHoldSchema, 'BookingHold'],
  [AppointmentTypeSchema, 'AppointmentType'],
  [ResourceSchema, 'Resource'],
  [ResourceSlotSchema, 'ResourceSlot'],
  [ResourceSlotBlockerSchema, 'ResourceSlotBlocker'],
  [ResourceCalendarMappingSchema, 'ResourceCalendarMapping'],
  [AppointmentTypeResourceMappingSchema, 'AppointmentTypeResourceMapping'],
  [AvailabilitySlotSchema, 'AvailabilitySlot'],
  [AvailabilityResponseSchema, 'AvailabilityResponse'],
  [PublicFormAvailabilitySchema, 'PublicFormAvailability'],
  [PublicSlotSchema, 'PublicSlot'],
  [PublicSlotsResponseSchema, 'PublicSlotsResponse'],
  [PublicAppointmentTypeSchema, 'PublicAppointmentType'],
  [PublicFormConfigSchema, 'PublicFormConfig'],
  [PublicCalendarSchema, 'PublicCalendar'],
  [SubmitBodySchema, 'SubmitBody'],
  [SubmitResponseSchema, 'SubmitResponse'],
  [TelemetryBodySchema, 'TelemetryBody'],
  [IngressBodySchema, 'IngressBody'],
  [ConnectErrorSchema, 'ConnectError'],
  [ConnectAuthErrorSchema, 'ConnectAuthError'],
  [PublicFormErrorSchema, 'PublicFormError'],
  [IngressErrorSchema, 'IngressError'],
];

/** Schema object to component name. */
export const namedSchemas: ReadonlyMap<z.ZodTypeAny, string> = new Map(entries);
