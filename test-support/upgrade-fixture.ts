/**
 * The data of the upgrade fixtures: what the generators (`packages/server/test/upgrades/generate.ts`,
 * `packages/storage-postgres/test/upgrades/generate.ts`) seed into a database with the release they
 * run on, through the public API only, and the manifest they write beside the database so that the
 * upgrade tests of later releases know what to read back. Everything is on a fixed clock, so the
 * content does not depend on the day a fixture was made.
 *
 * @module
 */
import { MAX_HOLD_TTL_SECONDS } from '@leadbook/contract';
import type { ConnectService, HostLookup } from '@leadbook/server';
import { seedStudio, studioSubmission } from '@leadbook/server/studio';
import { day, NOW } from './time';

/** What a generator wrote beside its database: how it was made, and the ids and tokens it seeded. */
export interface UpgradeManifest {
  /** The package version and the commit whose code wrote the database. */
  release: { version: string; commit: string };
  /** The schema version (the last migration) the database was at when written. */
  schemaVersion: number;
  /** The fixed clock the fixture was written at (ISO). Tests reopen it on this clock. */
  now: string;
  /** The studio organization. */
  organizationId: string;
  /** Its API tokens by scope. */
  tokens: { read: string; write: string; admin: string };
  /** Ids of the seeded catalog the tests book on. */
  ids: {
    calendarBerlin: string;
    calendarNewYork: string;
    appointmentTypeTrial: string;
    resourceCoach: string;
    table: string;
    leadStateNew: string;
    leadStateContacted: string;
  };
  /** A lead created through the Connect API (`Grace Hopper`, budget 1200). */
  leadId: string;
  /** A Connect booking of the coach, linked to that lead, and its interval. */
  booking: { id: string; startDateTime: string; endDateTime: string };
  /** A public form submission (`Ada Lovelace`), which booked the coach Monday 10:00 Berlin. */
  submissionId: string;
  /** A Connect hold of the coach (the longest ttl), still active at `now`, and its interval. */
  hold: { id: string; startDateTime: string; endDateTime: string };
  /** A webhook subscription (on booked and lead events), created before the bookings. */
  subscriptionId: string;
}

/** The clock of every fixture: the test epoch. */
export const FIXTURE_NOW = NOW;

/** The public webhook address of the fixture's subscription (never reached: see {@link fixtureWebhooks}). */
export const FIXTURE_WEBHOOK_URL = 'https://hooks.example.com/leadbook';

/**
 * Webhook options that keep a service off the network: the host resolves to loopback (allowed) and
 * every delivery is answered 200 in-process, after `onDelivery` (if given) saw it; no connection
 * is ever made.
 */
export const fixtureWebhooks = (
  onDelivery: (request: Request) => void = () => {},
): { allowPrivateUrls: boolean; lookup: HostLookup; fetch: typeof fetch } => ({
  allowPrivateUrls: true,
  lookup: async () => ['127.0.0.1'],
  fetch: async (input, init) => {
    onDelivery(new Request(input, init));
    return new Response('ok', { status: 200 });
  },
});

const slot = (hourUtc: number) => ({
  startDateTime: `${day(1)}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`,
  endDateTime: `${day(1)}T${String(hourUtc + 1).padStart(2, '0')}:00:00.000Z`,
});

/**
 * Seeds the fixture through the public API of the release it runs on: the studio with its forms
 * and ingress webhooks (`seedStudio`), a webhook subscription, a lead, a Connect booking of that
 * lead (the coach, Monday 09:00 Berlin), a public form submission (Monday 10:00) and a Connect hold
 * (Monday 11:00, the longest ttl). Returns the manifest without `release` and `schemaVersion`.
 *
 * Change it only by adding to it: `checkUpgradedService` expects what it seeded in every fixture
 * already committed, and those cannot be made again with the releases that wrote them.
 */
export async function seedUpgradeFixture(
  service: ConnectService,
): Promise<Omit<UpgradeManifest, 'release' | 'schemaVersion'>> {
  const { ids, tokens } = await seedStudio(service, { now: FIXTURE_NOW });
  const subscription = await service.admin.webhookSubscriptions.create(ids.organization, {
    url: FIXTURE_WEBHOOK_URL,
    eventTypes: ['calendar.appointment.booked', 'table.entry.added'],
    description: 'CRM',
  });
  const call = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const request = new Request(`http://fixture.test${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const response = await service.fetch(request, { clientIp: '203.0.113.9' });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const lead = await call(
    '/connect/table_entries/',
    {
      tableId: ids.table,
      leadStateId: ids.leadStateNew,
      data: { name: 'Grace Hopper', email: 'grace@example.com' },
      customFieldData: { [ids.customFieldBudget]: 1200, [ids.customFieldPlan]: 'premium' },
    },
    tokens.write,
  );
  const coach = { calendarId: ids.calendarBerlin, appointmentTypeId: ids.appointmentTypeTrial };
  const bookingSlot = slot(8);
  const booking = await call(
    '/connect/calendar_bookings/',
    { ...coach, resourceId: ids.resourceCoach, ...bookingSlot, entryId: lead['id'], name: 'Trial' },
    tokens.write,
  );
  const submitted = await call(
    `/public/forms/${ids.form}/submit`,
    studioSubmission({ ...coach, ...slot(9) }),
  );
  const holdSlot = slot(10);
  const hold = await call(
    '/connect/booking_holds/',
    { ...coach, resourceId: ids.resourceCoach, ...holdSlot, ttlSeconds: MAX_HOLD_TTL_SECONDS },
    tokens.write,
  );
  return {
    now: new Date(FIXTURE_NOW).toISOString(),
    organizationId: ids.organization,
    tokens: { read: tokens.read, write: tokens.write, admin: tokens.admin },
    ids: {
      calendarBerlin: ids.calendarBerlin,
      calendarNewYork: ids.calendarNewYork,
      appointmentTypeTrial: ids.appointmentTypeTrial,
      resourceCoach: ids.resourceCoach,
      table: ids.table,
      leadStateNew: ids.leadStateNew,
      leadStateContacted: ids.leadStateContacted,
    },
    leadId: String(lead['id']),
    booking: { id: String(booking['id']), ...bookingSlot },
    submissionId: String(submitted['submissionId']),
    hold: { id: String(hold['id']), ...holdSlot },
    subscriptionId: subscription.id,
  };
}
