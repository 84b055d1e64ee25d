/**
 * Calendars, legacy schedule types, appointment types, resources, resource slots, blockers and
 * the two mapping kinds: all plain scoped tables.
 *
 * @module
 */
import type {
  AppointmentTypeRecord,
  AppointmentTypeResourceMappingRecord,
  BlockerRecord,
  CalendarRecord,
  ResourceCalendarMappingRecord,
  ResourceRecord,
  ResourceSlotRecord,
  ScheduleTypeRecord,
} from '@leadbook/server';
import { defineScopedTable } from '../doc-table';

type CalendarAndResource = { calendarId?: string; resourceId?: string };

/** The lookup repositories of the schema `s` (a quoted identifier). */
export function lookupRepositories(s: string) {
  return {
    calendars: defineScopedTable<CalendarRecord>({ table: `${s}.calendars` }),
    scheduleTypes: defineScopedTable<ScheduleTypeRecord, { calendarId?: string }>({
      table: `${s}.schedule_types`,
      columns: { calendar_id: (record) => record.calendarId },
      filters: { calendarId: 'calendar_id' },
    }),
    appointmentTypes: defineScopedTable<AppointmentTypeRecord>({ table: `${s}.appointment_types` }),
    resources: defineScopedTable<ResourceRecord>({ table: `${s}.resources` }),
    resourceSlots: defineScopedTable<ResourceSlotRecord, CalendarAndResource>({
      table: `${s}.resource_slots`,
      columns: { calendar_id: (record) => record.calendarId, resource_id: (record) => record.resourceId },
      filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
    }),
    // A null resourceId blocks the whole calendar and matches no resource filter.
    blockers: defineScopedTable<BlockerRecord, CalendarAndResource>({
      table: `${s}.blockers`,
      columns: { calendar_id: (record) => record.calendarId, resource_id: (record) => record.resourceId },
      filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
    }),
    resourceCalendarMappings: defineScopedTable<ResourceCalendarMappingRecord, CalendarAndResource>({
      table: `${s}.resource_calendar_mappings`,
      columns: { calendar_id: (record) => record.calendarId, resource_id: (record) => record.resourceId },
      filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
    }),
    appointmentTypeResourceMappings: defineScopedTable<
      AppointmentTypeResourceMappingRecord,
      { appointmentTypeId?: string; resourceId?: string }
    >({
      table: `${s}.appointment_type_resource_mappings`,
      columns: {
        appointment_type_id: (record) => record.appointmentTypeId,
        resource_id: (record) => record.resourceId,
      },
      filters: { appointmentTypeId: 'appointment_type_id', resourceId: 'resource_id' },
    }),
  };
}
