import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as c from '../src/index';
import * as ex from './examples';

const ok: Array<[string, z.ZodTypeAny, unknown]> = [
  ['Calendar', c.CalendarSchema, ex.calendar],
  ['CalendarDetail', c.CalendarDetailSchema, { ...ex.calendar, scheduleTypes: [ex.scheduleType] }],
  ['Table', c.TableSchema, ex.table],
  ['Table with null organization', c.TableSchema, { ...ex.table, organizationId: null }],
  ['TableDetail', c.TableDetailSchema, ex.tableDetail],
  ['LeadState', c.LeadStateSchema, ex.leadState],
  [
    'TableSchemaField',
    c.TableSchemaFieldSchema,
    { ...ex.schemaField, validation: { required: true, min: 1 } },
  ],
  ['TableEntry', c.TableEntrySchema, ex.entry],
  ['CalendarBooking', c.CalendarBookingSchema, ex.booking],
  ['AppointmentType', c.AppointmentTypeSchema, ex.appointmentType],
  ['Resource', c.ResourceSchema, ex.resource],
  ['ResourceSlot', c.ResourceSlotSchema, ex.resourceSlot],
  ['ResourceSlotBlocker', c.ResourceSlotBlockerSchema, ex.blocker],
  [
    'ResourceCalendarMapping',
    c.ResourceCalendarMappingSchema,
    {
      id: ex.ids.slot,
      organizationId: 'o',
      resourceId: ex.ids.resource,
      calendarId: ex.ids.calendar,
      createdAt: ex.booking.createdAt,
    },
  ],
  [
    'AppointmentTypeResourceMapping',
    c.AppointmentTypeResourceMappingSchema,
    {
      id: ex.ids.slot,
      organizationId: 'o',
      resourceId: ex.ids.resource,
      appointmentTypeId: ex.ids.type,
      createdAt: ex.booking.createdAt,
    },
  ],
  ['AvailabilityResponse', c.AvailabilityResponseSchema, { data: [ex.availabilitySlot] }],
  [
    'PublicSlotsResponse',
    c.PublicSlotsResponseSchema,
    { data: [ex.publicSlot], meta: { appointmentTypeName: 'Trial', bookingLength: 60, searchLength: 15 } },
  ],
  ['PublicAppointmentType', c.PublicAppointmentTypeSchema, { id: ex.ids.type, name: 'Trial', duration: 60 }],
  [
    'PublicFormAvailability',
    c.PublicFormAvailabilitySchema,
    { available: true, captchaProvider: 'turnstile' },
  ],
  [
    'PublicFormAvailability without captcha',
    c.PublicFormAvailabilitySchema,
    { available: true, captchaProvider: null },
  ],
  ['IdParams', c.IdParamsSchema, { id: ex.ids.calendar }],
  ['ResourceSlotsQuery', c.ResourceSlotsQuerySchema, { calendarId: ex.ids.calendar }],
  ['ResourceSlotBlockersQuery', c.ResourceSlotBlockersQuerySchema, {}],
  ['ResourceCalendarMappingsQuery', c.ResourceCalendarMappingsQuerySchema, { resourceId: ex.ids.resource }],
  [
    'AppointmentTypeResourceMappingsQuery',
    c.AppointmentTypeResourceMappingsQuerySchema,
    { calendarId: ex.ids.calendar },
  ],
  [
    'AvailabilityQuery',
    c.AvailabilityQuerySchema,
    {
      calendarId: ex.ids.calendar,
      appointmentTypeId: ex.ids.type,
      start: '2025-03-30T00:00:00Z',
      end: '2025-04-06T00:00:00+02:00',
    },
  ],
  [
    'CreateTableEntryBody',
    c.CreateTableEntryBodySchema,
    { tableId: ex.ids.table, data: { a: { b: 1 } }, leadStateId: ex.ids.state },
  ],
  [
    'PatchTableEntryBody',
    c.PatchTableEntryBodySchema,
    { data: { a: null }, customFieldData: null, firstOpenedAt: null },
  ],
  [
    'CreateCalendarBookingBody',
    c.CreateCalendarBookingBodySchema,
    {
      calendarId: ex.ids.calendar,
      startDateTime: '2025-03-30T09:00:00Z',
      endDateTime: '2025-03-30T10:00:00Z',
      resourceId: ex.ids.resource,
      appointmentTypeId: ex.ids.type,
      entryId: ex.ids.entry,
      tableEntryId: ex.ids.entry,
    },
  ],
  [
    'PublicSlotsQuery',
    c.PublicSlotsQuerySchema,
    {
      appointmentTypeId: ex.ids.type,
      calendarId: ex.ids.calendar,
      start: '2025-03-30T00:00:00Z',
      end: '2025-03-31T00:00:00Z',
      fieldId: 'booking',
    },
  ],
  ['PublicAppointmentTypesQuery', c.PublicAppointmentTypesQuerySchema, { calendarId: ex.ids.calendar }],
  [
    'SubmitBody',
    c.SubmitBodySchema,
    {
      data: { [ex.ids.entry]: 'Ada', [ex.ids.state]: ['a', 'b'], [ex.ids.slot]: true },
      captchaToken: 'tok',
      studioId: 'berlin',
      bookingSlot: {
        appointmentTypeId: ex.ids.type,
        calendarId: ex.ids.calendar,
        startDateTime: '2025-03-30T09:00:00Z',
        endDateTime: '2025-03-30T10:00:00Z',
      },
    },
  ],
  ['SubmitResponse', c.SubmitResponseSchema, { success: true, submissionId: ex.ids.entry }],
  ['TelemetryBody (1 event)', c.TelemetryBodySchema, { events: [{ name: 'view' }] }],
  [
    'TelemetryBody (50 events)',
    c.TelemetryBodySchema,
    {
      events: Array.from({ length: 50 }, (_, i) => ({
        name: 'step',
        step: i,
        errorCode: 'network',
        durationMs: 3,
      })),
    },
  ],
  [
    'IngressBody',
    c.IngressBodySchema,
    { data: { email: 'a@b.c', tags: ['x'], age: 42, vip: true, gone: null }, customFieldData: { x: 1 } },
  ],
  [
    'ConnectError',
    c.ConnectErrorSchema,
    {
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message: 'Invalid request',
      details: [{ path: 'data', message: 'Required' }],
    },
  ],
  [
    'ConnectAuthError',
    c.ConnectAuthErrorSchema,
    { error: 'Unauthorized', message: c.ErrorMessages.unauthorized },
  ],
  ['PublicFormError', c.PublicFormErrorSchema, { statusCode: 429, message: 'Too Many Requests' }],
  [
    'IngressError',
    c.IngressErrorSchema,
    {
      statusCode: 400,
      message: 'Validation failed',
      typeErrors: [{ key: 'age', expected: 'number', received: 'boolean' }],
    },
  ],
  ['ApiToken', c.ApiTokenSchema, `service_live_${'ab'.repeat(32)}`],
  ['IngressToken', c.IngressTokenSchema, '0f'.repeat(32)],
  [
    'ServiceEvent',
    c.ServiceEventSchema,
    {
      id: ex.ids.booking,
      type: 'table.entry.leadState.changed',
      occurredAt: ex.booking.createdAt,
      organizationId: ex.ids.org,
      trigger: { source: 'connect', apiTokenId: ex.ids.token, memberId: null },
      payload: { entry: ex.entry, previousLeadStateId: null, leadStateId: ex.ids.state },
    },
  ],
];

describe('valid examples parse', () => {
  it.each(ok)('%s', (_name, schema, value) => {
    const result = schema.safeParse(value);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.success).toBe(true);
  });
});

const issuePaths = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
};

describe('invalid values are rejected with a useful issue path', () => {
  it('bad color pattern', () => {
    expect(issuePaths(c.CalendarSchema, { ...ex.calendar, color: '#12345' })).toEqual(['color']);
    expect(issuePaths(c.ResourceSchema, { ...ex.resource, color: 'red' })).toEqual(['color']);
  });
  it('bad UUID', () => {
    expect(
      issuePaths(c.CreateTableEntryBodySchema, { tableId: 'nope', data: {}, leadStateId: ex.ids.state }),
    ).toEqual(['tableId']);
    expect(issuePaths(c.IdParamsSchema, { id: '123' })).toEqual(['id']);
  });
  it('bad date-time', () => {
    expect(issuePaths(c.TableEntrySchema, { ...ex.entry, createdAt: '29.03.2026' })).toEqual(['createdAt']);
    expect(issuePaths(c.PatchTableEntryBodySchema, { firstOpenedAt: '2025-03-30' })).toEqual([
      'firstOpenedAt',
    ]);
    // The shape of a date-time with an offset that names no instant (JavaScript reads it as NaN).
    expect(issuePaths(c.PatchTableEntryBodySchema, { firstOpenedAt: '2024-01-08T09:00:00+99:99' })).toEqual([
      'firstOpenedAt',
    ]);
    expect(c.DateTimeSchema.safeParse('2024-01-08T09:00:00+14:00').success).toBe(true);
  });
  it('unknown lead-state category', () => {
    expect(issuePaths(c.LeadStateSchema, { ...ex.leadState, category: 'archived' })).toEqual(['category']);
  });
  it('telemetry with 0 and with 51 events', () => {
    expect(issuePaths(c.TelemetryBodySchema, { events: [] })).toEqual(['events']);
    expect(
      issuePaths(c.TelemetryBodySchema, { events: Array.from({ length: 51 }, () => ({ name: 'x' })) }),
    ).toEqual(['events']);
  });
  it('unknown errorCode', () => {
    expect(issuePaths(c.TelemetryBodySchema, { events: [{ name: 'x', errorCode: 'boom' }] })).toEqual([
      'events.0.errorCode',
    ]);
  });
  it('ingress data value that is a nested object', () => {
    expect(issuePaths(c.IngressBodySchema, { data: { address: { city: 'Berlin' } } })).toEqual([
      'data.address',
    ]);
  });
  it('booking with different entryId and tableEntryId, or end before start', () => {
    const body = {
      calendarId: ex.ids.calendar,
      startDateTime: '2025-03-30T10:00:00Z',
      endDateTime: '2025-03-30T09:00:00Z',
    };
    expect(
      issuePaths(c.CreateCalendarBookingBodySchema, {
        ...body,
        entryId: ex.ids.entry,
        tableEntryId: ex.ids.state,
      }),
    ).toEqual(['tableEntryId', 'endDateTime']);
  });
  it('availability range reversed or longer than the maximum', () => {
    const q = { calendarId: ex.ids.calendar, appointmentTypeId: ex.ids.type };
    expect(
      issuePaths(c.AvailabilityQuerySchema, {
        ...q,
        start: '2025-03-03T00:00:00Z',
        end: '2025-03-02T00:00:00Z',
      }),
    ).toEqual(['end']);
    expect(
      issuePaths(c.AvailabilityQuerySchema, {
        ...q,
        start: '2025-01-02T00:00:00Z',
        end: '2025-06-02T00:00:00Z',
      }),
    ).toEqual(['end']);
  });
  it('unknown keys in request bodies', () => {
    expect(
      issuePaths(c.CreateTableEntryBodySchema, {
        tableId: ex.ids.table,
        data: {},
        leadStateId: ex.ids.state,
        extra: 1,
      }),
    ).toEqual(['']);
  });
  it('slot weekday and local times', () => {
    expect(issuePaths(c.ResourceSlotSchema, { ...ex.resourceSlot, weekday: 0, startTime: '9:00' })).toEqual([
      'weekday',
      'startTime',
    ]);
  });
  it('token formats', () => {
    expect(c.ApiTokenSchema.safeParse(`service_live_${'AB'.repeat(32)}`).success).toBe(false);
    expect(c.ApiTokenSchema.safeParse(`service_test_${'ab'.repeat(32)}`).success).toBe(false);
    expect(c.IngressTokenSchema.safeParse('0f'.repeat(31)).success).toBe(false);
  });
  it('submit data keyed by something other than a field UUID', () => {
    expect(issuePaths(c.SubmitBodySchema, { data: { email: 'a' } })).toEqual(['data.email']);
  });
});

describe('scopes', () => {
  it('admin includes write, write includes read, not the reverse', () => {
    expect(c.scopeIncludes(['admin'], 'read')).toBe(true);
    expect(c.scopeIncludes(['admin'], 'write')).toBe(true);
    expect(c.scopeIncludes(['write'], 'read')).toBe(true);
    expect(c.scopeIncludes(['write'], 'admin')).toBe(false);
    expect(c.scopeIncludes(['read'], 'write')).toBe(false);
    expect(c.scopeIncludes([], 'read')).toBe(false);
  });
});

describe('constants', () => {
  it('lists the six event names of SPEC, then the meeting events, and the exact SPEC messages', () => {
    expect(c.EVENT_TYPES).toHaveLength(11);
    expect(c.EVENT_TYPES.slice(6)).toEqual([...c.EXTENSION_EVENT_TYPES]);
    expect(c.ErrorMessages.slotUnavailable).toBe('The selected time slot is no longer available');
    expect(c.ErrorMessages.calendarStudioMismatch).toBe('Calendar does not match the selected studio');
    expect(c.ErrorMessages.invalidWebhookToken).toBe('Invalid webhook token');
  });
});
