/**
 * The organization-scoped repositories the generic tests cover, with their contract schemas and
 * filter fields.
 *
 * @module
 */
import {
  AppointmentTypeResourceMappingSchema,
  AppointmentTypeNotificationsSchema,
  AppointmentTypeSchema,
  CalendarSchema,
  CustomFieldSchema,
  DateTimeSchema,
  LeadStateSchema,
  OrganizationIdSchema,
  ResourceCalendarMappingSchema,
  ResourceSchema,
  ResourceSlotBlockerSchema,
  ResourceSlotSchema,
  ScheduleTypeSchema,
  TableEntrySchema,
  TableSchema,
  UuidSchema,
} from '@leadbook/contract';
import { z } from 'zod';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { scopedSuite } from './scoped';

/** Registers the generic tests of every organization-scoped repository. */
export function registerScopedTests(harness: ConformanceHarness): void {
  scopedSuite(harness, {
    name: 'calendars',
    repo: (tx) => tx.calendars,
    build: make.calendar,
    schema: CalendarSchema.omit({ count: true }),
    change: (r) => ({ ...r, name: 'Renamed', archived: true, updatedAt: make.later() }),
  });
  scopedSuite(harness, {
    name: 'scheduleTypes',
    repo: (tx) => tx.scheduleTypes,
    build: make.scheduleType,
    schema: ScheduleTypeSchema.omit({ count: true }),
    change: (r) => ({ ...r, name: 'Follow-up', color: '#ffffff' }),
    filters: ['calendarId'],
  });
  scopedSuite(harness, {
    name: 'tables',
    repo: (tx) => tx.tables,
    build: make.table,
    schema: TableSchema.omit({ count: true }),
    change: (r) => ({ ...r, name: 'Trade fair', updatedAt: make.later() }),
  });
  scopedSuite(harness, {
    name: 'leadStates',
    repo: (tx) => tx.leadStates,
    build: make.leadState,
    schema: LeadStateSchema.omit({ count: true }),
    change: (r) => ({ ...r, category: 'completed' as const, default: true, order: 2.5 }),
    filters: ['tableId'],
  });
  scopedSuite(harness, {
    name: 'customFields',
    repo: (tx) => tx.customFields,
    build: make.customField,
    schema: CustomFieldSchema,
    change: (r) => ({ ...r, name: 'Budget range', options: ['low', 'mid', 'high'] }),
    filters: ['tableId'],
  });
  scopedSuite(harness, {
    name: 'entries',
    repo: (tx) => tx.entries,
    build: make.entry,
    schema: TableEntrySchema,
    change: (r) => ({
      ...r,
      data: { email: 'grace@example.com' },
      followUpDate: make.at(90),
      updatedAt: make.later(),
    }),
    filters: ['tableId', 'leadStateId'],
  });
  scopedSuite(harness, {
    name: 'appointmentTypes',
    repo: (tx) => tx.appointmentTypes,
    build: make.appointmentType,
    schema: AppointmentTypeSchema,
    change: (r) => ({ ...r, bookingLength: 45, updatedAt: make.later() }),
  });
  scopedSuite(harness, {
    name: 'notificationSettings',
    repo: (tx) => tx.notificationSettings,
    build: make.notificationSettings,
    schema: AppointmentTypeNotificationsSchema.extend({
      id: UuidSchema,
      organizationId: OrganizationIdSchema,
      updatedAt: DateTimeSchema,
    }).strict(),
    change: (r) => ({ ...r, reminderMinutesBefore: [30], replyTo: undefined, updatedAt: make.later() }),
  });
  scopedSuite(harness, {
    name: 'bookingCalendarEvents',
    repo: (tx) => tx.bookingCalendarEvents,
    build: make.bookingCalendarEvent,
    schema: z
      .object({
        id: UuidSchema,
        organizationId: OrganizationIdSchema,
        linkId: UuidSchema,
        eventId: z.string().min(1),
        startMs: z.number().int(),
        endMs: z.number().int(),
        updatedAt: DateTimeSchema,
      })
      .strict(),
    change: (r) => ({
      ...r,
      startMs: r.startMs + 3_600_000,
      endMs: r.endMs + 3_600_000,
      updatedAt: make.later(),
    }),
  });
  scopedSuite(harness, {
    name: 'resources',
    repo: (tx) => tx.resources,
    build: make.resource,
    schema: ResourceSchema,
    change: (r) => ({ ...r, maxParallelBookings: 3, updatedAt: make.later() }),
  });
  scopedSuite(harness, {
    name: 'resourceSlots',
    repo: (tx) => tx.resourceSlots,
    build: make.resourceSlot,
    schema: ResourceSlotSchema,
    change: (r) => ({ ...r, weekday: 7, endTime: '24:00', updatedAt: make.later() }),
    filters: ['calendarId', 'resourceId'],
  });
  scopedSuite(harness, {
    name: 'blockers',
    repo: (tx) => tx.blockers,
    build: make.blocker,
    schema: ResourceSlotBlockerSchema,
    change: (r) => ({ ...r, resourceId: null, reason: null, updatedAt: make.later() }),
    filters: ['calendarId', 'resourceId'],
  });
  scopedSuite(harness, {
    name: 'resourceCalendarMappings',
    repo: (tx) => tx.resourceCalendarMappings,
    build: make.resourceCalendarMapping,
    schema: ResourceCalendarMappingSchema,
    change: (r) => ({ ...r, calendarId: make.id() }),
    filters: ['calendarId', 'resourceId'],
  });
  scopedSuite(harness, {
    name: 'appointmentTypeResourceMappings',
    repo: (tx) => tx.appointmentTypeResourceMappings,
    build: make.appointmentTypeResourceMapping,
    schema: AppointmentTypeResourceMappingSchema,
    change: (r) => ({ ...r, resourceId: make.id() }),
    filters: ['appointmentTypeId', 'resourceId'],
  });
}
