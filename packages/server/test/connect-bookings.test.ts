import {
  AvailabilityResponseSchema,
  CalendarBookingSchema,
  ErrorMessages,
  type ServiceEvent,
} from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { day } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

// The Monday after the test epoch: Berlin is UTC+1, so the coach's 09:00-12:00 window is 08:00Z-11:00Z
// and the studio room's 14:00-18:00 is 13:00Z-17:00Z.
const MONDAY = day(1);
const TUESDAY = day(2);
const booking = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: start,
  endDateTime: end,
  ...extra,
});

describe.each(ADAPTERS)('availability and bookings through %s', (kind) => {
  let h: Harness;
  const events: ServiceEvent[] = [];
  beforeAll(async () => {
    h = await createHarness(kind);
    h.service.events.on('*', (event) => void events.push(event));
  });
  afterAll(() => h.close());
  const search = (query: Record<string, string>) =>
    h.call('GET', `/connect/availability/?${new URLSearchParams(query)}`, { token: TOKEN.read });
  const book = (body: unknown, headers: Record<string, string> = {}) =>
    h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body, headers });

  it('lists every candidate, sorted by start then resource, with capacity figures', async () => {
    const res = await search({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${MONDAY}T00:00:00Z`,
      end: `${TUESDAY}T23:00:00Z`,
    });
    expect(res.status).toBe(200);
    const { data } = AvailabilityResponseSchema.parse(res.json);
    const on = (date: string, resourceId: string) =>
      data.filter((s) => s.resourceId === resourceId && s.startDateTime.startsWith(date));
    const monday = on(MONDAY, ID.resourceCoach);
    expect(monday.map((s) => s.startDateTime.slice(11, 16))).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
    ]);
    expect(monday[0]).toEqual({
      resourceId: ID.resourceCoach,
      resourceSlotId: ID.slots.berlinCoach.monday,
      startDateTime: `${MONDAY}T08:00:00.000Z`,
      endDateTime: `${MONDAY}T09:00:00.000Z`,
      available: true,
      resourceName: 'Coach',
      resourceColor: '#4f46e5',
      maxParallelBookings: 1,
      currentBookings: 0,
      remaining: 1,
    });
    // Both open every day: the same windows again on Tuesday.
    expect(on(TUESDAY, ID.resourceCoach).map((s) => s.startDateTime.slice(11, 16))).toEqual(
      monday.map((s) => s.startDateTime.slice(11, 16)),
    );
    const tuesday = on(TUESDAY, ID.resourceRoom);
    expect(tuesday).toHaveLength(13);
    expect(tuesday[0]!.startDateTime).toBe(`${TUESDAY}T13:00:00.000Z`);
    expect(data.map((s) => s.startDateTime)).toEqual([...data.map((s) => s.startDateTime)].sort());
  });

  it('validates the query: UUIDs, date-times, start before end, at most 92 days', async () => {
    const base = { calendarId: ID.calendarBerlin, appointmentTypeId: ID.appointmentTypeTrial };
    expect(
      (await search({ ...base, start: 'monday', end: `${TUESDAY}T00:00:00Z` })).json.details[0].path,
    ).toBe('query.start');
    expect(
      (await search({ ...base, start: `${TUESDAY}T00:00:00Z`, end: `${MONDAY}T00:00:00Z` })).json.details,
    ).toEqual([{ path: 'query.end', message: 'end must be after start' }]);
    const tooLong = await search({ ...base, start: `${day(1)}T00:00:00Z`, end: `${day(152)}T00:00:00Z` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.details[0].message).toBe('The range may span at most 92 days');
    expect(
      (await search({ ...base, calendarId: 'x', start: `${MONDAY}T00:00:00Z`, end: `${TUESDAY}T00:00:00Z` }))
        .status,
    ).toBe(400);
  });

  it("answers 404 for an unknown or another organization's calendar or appointment type", async () => {
    const range = { start: `${MONDAY}T00:00:00Z`, end: `${TUESDAY}T00:00:00Z` };
    const other = await search({
      calendarId: ID.otherCalendar,
      appointmentTypeId: ID.appointmentTypeTrial,
      ...range,
    });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe('NOT_FOUND');
    expect(
      (await search({ calendarId: ID.calendarBerlin, appointmentTypeId: ID.otherAppointmentType, ...range }))
        .status,
    ).toBe(404);
  });

  it('books a candidate (201, SPEC 2.4 shape) with the lead enrichment, and fires booked', async () => {
    const lead = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateContacted, data: { name: 'Grace' } },
    });
    events.length = 0;
    const res = await book(
      booking(`${MONDAY}T08:00:00Z`, `${MONDAY}T09:00:00.000+00:00`, {
        resourceSlotId: ID.slots.berlinCoach.monday,
        tableEntryId: lead.json.id,
        name: 'Trial with Grace',
      }),
    );
    expect(res.status).toBe(201);
    const created = CalendarBookingSchema.parse(res.json);
    expect(created).toMatchObject({
      calendarId: ID.calendarBerlin,
      organizationId: ID.organization,
      name: 'Trial with Grace',
      startDateTime: `${MONDAY}T08:00:00.000Z`,
      endDateTime: `${MONDAY}T09:00:00.000Z`,
      resourceId: ID.resourceCoach,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceSlotId: ID.slots.berlinCoach.monday,
      tableEntryId: lead.json.id,
      tableEntryData: { name: 'Grace' },
      tableId: ID.table,
      leadStateName: 'Contacted',
      leadStateColor: '#4f46e5',
    });
    expect(created.tableSchemaFields?.name).toMatchObject({ type: 'string', specialType: 'name' });
    expect(events.map((e) => e.type)).toEqual(['calendar.appointment.booked']);
    expect(events[0]!.trigger).toEqual({
      source: 'connect',
      apiTokenId: h.seeded.organizations[0]!.tokens.write!.id,
      memberId: null,
    });
  });

  it('refuses a full slot with the exact message, and availability then reports it full', async () => {
    const res = await book(booking(`${MONDAY}T08:00:00Z`, `${MONDAY}T09:00:00Z`));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message: ErrorMessages.slotUnavailable,
    });
    // 08:30-09:30 overlaps the booking partially: the peak is 1, so it is full too.
    expect((await book(booking(`${MONDAY}T08:30:00Z`, `${MONDAY}T09:30:00Z`))).json.message).toBe(
      ErrorMessages.slotUnavailable,
    );
    const { data } = AvailabilityResponseSchema.parse(
      (
        await search({
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          resourceId: ID.resourceCoach,
          start: `${MONDAY}T00:00:00Z`,
          end: `${MONDAY}T23:00:00Z`,
        })
      ).json,
    );
    expect(
      data.map((s) => [s.startDateTime.slice(11, 16), s.available, s.currentBookings, s.remaining]),
    ).toEqual([
      ['08:00', false, 1, 0],
      ['08:15', false, 1, 0],
      ['08:30', false, 1, 0],
      ['08:45', false, 1, 0],
      ['09:00', true, 0, 1],
      ['09:15', true, 0, 1],
      ['09:30', true, 0, 1],
      ['09:45', true, 0, 1],
      ['10:00', true, 0, 1],
    ]);
  });

  it('rejects intervals that are not candidates, mismatched lead links and missing planner fields', async () => {
    const offGrid = await book(booking(`${MONDAY}T09:05:00Z`, `${MONDAY}T10:05:00Z`));
    expect(offGrid.status).toBe(400);
    expect(offGrid.json.details[0].path).toBe('startDateTime');
    expect((await book(booking(`${MONDAY}T09:00:00Z`, `${MONDAY}T09:30:00Z`))).status).toBe(400);
    expect(
      (
        await book(
          booking(`${MONDAY}T09:00:00Z`, `${MONDAY}T10:00:00Z`, {
            resourceSlotId: ID.slots.berlinRoom.tuesday,
          }),
        )
      ).status,
    ).toBe(400);
    const mismatch = await book(
      booking(`${MONDAY}T09:00:00Z`, `${MONDAY}T10:00:00Z`, {
        entryId: ID.leadStateNew,
        tableEntryId: ID.leadStateWon,
      }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.details[0].path).toBe('tableEntryId');
    const noResource = await book({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      startDateTime: `${MONDAY}T09:00:00Z`,
      endDateTime: `${MONDAY}T10:00:00Z`,
    });
    expect(noResource.json.details).toEqual([
      { path: 'resourceId', message: 'resourceId is required for organizations on the resource planner' },
    ]);
    const legacy = await book(
      booking(`${MONDAY}T09:00:00Z`, `${MONDAY}T10:00:00Z`, { scheduleTypeId: ID.scheduleType }),
    );
    expect(legacy.status).toBe(400);
    expect(
      (await book(booking(`${MONDAY}T09:00:00Z`, `${MONDAY}T10:00:00Z`, { entryId: ID.otherCalendar })))
        .status,
    ).toBe(404);
  });

  it('refuses a resource off the calendar or the type, or of another organization, whatever else exists', async () => {
    // A resource on the New York calendar only, for both types, with Berlin-like hours there.
    const newYorkOnly = await h.service.admin.resources.create(ID.organization, {
      name: 'New York desk',
      maxParallelBookings: 4,
      calendarIds: [ID.calendarNewYork],
      appointmentTypeIds: [ID.appointmentTypeTrial, ID.appointmentTypeClass],
    });
    const notMapped = {
      path: 'resourceId',
      message: 'The resource is not mapped to this calendar and appointment type',
    };
    // The coach runs trial sessions only.
    const groupClass = await book(
      booking(`${MONDAY}T08:00:00Z`, `${MONDAY}T09:00:00Z`, { appointmentTypeId: ID.appointmentTypeClass }),
    );
    expect([groupClass.status, groupClass.json.details]).toEqual([400, [notMapped]]);
    const offCalendar = await book(
      booking(`${MONDAY}T08:00:00Z`, `${MONDAY}T09:00:00Z`, { resourceId: newYorkOnly.id }),
    );
    expect([offCalendar.status, offCalendar.json.details]).toEqual([400, [notMapped]]);
    const foreign = await book(
      booking(`${MONDAY}T08:00:00Z`, `${MONDAY}T09:00:00Z`, { resourceId: ID.otherResource }),
    );
    expect(foreign.status).toBe(404);
    // The coach's own booking still goes through beside them.
    expect((await book(booking(`${TUESDAY}T08:00:00Z`, `${TUESDAY}T09:00:00Z`))).status).toBe(201);
  });

  it('a blocker makes overlapping candidates unavailable and refuses bookings there', async () => {
    await h.service.admin.blockers.create(ID.organization, {
      calendarId: ID.calendarBerlin,
      resourceId: ID.resourceCoach,
      startDateTime: `${MONDAY}T10:30:00Z`,
      endDateTime: `${MONDAY}T10:45:00Z`,
    });
    expect((await book(booking(`${MONDAY}T10:00:00Z`, `${MONDAY}T11:00:00Z`))).json.message).toBe(
      ErrorMessages.slotUnavailable,
    );
    const { data } = AvailabilityResponseSchema.parse(
      (
        await search({
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          resourceId: ID.resourceCoach,
          start: `${MONDAY}T09:30:00Z`,
          end: `${MONDAY}T11:00:00Z`,
        })
      ).json,
    );
    expect(data.map((s) => [s.startDateTime.slice(11, 16), s.available])).toEqual([
      ['09:30', true],
      ['09:45', false],
      ['10:00', false],
    ]);
  });

  it('replays an idempotent booking and refuses the key with another body', async () => {
    const body = booking(`${MONDAY}T09:00:00Z`, `${MONDAY}T10:00:00Z`);
    const first = await book(body, { 'Idempotency-Key': 'key-1' });
    const again = await book({ ...body }, { 'Idempotency-Key': 'key-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    const other = await book(booking(`${MONDAY}T09:15:00Z`, `${MONDAY}T10:15:00Z`), {
      'Idempotency-Key': 'key-1',
    });
    expect(other.status).toBe(400);
    expect(other.json.message).toBe('This Idempotency-Key was already used with a different request body');
    const stored = await h.service.storage.transaction((tx) =>
      tx.bookings.listByCalendar(ID.organization, ID.calendarBerlin),
    );
    expect(stored.filter((b) => b.startDateTime === `${MONDAY}T09:00:00.000Z`)).toHaveLength(1);
  });

  it('deletes with the admin scope only: 204 with no body, deleted event, then 404', async () => {
    const created = await book(
      booking(`${MONDAY}T08:00:00Z`, `${MONDAY}T09:00:00Z`, {
        resourceId: ID.resourceRoom,
        appointmentTypeId: ID.appointmentTypeTrial,
      }),
    );
    expect(created.status).toBe(400);
    const made = await book({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeClass,
      resourceId: ID.resourceRoom,
      startDateTime: `${TUESDAY}T13:00:00Z`,
      endDateTime: `${TUESDAY}T14:00:00Z`,
    });
    expect(made.status).toBe(201);
    const path = `/connect/calendar_bookings/${made.json.id}`;
    expect((await h.call('DELETE', path, { token: TOKEN.write })).status).toBe(403);
    expect(
      (await h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.read, body: {} })).status,
    ).toBe(403);
    events.length = 0;
    const deleted = await h.call('DELETE', path, { token: TOKEN.admin });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(events.map((e) => e.type)).toEqual(['calendar.appointment.deleted']);
    expect((await h.call('DELETE', path, { token: TOKEN.admin })).status).toBe(404);
    expect(
      (await h.call('DELETE', `/connect/calendar_bookings/${made.json.id}`, { token: TOKEN.other })).status,
    ).toBe(404);
  });

  it('counts bookings on the calendar', async () => {
    const calendars = (await h.call('GET', '/connect/calendar/', { token: TOKEN.read })).json as Array<{
      id: string;
      count: number;
    }>;
    expect(calendars.find((c) => c.id === ID.calendarBerlin)!.count).toBeGreaterThanOrEqual(2);
  });
});

describe('legacy organizations (not on the resource planner)', () => {
  it('book with a schedule type and no capacity model, and cannot use planner fields', async () => {
    const h = await createHarness('fetch');
    const org = await h.service.admin.seed({
      organizations: [
        {
          name: 'Legacy',
          resourcePlanner: false,
          apiTokens: [{ name: 'w', scopes: ['write'] }],
          calendars: [{ name: 'L', tzdata: 'UTC', scheduleTypes: [{ name: 'Intro' }] }],
        },
      ],
    });
    const token = org.organizations[0]!.tokens.w!.token;
    const calendarId = org.organizations[0]!.calendars.L!;
    const detail = await h.call('GET', `/connect/calendar/${calendarId}`, { token });
    const scheduleTypeId = detail.json.scheduleTypes[0].id;
    const body = {
      calendarId,
      startDateTime: `${day(1)}T08:00:00Z`,
      endDateTime: `${day(1)}T09:00:00Z`,
      scheduleTypeId,
      scheduleTypeSlotId: 'slot-7',
    };
    const res = await h.call('POST', '/connect/calendar_bookings/', { token, body });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      calendarScheduleTypeId: scheduleTypeId,
      calendarScheduleTypeSlotId: 'slot-7',
    });
    const planner = await h.call('POST', '/connect/calendar_bookings/', {
      token,
      body: { ...body, resourceId: ID.resourceCoach },
    });
    expect(planner.status).toBe(400);
    expect(
      (await h.call('GET', `/connect/calendar/${calendarId}`, { token })).json.scheduleTypes[0].count,
    ).toBe(1);
    await h.close();
  });
});
