import { describe, expect, it } from 'vitest';
import { isNotFoundError, unset } from '@leadbook/sdk';
import { MOCK_IDS } from '@leadbook/sdk/testing';
import { range, useMockLeadbook } from './helpers';

const env = useMockLeadbook();

describe('ConnectClient lookups', () => {
  it('lists and reads calendars', async () => {
    const client = env.client('read');
    const calendars = await client.calendars.list();
    expect(calendars.map((c) => c.tzdata)).toEqual(['Europe/Berlin', 'America/New_York']);
    const berlin = await client.calendars.get(MOCK_IDS.calendarBerlin);
    expect(berlin).toMatchObject({
      id: MOCK_IDS.calendarBerlin,
      name: 'Berlin',
      scheduleTypes: [expect.objectContaining({ id: MOCK_IDS.scheduleType, name: 'Legacy intro' })],
    });
  });

  it('lists and reads lead pools with their default lead state', async () => {
    const client = env.client('read');
    const [pool] = await client.tables.list();
    expect(pool?.id).toBe(MOCK_IDS.table);
    const detail = await client.tables.get(MOCK_IDS.table);
    expect(detail.leadStates.find((state) => state.default)?.id).toBe(MOCK_IDS.leadStateNew);
    expect(detail.schema.tableId).toBe(MOCK_IDS.table);
  });

  it('lists and reads appointment types and resources', async () => {
    const client = env.client('read');
    expect((await client.appointmentTypes.list()).map((t) => t.name)).toEqual([
      'Trial session',
      'Group class',
    ]);
    expect(await client.appointmentTypes.get(MOCK_IDS.appointmentTypeTrial)).toMatchObject({
      bookingLength: 60,
      searchLength: 15,
    });
    expect((await client.resources.list()).map((r) => r.maxParallelBookings)).toEqual([1, 8]);
    expect((await client.resources.get(MOCK_IDS.resourceRoom)).name).toBe('Studio room');
  });

  it('lists resource slots and blockers, filtered by calendar', async () => {
    const client = env.client('read');
    const slots = await client.resourceSlots.list({ calendarId: MOCK_IDS.calendarNewYork });
    expect(slots).toHaveLength(14);
    expect(new Set(slots.map((slot) => slot.calendarId))).toEqual(new Set([MOCK_IDS.calendarNewYork]));
    expect(await client.resourceSlots.list()).toHaveLength(28);
    expect(await client.resourceSlotBlockers.list({ calendarId: MOCK_IDS.calendarBerlin })).toHaveLength(1);
    expect(await client.resourceSlotBlockers.list({ calendarId: MOCK_IDS.calendarNewYork })).toEqual([]);
  });

  it('lists both mappings with filters', async () => {
    const client = env.client('read');
    const calendarLinks = await client.resourceCalendarMappings.list({ resourceId: MOCK_IDS.resourceCoach });
    expect(calendarLinks.map((link) => link.calendarId).sort()).toEqual(
      [MOCK_IDS.calendarBerlin, MOCK_IDS.calendarNewYork].sort(),
    );
    const typeLinks = await client.appointmentTypeResourceMappings.list({
      appointmentTypeId: MOCK_IDS.appointmentTypeClass,
    });
    expect(typeLinks.map((link) => link.resourceId)).toEqual([MOCK_IDS.resourceRoom]);
    expect(await client.appointmentTypeResourceMappings.list()).toHaveLength(3);
  });
});

describe('ConnectClient availability', () => {
  it('searches typed slots, Date or string ranges, and filters with onlyAvailable', async () => {
    const client = env.client('read');
    const { start, end } = range();
    const query = { calendarId: MOCK_IDS.calendarBerlin, appointmentTypeId: MOCK_IDS.appointmentTypeTrial };
    const all = await client.availability.search({ ...query, start: new Date(start), end });
    expect(all.data.length).toBeGreaterThan(0);
    const slot = all.data[0]!;
    expect(typeof slot.available).toBe('boolean');
    expect(slot.resourceName).toMatch(/Coach|Studio room/);

    // Fill one coach slot so that the filter has something to drop.
    const coach = all.data.find((s) => s.resourceId === MOCK_IDS.resourceCoach && s.available)!;
    await env.client('write').bookings.create({
      ...query,
      resourceId: coach.resourceId,
      resourceSlotId: coach.resourceSlotId,
      startDateTime: coach.startDateTime,
      endDateTime: coach.endDateTime,
    });
    const after = await client.availability.search({ ...query, start, end });
    expect(after.data.some((s) => !s.available)).toBe(true);
    // The service leaves the unavailable slots out: the SDK sends the flag.
    const urls: string[] = [];
    const open = await env
      .client('read', { onRequest: (event) => urls.push(event.url) })
      .availability.search({ ...query, start, end, onlyAvailable: true });
    expect(new URL(urls[0]!).searchParams.get('onlyAvailable')).toBe('true');
    expect(open.data.length).toBeGreaterThan(0);
    expect(open.data).toEqual(after.data.filter((s) => s.available));
  });
});

describe('ConnectClient leads and bookings', () => {
  it('creates a lead and merge-patches it, deleting keys with unset()', async () => {
    const client = env.client('write');
    const lead = await client.leads.create({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: { firstName: 'Ada', fax: '123', address: { city: 'London', street: 'St James' } },
      customFieldData: { [MOCK_IDS.customFieldPlan]: 'basic' },
    });
    expect(lead).toMatchObject({ tableId: MOCK_IDS.table, leadStateId: MOCK_IDS.leadStateNew });

    const updated = await client.leads.update(lead.id, {
      leadStateId: MOCK_IDS.leadStateContacted,
      data: { email: 'ada@example.com', address: { city: 'Paris' }, ...unset('fax') },
    });
    expect(updated.leadStateId).toBe(MOCK_IDS.leadStateContacted);
    expect(updated.data).toEqual({
      firstName: 'Ada',
      email: 'ada@example.com',
      address: { city: 'Paris', street: 'St James' },
    });
  });

  it('sends data: null and customFieldData: null as a generated client would: nothing changes', async () => {
    const client = env.client('write');
    const lead = await client.leads.create({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: { firstName: 'Grace' },
      customFieldData: { [MOCK_IDS.customFieldPlan]: 'premium' },
    });
    const updated = await client.leads.update(lead.id, {
      data: null,
      customFieldData: null,
      leadStateId: MOCK_IDS.leadStateContacted,
    });
    expect(updated).toMatchObject({
      data: { firstName: 'Grace' },
      customFieldData: { [MOCK_IDS.customFieldPlan]: 'premium' },
      leadStateId: MOCK_IDS.leadStateContacted,
    });
  });

  it('creates a booking linked to a lead and deletes it with an admin token', async () => {
    const write = env.client('write');
    const lead = await write.leads.create({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: {},
    });
    const { data } = await write.availability.search({
      calendarId: MOCK_IDS.calendarNewYork,
      appointmentTypeId: MOCK_IDS.appointmentTypeClass,
      ...range(),
      onlyAvailable: true,
    });
    const slot = data[0]!;
    const booking = await write.bookings.create({
      calendarId: MOCK_IDS.calendarNewYork,
      appointmentTypeId: MOCK_IDS.appointmentTypeClass,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
      entryId: lead.id,
      name: 'Ada',
    });
    expect(booking).toMatchObject({
      tableEntryId: lead.id,
      leadStateName: 'New',
      startDateTime: slot.startDateTime,
    });

    expect(await env.client('read').bookings.get(booking.id)).toEqual(booking);
    await expect(env.client('admin').bookings.delete(booking.id)).resolves.toBeUndefined();
    expect(
      isNotFoundError(
        await env
          .client('read')
          .bookings.get(booking.id)
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
    const again = await env
      .client('admin')
      .bookings.delete(booking.id)
      .catch((error: unknown) => error);
    expect(isNotFoundError(again)).toBe(true);
  });

  it('returns the same booking for a caller-provided idempotency key', async () => {
    const client = env.client('write');
    const { data } = await client.availability.search({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeClass,
      ...range(),
      onlyAvailable: true,
    });
    const slot = data[0]!;
    const body = {
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeClass,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
    };
    const first = await client.bookings.create(body, { idempotencyKey: 'order-4711' });
    const second = await client.bookings.create(body, { idempotencyKey: 'order-4711' });
    expect(second.id).toBe(first.id);
  });
});
