/**
 * Record builders of the storage conformance suite. Every builder returns a record that parses
 * against its contract schema; `overrides` replace fields.
 *
 * @module
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServiceEvent } from '@leadbook/contract';
import type {
  ActivityRecord,
  ApiTokenRecord,
  AppointmentTypeRecord,
  AppointmentTypeResourceMappingRecord,
  BlockerRecord,
  BookingRecord,
  CalendarRecord,
  CustomFieldRecord,
  HoldRecord,
  IdempotencyRecord,
  JobRecord,
  LeadStateRecord,
  NotificationSettingsRecord,
  BookingCalendarEventRecord,
  OrganizationRecord,
  ResourceCalendarMappingRecord,
  ResourceRecord,
  ResourceSlotRecord,
  ScheduleTypeRecord,
  TableEntryRecord,
  TableRecord,
  TableSchemaRecord,
} from '../../ports/records';

const BASE_MS = Date.UTC(2026, 0, 5, 8, 0, 0);
let tick = 0;

/** A fresh UUID. */
export const id = (): string => randomUUID();

/** An ISO time `minutes` after 2026-01-05T08:00Z. */
export const at = (minutes: number): string => new Date(BASE_MS + minutes * 60_000).toISOString();

/** Epoch milliseconds `minutes` after 2026-01-05T08:00Z. */
export const ms = (minutes: number): number => BASE_MS + minutes * 60_000;

/** A strictly increasing ISO time, so records made later were also created later. */
export const later = (): string => new Date(BASE_MS + ++tick * 1000).toISOString();

/** A new organization id. */
export const orgId = (): string => `org_${randomBytes(6).toString('hex')}`;

const stamps = () => {
  const time = later();
  return { createdAt: time, updatedAt: time };
};

/** An organization. */
export const organization = (overrides: Partial<OrganizationRecord> = {}): OrganizationRecord => ({
  id: orgId(),
  name: 'Acme Dental',
  resourcePlanner: true,
  createdAt: later(),
  ...overrides,
});

/** An API token record with a random digest. */
export const apiToken = (
  organizationId: string,
  overrides: Partial<ApiTokenRecord> = {},
): ApiTokenRecord => ({
  id: id(),
  organizationId,
  name: 'CRM sync',
  digest: randomBytes(32).toString('hex'),
  scopes: ['read', 'write'],
  createdAt: later(),
  revokedAt: null,
  ...overrides,
});

/** A calendar. */
export const calendar = (
  organizationId: string,
  overrides: Partial<CalendarRecord> = {},
): CalendarRecord => ({
  id: id(),
  organizationId,
  name: 'Main office',
  color: '#1a2b3c',
  archived: false,
  tzdata: 'Europe/Berlin',
  ...stamps(),
  ...overrides,
});

/** A legacy schedule type. */
export const scheduleType = (
  organizationId: string,
  overrides: Partial<ScheduleTypeRecord> = {},
): ScheduleTypeRecord => ({
  id: id(),
  organizationId,
  calendarId: id(),
  name: 'Consultation',
  color: '#00aa00',
  ...overrides,
});

/** A lead pool. */
export const table = (organizationId: string, overrides: Partial<TableRecord> = {}): TableRecord => ({
  id: id(),
  organizationId,
  name: 'Website leads',
  color: '#334455',
  archived: false,
  ...stamps(),
  ...overrides,
});

/** A lead state. */
export const leadState = (
  organizationId: string,
  overrides: Partial<LeadStateRecord> = {},
): LeadStateRecord => ({
  id: id(),
  organizationId,
  tableId: id(),
  name: 'New',
  color: '#aabbcc',
  order: 1,
  category: 'new',
  default: false,
  ...overrides,
});

/** A custom field. */
export const customField = (
  organizationId: string,
  overrides: Partial<CustomFieldRecord> = {},
): CustomFieldRecord => ({
  id: id(),
  organizationId,
  tableId: id(),
  name: 'Budget',
  type: 'select',
  options: ['low', 'high'],
  ...overrides,
});

/** A lead entry. */
export const entry = (
  organizationId: string,
  overrides: Partial<TableEntryRecord> = {},
): TableEntryRecord => ({
  id: id(),
  organizationId,
  tableId: id(),
  leadStateId: id(),
  archived: false,
  data: { email: 'ada@example.com', tags: ['vip'], nested: { score: 3 } },
  customFieldData: {},
  firstOpenedAt: null,
  followUpDate: null,
  interestedInAppointmentTypeId: null,
  ...stamps(),
  ...overrides,
});

/** An appointment type. */
export const appointmentType = (
  organizationId: string,
  overrides: Partial<AppointmentTypeRecord> = {},
): AppointmentTypeRecord => ({
  id: id(),
  organizationId,
  name: 'Check-up',
  color: '#123456',
  bookingLength: 30,
  searchLength: 15,
  archived: false,
  ...stamps(),
  ...overrides,
});

/** The event a booking became in an external calendar (stored under the booking's id). */
export const bookingCalendarEvent = (
  organizationId: string,
  overrides: Partial<BookingCalendarEventRecord> = {},
): BookingCalendarEventRecord => ({
  id: id(),
  organizationId,
  linkId: id(),
  eventId: 'https://dav.example.com/calendars/coach/work/booking-1.ics',
  startMs: Date.parse(at(7)),
  endMs: Date.parse(at(7)) + 3_600_000,
  updatedAt: later(),
  ...overrides,
});

/** A notification setting of an appointment type (stored under the type's id). */
export const notificationSettings = (
  organizationId: string,
  overrides: Partial<NotificationSettingsRecord> = {},
): NotificationSettingsRecord => ({
  id: id(),
  organizationId,
  confirmation: true,
  reschedule: true,
  cancellation: false,
  reminderMinutesBefore: [1440, 60],
  from: { email: 'bookings@example.com', name: 'Studio' },
  replyTo: 'desk@example.com',
  updatedAt: later(),
  ...overrides,
});

/** A resource. */
export const resource = (
  organizationId: string,
  overrides: Partial<ResourceRecord> = {},
): ResourceRecord => ({
  id: id(),
  organizationId,
  name: 'Room 1',
  color: '#654321',
  maxParallelBookings: 1,
  archived: false,
  ...stamps(),
  ...overrides,
});

/** A resource slot. */
export const resourceSlot = (
  organizationId: string,
  overrides: Partial<ResourceSlotRecord> = {},
): ResourceSlotRecord => ({
  id: id(),
  organizationId,
  calendarId: id(),
  resourceId: id(),
  weekday: 1,
  startTime: '09:00',
  endTime: '17:00',
  validFrom: null,
  validUntil: '2026-12-31',
  publiclyBookable: true,
  ...stamps(),
  ...overrides,
});

/** A blocker. */
export const blocker = (organizationId: string, overrides: Partial<BlockerRecord> = {}): BlockerRecord => ({
  id: id(),
  organizationId,
  calendarId: id(),
  resourceId: id(),
  startDateTime: at(0),
  endDateTime: at(60),
  reason: 'Holiday',
  ...stamps(),
  ...overrides,
});

/** A resource-calendar mapping. */
export const resourceCalendarMapping = (
  organizationId: string,
  overrides: Partial<ResourceCalendarMappingRecord> = {},
): ResourceCalendarMappingRecord => ({
  id: id(),
  organizationId,
  resourceId: id(),
  calendarId: id(),
  createdAt: later(),
  ...overrides,
});

/** An appointment-type-resource mapping. */
export const appointmentTypeResourceMapping = (
  organizationId: string,
  overrides: Partial<AppointmentTypeResourceMappingRecord> = {},
): AppointmentTypeResourceMappingRecord => ({
  id: id(),
  organizationId,
  appointmentTypeId: id(),
  resourceId: id(),
  createdAt: later(),
  ...overrides,
});

/** A pool schema. */
export const tableSchema = (
  organizationId: string,
  tableId: string,
  overrides: Partial<TableSchemaRecord> = {},
): TableSchemaRecord => ({
  id: id(),
  organizationId,
  tableId,
  ...stamps(),
  fields: {
    email: {
      friendlyName: 'Email',
      type: 'string',
      specialType: 'email',
      frequency: 2,
      lastSeen: at(5),
      isDeprecated: false,
    },
  },
  ...overrides,
});

/** A booking from minute `from` to minute `to` (after 2026-01-05T08:00Z). */
export const booking = (
  organizationId: string,
  from: number,
  to: number,
  overrides: Partial<BookingRecord> = {},
): BookingRecord => ({
  id: id(),
  organizationId,
  calendarId: id(),
  name: null,
  createdAt: later(),
  startDateTime: at(from),
  endDateTime: at(to),
  startMs: ms(from),
  endMs: ms(to),
  tableEntryId: null,
  resourceId: id(),
  appointmentTypeId: id(),
  resourceSlotId: id(),
  calendarScheduleTypeId: null,
  calendarScheduleTypeSlotId: null,
  trigger: { source: 'connect', apiTokenId: id(), memberId: null },
  ...overrides,
});

/** An activity event: a `table.entry.added` event, or a `calendar.appointment.booked` one. */
export const activity = (
  organizationId: string,
  type: 'table.entry.added' | 'calendar.appointment.booked' = 'table.entry.added',
): ActivityRecord => {
  const envelope = {
    id: id(),
    occurredAt: later(),
    organizationId,
    trigger: { source: 'console' as const, apiTokenId: null, memberId: 'member-1' },
  };
  const event: ServiceEvent =
    type === 'table.entry.added'
      ? { ...envelope, type, payload: { entry: entry(organizationId) } }
      : {
          ...envelope,
          type,
          payload: {
            booking: {
              id: id(),
              organizationId,
              calendarId: id(),
              createdAt: at(0),
              startDateTime: at(60),
              endDateTime: at(90),
            },
          },
        };
  return event;
};

/** A job due at `runAt`. */
export const job = (key: string, runAt: number, overrides: Partial<JobRecord> = {}): JobRecord => ({
  key,
  runAt,
  type: 'calendar.appointment.hasStarted',
  payload: { bookingId: id(), attempt: 1 },
  createdAt: later(),
  ...overrides,
});

/** A stored idempotent answer. */
export const idempotency = (
  organizationId: string,
  overrides: Partial<IdempotencyRecord> = {},
): IdempotencyRecord => ({
  organizationId,
  scope: 'POST /connect/calendar_bookings/',
  key: id(),
  requestHash: randomBytes(32).toString('hex'),
  status: 201,
  body: { id: id(), nested: { list: [1, 'two', null] } },
  createdAt: later(),
  ...overrides,
});

/** A hold of `resourceId` on `[from, to)` (minutes after the base instant), expiring at `expires`. */
export const hold = (
  organizationId: string,
  resourceId: string,
  [from, to, expires]: [number, number, number],
  overrides: Partial<HoldRecord> = {},
): HoldRecord => ({
  id: id(),
  organizationId,
  holder: `token:${id()}`,
  calendarId: id(),
  appointmentTypeId: id(),
  resourceId,
  resourceSlotId: id(),
  startDateTime: at(from),
  endDateTime: at(to),
  startMs: ms(from),
  endMs: ms(to),
  bufferBeforeMs: 0,
  bufferAfterMs: 0,
  expiresMs: ms(expires),
  expiresAt: at(expires),
  createdAt: later(),
  ...overrides,
});
