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
} from '../../../ports/records';
import type { SqlDialect } from '../dialect';
import { scopedTable } from '../scoped-table';

type CalendarAndResource = { calendarId?: string; resourceId?: string };

const byCalendarAndResource = {
  columns: {
    calendar_id: (record: { calendarId: string }) => record.calendarId,
    resource_id: (record: { resourceId: string | null }) => record.resourceId,
  },
  filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
};

/** The lookup repositories in `d`. */
export function lookupRepositories(d: SqlDialect) {
  return {
    calendars: scopedTable<CalendarRecord>(d, { table: 'calendars' }),
    scheduleTypes: scopedTable<ScheduleTypeRecord, { calendarId?: string }>(d, {
      table: 'schedule_types',
      columns: { calendar_id: (record) => record.calendarId },
      filters: { calendarId: 'calendar_id' },
    }),
    appointmentTypes: scopedTable<AppointmentTypeRecord>(d, { table: 'appointment_types' }),
    resources: scopedTable<ResourceRecord>(d, { table: 'resources' }),
    resourceSlots: scopedTable<ResourceSlotRecord, CalendarAndResource>(d, {
      table: 'resource_slots',
      ...byCalendarAndResource,
    }),
    // A null resourceId blocks the whole calendar and matches no resource filter.
    blockers: scopedTable<BlockerRecord, CalendarAndResource>(d, {
      table: 'blockers',
      ...byCalendarAndResource,
    }),
    resourceCalendarMappings: scopedTable<ResourceCalendarMappingRecord, CalendarAndResource>(d, {
      table: 'resource_calendar_mappings',
      ...byCalendarAndResource,
    }),
    appointmentTypeResourceMappings: scopedTable<
      AppointmentTypeResourceMappingRecord,
      { appointmentTypeId?: string; resourceId?: string }
    >(d, {
      table: 'appointment_type_resource_mappings',
      columns: {
        appointment_type_id: (record) => record.appointmentTypeId,
        resource_id: (record) => record.resourceId,
      },
      filters: { appointmentTypeId: 'appointment_type_id', resourceId: 'resource_id' },
    }),
  };
}
