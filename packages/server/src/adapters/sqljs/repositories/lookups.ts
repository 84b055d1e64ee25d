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
import { defineScopedTable } from '../doc-table';

type CalendarAndResource = { calendarId?: string; resourceId?: string };

/** Calendars. */
export const calendarRepository = defineScopedTable<CalendarRecord>({ table: 'calendars' });

/** Legacy schedule types. */
export const scheduleTypeRepository = defineScopedTable<ScheduleTypeRecord, { calendarId?: string }>({
  table: 'schedule_types',
  columns: { calendar_id: (record) => record.calendarId },
  filters: { calendarId: 'calendar_id' },
});

/** Appointment types. */
export const appointmentTypeRepository = defineScopedTable<AppointmentTypeRecord>({
  table: 'appointment_types',
});

/** Resources. */
export const resourceRepository = defineScopedTable<ResourceRecord>({ table: 'resources' });

/** Resource slots. */
export const resourceSlotRepository = defineScopedTable<ResourceSlotRecord, CalendarAndResource>({
  table: 'resource_slots',
  columns: { calendar_id: (record) => record.calendarId, resource_id: (record) => record.resourceId },
  filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
});

/** Blockers (a null `resourceId` blocks the whole calendar and matches no resource filter). */
export const blockerRepository = defineScopedTable<BlockerRecord, CalendarAndResource>({
  table: 'blockers',
  columns: { calendar_id: (record) => record.calendarId, resource_id: (record) => record.resourceId },
  filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
});

/** Resource-calendar mappings. */
export const resourceCalendarMappingRepository = defineScopedTable<
  ResourceCalendarMappingRecord,
  CalendarAndResource
>({
  table: 'resource_calendar_mappings',
  columns: { calendar_id: (record) => record.calendarId, resource_id: (record) => record.resourceId },
  filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
});

/** Appointment-type-resource mappings. */
export const appointmentTypeResourceMappingRepository = defineScopedTable<
  AppointmentTypeResourceMappingRecord,
  { appointmentTypeId?: string; resourceId?: string }
>({
  table: 'appointment_type_resource_mappings',
  columns: {
    appointment_type_id: (record) => record.appointmentTypeId,
    resource_id: (record) => record.resourceId,
  },
  filters: { appointmentTypeId: 'appointment_type_id', resourceId: 'resource_id' },
});
