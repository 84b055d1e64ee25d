import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkedSend } from '../../../test-support/openapi';
import { createConnectService, ServiceError, type ConnectService } from '@leadbook/server';
import { testClock } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { testStudio } from './studio';

describe('console API', () => {
  let service: ConnectService;
  beforeEach(async () => {
    service = await createConnectService({ clock: testClock() });
  });
  afterEach(() => service.close());

  it('seeds a fixture and reports ids and one-time tokens by name', async () => {
    const result = await service.admin.seed(testStudio());
    const [a, b] = result.organizations;
    expect(a!.id).toBe(ID.organization);
    expect(a!.tokens.read!.token).toBe(TOKEN.read);
    expect(a!.calendars).toEqual({ Berlin: ID.calendarBerlin, 'New York': ID.calendarNewYork });
    expect(a!.tables.Leads!.leadStates).toEqual({
      New: ID.leadStateNew,
      Contacted: ID.leadStateContacted,
      Won: ID.leadStateWon,
      Lost: ID.leadStateLost,
    });
    expect(b!.resources).toEqual({ 'Other room': ID.otherResource });
  });

  it.each([
    [
      'an unknown reference',
      { resources: [{ name: 'R', maxParallelBookings: 1, calendarIds: ['Nowhere'] }] },
      'organizations[0].resources[0]: unknown calendar "Nowhere"',
    ],
    [
      'an invalid time zone',
      { calendars: [{ name: 'C', tzdata: 'Mars/Olympus' }] },
      'tzdata: Must be an IANA time-zone name',
    ],
    [
      'an ambiguous name',
      {
        calendars: [
          { name: 'C', tzdata: 'UTC' },
          { name: 'C', tzdata: 'UTC' },
        ],
        resources: [{ name: 'R', maxParallelBookings: 1, calendarIds: ['C'] }],
      },
      'calendar name "C" is ambiguous',
    ],
    [
      'two default lead states',
      {
        tables: [
          {
            name: 'T',
            leadStates: [
              { name: 'a', category: 'new', default: true },
              { name: 'b', category: 'new', default: true },
            ],
          },
        ],
      },
      'At most one lead state may be the default',
    ],
    [
      'a window that ends before it starts',
      {
        calendars: [{ name: 'C', tzdata: 'UTC' }],
        resources: [{ name: 'R', maxParallelBookings: 1 }],
        resourceSlots: [
          { calendarId: 'C', resourceId: 'R', weekday: 1, startTime: '12:00', endTime: '09:00' },
        ],
      },
      'startTime must be before endTime',
    ],
  ])('rejects a fixture with %s, naming the path, and writes nothing', async (_what, org, message) => {
    const attempt = service.admin.seed({ organizations: [{ id: 'org-x', name: 'X', ...org }] as never });
    await expect(attempt).rejects.toThrow(ServiceError);
    await expect(attempt).rejects.toThrow(message);
    expect(await service.admin.organizations.get('org-x')).toBeNull();
  });

  it('rolls back a whole seed when a later organization fails', async () => {
    await expect(
      service.admin.seed({
        organizations: [
          { id: 'ok', name: 'OK' },
          { id: 'ok', name: 'Duplicate' },
        ],
      }),
    ).rejects.toThrow('already exists');
    expect(await service.admin.organizations.get('ok')).toBeNull();
  });

  it('creates tokens in the service_live_ format, lists them without secrets, and revokes them', async () => {
    const org = await service.admin.organizations.create({ name: 'Acme' });
    const token = await service.admin.apiTokens.create(org.id, { name: 'ci', scopes: ['read', 'read'] });
    expect(token.token).toMatch(/^service_live_[0-9a-f]{64}$/);
    expect(token.scopes).toEqual(['read']);
    const listed = await service.admin.apiTokens.list(org.id);
    expect(listed).toEqual([
      { id: token.id, name: 'ci', scopes: ['read'], createdAt: expect.any(String), revokedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token.token.slice(13));
    await service.admin.apiTokens.revoke(org.id, token.id);
    expect((await service.admin.apiTokens.list(org.id))[0]!.revokedAt).not.toBeNull();
    await expect(service.admin.apiTokens.revoke(org.id, ID.otherCalendar)).rejects.toThrow('not found');
  });

  it('keeps exactly one default lead state per pool', async () => {
    await service.admin.seed(testStudio());
    const state = await service.admin.leadStates.create(ID.organization, ID.table, {
      name: 'Archived',
      category: 'notCompleted',
      default: true,
    });
    await service.admin.leadStates.setDefault(ID.organization, ID.leadStateContacted);
    const res = await checkedSend((request) => service.fetch(request))(
      new Request(`http://x/connect/tables/${ID.table}`, {
        headers: { authorization: `Bearer ${TOKEN.read}` },
      }),
    );
    const table = await res.json();
    expect(
      table.leadStates.filter((s: { default: boolean }) => s.default).map((s: { id: string }) => s.id),
    ).toEqual([ID.leadStateContacted]);
    expect(table.leadStates.map((s: { id: string }) => s.id)).toContain(state.id);
  });

  it('deleting an appointment type sets interestedInAppointmentTypeId to null on its leads', async () => {
    await service.admin.seed(testStudio());
    const interested = await service.admin.entries.create(ID.organization, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: {},
      interestedInAppointmentTypeId: ID.appointmentTypeClass,
    });
    const other = await service.admin.entries.create(ID.organization, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: {},
      interestedInAppointmentTypeId: ID.appointmentTypeTrial,
    });
    expect(await service.admin.appointmentTypes.delete(ID.organization, ID.appointmentTypeClass)).toEqual({
      clearedEntries: 1,
    });
    const read = async (id: string) =>
      (await service.storage.transaction((tx) => tx.entries.get(ID.organization, id)))!;
    expect((await read(interested.id)).interestedInAppointmentTypeId).toBeNull();
    expect((await read(other.id)).interestedInAppointmentTypeId).toBe(ID.appointmentTypeTrial);
    const mappings = await service.storage.transaction((tx) =>
      tx.appointmentTypeResourceMappings.list(ID.organization, {
        appointmentTypeId: ID.appointmentTypeClass,
      }),
    );
    expect(mappings).toEqual([]);
  });
});
