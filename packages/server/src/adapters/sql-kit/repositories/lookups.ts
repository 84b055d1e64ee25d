/**
 * Calendars, legacy schedule types, appointment types, resources, resource slots, blockers and
 * the two mapping kinds: scoped tables, resources also listed by what they are mapped to,
 * blockers also found by time.
 *
 * @module
 */
import type {
  AppointmentTypeRecord,
  AppointmentTypeResourceMappingRecord,
  BlockerRecord,
  CalendarRecord,
  NotificationSettingsRecord,
  BookingCalendarEventRecord,
  ResourceCalendarMappingRecord,
  ResourceRecord,
  ResourceSlotRecord,
  ScheduleTypeRecord,
} from '../../../ports/records';
import type { BlockerRepository, ResourceRepository } from '../../../ports/storage';
import { statement, type Placeholders, type SqlDialect } from '../dialect';
import { docsOf, timeOf } from '../documents';
import type { SqlExecutor } from '../executor';
import { scopedTable } from '../scoped-table';

type CalendarAndResource = { calendarId?: string; resourceId?: string };

const byCalendarAndResource = {
  columns: {
    calendar_id: (record: { calendarId: string }) => record.calendarId,
    resource_id: (record: { resourceId: string | null }) => record.resourceId,
  },
  filters: { calendarId: 'calendar_id', resourceId: 'resource_id' },
};

/**
 * Blockers in `d`: a null resourceId blocks the whole calendar and matches no resource filter.
 * Their times are columns too, so a search reads only those that overlap it.
 */
function blockerRepository(d: SqlDialect): (exec: SqlExecutor) => BlockerRepository {
  const blockers = scopedTable<BlockerRecord, CalendarAndResource>(d, {
    table: 'blockers',
    columns: {
      ...byCalendarAndResource.columns,
      start_ms: (record) => timeOf(d, record.startDateTime),
      end_ms: (record) => timeOf(d, record.endDateTime),
    },
    filters: byCalendarAndResource.filters,
  });
  // The index on (organization, calendar, end) skips the calendar's past; few blockers lie ahead.
  const overlapping = statement(
    d,
    (p) => `SELECT doc FROM ${d.table('blockers')}
    WHERE organization_id = ${p.value()} AND calendar_id = ${p.value()}
      AND end_ms > ${p.value()} AND start_ms < ${p.value()}
    ORDER BY seq`,
  );
  return (exec) => ({
    ...blockers(exec),
    async listOverlapping(organizationId, calendarId, startMs, endMs) {
      return docsOf<BlockerRecord>(
        d,
        await exec.all(overlapping, [organizationId, calendarId, startMs, endMs]),
      );
    },
  });
}

/** Resources in `d`, also listed by what they are mapped to. */
function resourceRepository(d: SqlDialect): (exec: SqlExecutor) => ResourceRepository {
  const resources = scopedTable<ResourceRecord>(d, { table: 'resources' });
  // Driven by the calendar's mappings (ids are unique across organizations), so the organization's
  // other resources are never visited; semi-joins, so a resource mapped twice still comes once.
  // Placeholders are numbered in the order the conditions are written.
  const onCalendar = (p: Placeholders) => `r.id IN (
      SELECT resource_id FROM ${d.table('resource_calendar_mappings')}
      WHERE organization_id = ${p.value()} AND calendar_id = ${p.value()})`;
  const forType = (p: Placeholders) => `EXISTS (
      SELECT 1 FROM ${d.table('appointment_type_resource_mappings')} m
      WHERE m.organization_id = ${p.value()} AND m.appointment_type_id = ${p.value()} AND m.resource_id = r.id)`;
  const select = (where: (p: Placeholders) => string) =>
    statement(d, (p) => `SELECT doc FROM ${d.table('resources')} r WHERE ${where(p)} ORDER BY r.seq`);
  const mappedToCalendar = select(onCalendar);
  const mappedToBoth = select((p) => `${onCalendar(p)} AND ${forType(p)}`);
  return (exec) => ({
    ...resources(exec),
    async listMapped(organizationId, { calendarId, appointmentTypeId }) {
      const rows =
        appointmentTypeId === undefined
          ? await exec.all(mappedToCalendar, [organizationId, calendarId])
          : await exec.all(mappedToBoth, [organizationId, calendarId, organizationId, appointmentTypeId]);
      // A mapping that names another organization's resource shows nothing of it.
      return docsOf<ResourceRecord>(d, rows).filter((resource) => resource.organizationId === organizationId);
    },
  });
}

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
    notificationSettings: scopedTable<NotificationSettingsRecord>(d, { table: 'notification_settings' }),
    bookingCalendarEvents: scopedTable<BookingCalendarEventRecord>(d, { table: 'booking_calendar_events' }),
    resources: resourceRepository(d),
    resourceSlots: scopedTable<ResourceSlotRecord, CalendarAndResource>(d, {
      table: 'resource_slots',
      ...byCalendarAndResource,
    }),
    blockers: blockerRepository(d),
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
