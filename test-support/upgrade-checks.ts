/**
 * What the upgrade tests check on a service opened on a fixture database of an earlier release:
 * the seeded records read back through the Connect API (checked against `docs/openapi.json`), and
 * new writes, the held place and the booked place included, work on the migrated data.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorMessages } from '@leadbook/contract';
import type { ConnectService } from '@leadbook/server';
import { expect } from 'vitest';
import { checkedSend } from './openapi';
import { FIXTURE_WEBHOOK_URL, type UpgradeManifest } from './upgrade-fixture';

/** A fixture's manifest and the name its files share. */
export interface FixtureFile {
  manifest: UpgradeManifest;
  /** The manifest's file name without `.json`, such as `sqljs-0.1.0`: the database file's too. */
  name: string;
}

/** Every `<prefix>-*.json` manifest in `dir`, in file name order. */
export function readFixtures(dir: string, prefix: string): FixtureFile[] {
  return readdirSync(dir)
    .filter((file) => file.startsWith(`${prefix}-`) && file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.json'.length),
      manifest: JSON.parse(readFileSync(join(dir, file), 'utf8')) as UpgradeManifest,
    }));
}

/**
 * Reads the seeded records back through the Connect API and writes new ones: the calendar list,
 * the fixture's booking, a lead state change of its lead (which keeps its data), its webhook
 * subscription (through the console API), a booking on the booked place (refused: the coach is
 * taken) and one that uses the fixture's hold. Returns the id of the new booking.
 */
export async function checkUpgradedService(
  service: ConnectService,
  fixture: UpgradeManifest,
): Promise<string> {
  const send = checkedSend((request) => service.fetch(request, { clientIp: '203.0.113.9' }));
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await send(
      new Request(`http://upgrade.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the checks read answers loosely
    return { status: response.status, json: (await response.json()) as any };
  };
  const { ids, tokens } = fixture;

  const calendars = await call('GET', '/connect/calendar/', tokens.read);
  expect(calendars.status).toBe(200);
  expect((calendars.json as Array<{ id: string }>).map(({ id }) => id)).toEqual(
    expect.arrayContaining([ids.calendarBerlin, ids.calendarNewYork]),
  );

  const booking = await call('GET', `/connect/calendar_bookings/${fixture.booking.id}`, tokens.read);
  expect(booking.status).toBe(200);
  expect(booking.json).toMatchObject({
    id: fixture.booking.id,
    organizationId: fixture.organizationId,
    calendarId: ids.calendarBerlin,
    resourceId: ids.resourceCoach,
    startDateTime: fixture.booking.startDateTime,
    endDateTime: fixture.booking.endDateTime,
    tableEntryId: fixture.leadId,
  });

  const lead = await call('PATCH', `/connect/table_entries/${fixture.leadId}`, tokens.write, {
    leadStateId: ids.leadStateContacted,
  });
  expect(lead.status).toBe(200);
  expect(lead.json).toMatchObject({
    id: fixture.leadId,
    tableId: ids.table,
    leadStateId: ids.leadStateContacted,
    data: { name: 'Grace Hopper', email: 'grace@example.com' },
  });
  expect(Object.values(lead.json.customFieldData as object)).toEqual(
    expect.arrayContaining([1200, 'premium']),
  );

  expect(
    await service.admin.webhookSubscriptions.get(fixture.organizationId, fixture.subscriptionId),
  ).toMatchObject({ url: FIXTURE_WEBHOOK_URL, active: true });

  const coach = {
    calendarId: ids.calendarBerlin,
    appointmentTypeId: ids.appointmentTypeTrial,
    resourceId: ids.resourceCoach,
  };
  const taken = await call('POST', '/connect/calendar_bookings/', tokens.write, {
    ...coach,
    startDateTime: fixture.booking.startDateTime,
    endDateTime: fixture.booking.endDateTime,
  });
  expect(taken.json.message).toBe(ErrorMessages.slotUnavailable);

  const { id: holdId, ...held } = fixture.hold;
  const created = await call('POST', '/connect/calendar_bookings/', tokens.write, {
    ...coach,
    ...held,
    holdId,
    entryId: fixture.leadId,
  });
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({
    ...held,
    resourceId: ids.resourceCoach,
    tableEntryId: fixture.leadId,
  });
  return String(created.json.id);
}
