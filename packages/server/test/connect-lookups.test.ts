import * as c from '@leadbook/contract';
import { buildOpenApiDocument } from '@leadbook/contract/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

const parse = <S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
  return result.data;
};

describe.each(ADAPTERS)('Connect lookups through %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());
  const get = (path: string, token = TOKEN.read) => h.call('GET', path, { token });

  it('lists calendars with counts, only of the caller organization', async () => {
    const res = await get('/connect/calendar/');
    expect(res.status).toBe(200);
    const calendars = parse(c.CalendarSchema.array(), res.json);
    expect(calendars.map((cal) => cal.name)).toEqual(['Berlin', 'New York']);
    expect(calendars.every((cal) => cal.count === 0 && cal.organizationId === ID.organization)).toBe(true);
  });

  it('gets one calendar with its schedule types', async () => {
    const res = await get(`/connect/calendar/${ID.calendarBerlin}`);
    const calendar = parse(c.CalendarDetailSchema, res.json);
    expect(calendar).toMatchObject({ id: ID.calendarBerlin, tzdata: 'Europe/Berlin', count: 0 });
    expect(calendar.scheduleTypes).toEqual([
      expect.objectContaining({
        id: ID.scheduleType,
        calendarId: ID.calendarBerlin,
        name: 'Legacy intro',
        count: 0,
      }),
    ]);
  });

  it('lists pools and gets one with ordered lead states, one default, schema and custom fields', async () => {
    const tables = parse(c.TableSchema.array(), (await get('/connect/tables/')).json);
    expect(tables.map((t) => [t.name, t.count])).toEqual([
      ['Leads', 0],
      ['Other pool', 0],
    ]);
    const table = parse(c.TableDetailSchema, (await get(`/connect/tables/${ID.table}`)).json);
    expect(table.leadStates.map((s) => [s.name, s.category, s.default, s.order])).toEqual([
      ['New', 'new', true, 0],
      ['Contacted', 'inProgress', false, 1],
      ['Won', 'completed', false, 2],
      ['Lost', 'notCompleted', false, 3],
    ]);
    expect(table.schema).toMatchObject({ tableId: ID.table, organizationId: ID.organization, fields: {} });
    expect(table.customFields?.map((f) => f.id)).toEqual([ID.customFieldBudget, ID.customFieldPlan]);
  });

  it('lists and gets appointment types and resources', async () => {
    const types = parse(c.AppointmentTypeSchema.array(), (await get('/connect/appointment_types/')).json);
    expect(types.map((t) => [t.name, t.bookingLength, t.searchLength])).toEqual([
      ['Trial session', 60, 15],
      ['Group class', 60, 60],
    ]);
    parse(c.AppointmentTypeSchema, (await get(`/connect/appointment_types/${ID.appointmentTypeTrial}`)).json);
    const resources = parse(c.ResourceSchema.array(), (await get('/connect/resources/')).json);
    expect(resources.map((r) => [r.name, r.maxParallelBookings])).toEqual([
      ['Coach', 1],
      ['Studio room', 8],
    ]);
    expect(parse(c.ResourceSchema, (await get(`/connect/resources/${ID.resourceRoom}`)).json).id).toBe(
      ID.resourceRoom,
    );
  });

  it('filters resource slots and blockers by calendar', async () => {
    const all = parse(c.ResourceSlotSchema.array(), (await get('/connect/resource_slots/')).json);
    const { berlinCoach, berlinRoom, newYorkCoach, newYorkRoom } = ID.slots;
    const ids = (week: Record<string, string>) => Object.values(week);
    expect(all.map((s) => s.id)).toEqual([
      ...ids(berlinCoach),
      ...ids(berlinRoom),
      ...ids(newYorkCoach),
      ...ids(newYorkRoom),
    ]);
    const ny = parse(
      c.ResourceSlotSchema.array(),
      (await get(`/connect/resource_slots/?calendarId=${ID.calendarNewYork}`)).json,
    );
    expect(ny.map((s) => [s.id, s.publiclyBookable])).toEqual([
      ...ids(newYorkCoach).map((id) => [id, true]),
      ...ids(newYorkRoom).map((id) => [id, false]),
    ]);
    const blockers = parse(
      c.ResourceSlotBlockerSchema.array(),
      (await get(`/connect/resource_slot_blockers/?calendarId=${ID.calendarBerlin}`)).json,
    );
    expect(blockers.map((b) => [b.id, b.resourceId, b.reason])).toEqual([
      [ID.blockerClosure, null, 'Closure'],
    ]);
    expect((await get(`/connect/resource_slot_blockers/?calendarId=${ID.calendarNewYork}`)).json).toEqual([]);
  });

  it('filters both mapping kinds; calendarId narrows appointment types to those bookable there', async () => {
    // Both studio resources serve both calendars: a sauna in Berlin only shows what the filter drops.
    const sauna = await h.service.admin.resources.create(ID.organization, {
      name: 'Sauna',
      maxParallelBookings: 4,
      calendarIds: [ID.calendarBerlin],
      appointmentTypeIds: [ID.appointmentTypeClass],
    });
    const rc = parse(
      c.ResourceCalendarMappingSchema.array(),
      (await get(`/connect/resource_calendar_mappings/?calendarId=${ID.calendarNewYork}`)).json,
    );
    expect(rc.map((m) => m.resourceId)).toEqual([ID.resourceCoach, ID.resourceRoom]);
    const byResource = (await get(`/connect/resource_calendar_mappings/?resourceId=${ID.resourceRoom}`)).json;
    expect(byResource.map((m: { calendarId: string }) => m.calendarId)).toEqual([
      ID.calendarBerlin,
      ID.calendarNewYork,
    ]);
    const all = parse(
      c.AppointmentTypeResourceMappingSchema.array(),
      (await get('/connect/appointment_type_resource_mappings/')).json,
    );
    expect(all).toHaveLength(4);
    const pairs = async (calendarId: string) =>
      (
        (await get(`/connect/appointment_type_resource_mappings/?calendarId=${calendarId}`)).json as Array<{
          appointmentTypeId: string;
          resourceId: string;
        }>
      )
        .map((m) => `${m.appointmentTypeId} ${m.resourceId}`)
        .sort();
    const studio = [
      `${ID.appointmentTypeTrial} ${ID.resourceCoach}`,
      `${ID.appointmentTypeTrial} ${ID.resourceRoom}`,
      `${ID.appointmentTypeClass} ${ID.resourceRoom}`,
    ];
    expect(await pairs(ID.calendarNewYork)).toEqual(studio.sort());
    expect(await pairs(ID.calendarBerlin)).toEqual(
      [...studio, `${ID.appointmentTypeClass} ${sauna.id}`].sort(),
    );
  });

  it.each([
    ['calendar', `/connect/calendar/${ID.otherCalendar}`],
    ['table', `/connect/tables/${ID.otherTable}`],
    ['appointment type', `/connect/appointment_types/${ID.otherAppointmentType}`],
    ['resource', `/connect/resources/${ID.otherResource}`],
  ])("answers 404 NOT_FOUND for another organization's %s", async (_what, path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(parse(c.ConnectErrorSchema, res.json)).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
    expect((await get(path, TOKEN.other)).status).toBe(200);
  });

  it("never lists another organization's records through filters", async () => {
    for (const path of [
      `/connect/resource_slots/?calendarId=${ID.otherCalendar}`,
      `/connect/resource_slot_blockers/?calendarId=${ID.otherCalendar}`,
      `/connect/resource_calendar_mappings/?calendarId=${ID.otherCalendar}`,
      `/connect/appointment_type_resource_mappings/?calendarId=${ID.otherCalendar}`,
    ]) {
      const res = await get(path);
      expect([path, res.status, res.json]).toEqual([path, 200, []]);
    }
  });

  it('answers 400 VALIDATION_ERROR with details for a bad UUID in a path or filter', async () => {
    const res = await get('/connect/calendar/not-a-uuid');
    expect(res.status).toBe(400);
    expect(parse(c.ConnectErrorSchema, res.json)).toMatchObject({
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      details: [{ path: 'params.id', message: 'Invalid uuid' }],
    });
    const filter = await get('/connect/resource_slots/?calendarId=nope');
    expect(filter.status).toBe(400);
    expect(filter.json.details).toEqual([{ path: 'query.calendarId', message: 'Invalid uuid' }]);
    const unknown = await get('/connect/resource_slots/?color=red');
    expect(unknown.status).toBe(400);
  });

  it('answers 404 NOT_FOUND for an unknown path under /connect and echoes a request id', async () => {
    const res = await h.call('GET', '/connect/nothing-here', {
      token: TOKEN.read,
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: c.ErrorMessages.notFound });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
  });

  it('serves the OpenAPI document at /connect/openapi.json', async () => {
    const res = await h.call('GET', '/connect/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});
