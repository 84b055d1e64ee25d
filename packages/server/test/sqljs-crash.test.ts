/**
 * Durability of a persisted sql.js file under kill -9: a service process takes writes from four
 * concurrent clients (leads, lead patches, bookings, ingress) and is killed at a random moment, ten
 * times over. After each kill the file must open and pass `quick_check`, hold every write that was
 * acknowledged with a 2xx, and hold every lead and booking an event was fired for.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import initSqlJs from 'sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { Random } from '../../../test-support/random';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { killInstance, startInstance, stopAll, type Instance } from '../../../test-support/processes';

const TRIALS = 10;
const TOKEN = `service_live_${'c3'.repeat(32)}`;
const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;

const dir = await mkdtemp(join(tmpdir(), 'leadbook-sqljs-crash-'));
const file = join(dir, 'leadbook.sqlite');
afterAll(async () => {
  await stopAll();
  await rm(dir, { recursive: true, force: true });
});

interface Scenario {
  organizationId: string;
  tableId: string;
  leadStateId: string;
  calendarId: string;
  appointmentTypeId: string;
  resourceId: string;
  ingressId: string;
  ingressToken: string;
}

async function seed(): Promise<Scenario> {
  const service = await createConnectService({ storage: await createSqlJsStorage({ file }) });
  const [org] = (
    await service.admin.seed({
      organizations: [
        {
          name: 'Crash studio',
          apiTokens: [{ name: 'write', scopes: ['write'], token: TOKEN }],
          calendars: [{ name: 'Hall', tzdata: 'UTC' }],
          tables: [{ name: 'Leads', leadStates: [{ name: 'New', category: 'new', default: true }] }],
          appointmentTypes: [{ name: 'Quarter', bookingLength: 15, searchLength: 15 }],
          resources: [
            {
              name: 'Room',
              maxParallelBookings: 1000,
              calendarIds: ['Hall'],
              appointmentTypeIds: ['Quarter'],
            },
          ],
          resourceSlots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            calendarId: 'Hall',
            resourceId: 'Room',
            weekday,
            startTime: '00:00',
            endTime: '24:00',
          })),
        },
      ],
    })
  ).organizations;
  const tableId = org!.tables['Leads']!.id;
  const ingress = await service.admin.ingressWebhooks.create(org!.id, { tableId, name: 'Crash' });
  await service.close();
  return {
    organizationId: org!.id,
    tableId,
    leadStateId: org!.tables['Leads']!.leadStates['New']!,
    calendarId: org!.calendars['Hall']!,
    appointmentTypeId: org!.appointmentTypes['Quarter']!,
    resourceId: org!.resources['Room']!,
    ingressId: ingress.id,
    ingressToken: ingress.token,
  };
}

/** What the clients were told: ids acknowledged with a 2xx, and each patched lead's last acknowledged value. */
interface Acknowledged {
  leads: string[];
  bookings: string[];
  ingress: string[];
  patched: Map<string, number>;
}

/** Runs the four clients against `instance` until a request fails (the process died). */
async function drive(instance: Instance, s: Scenario, ack: Acknowledged, firstSlot: number) {
  const connect = (method: string, path: string, body: unknown) =>
    fetch(`${instance.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const loop = async (write: (n: number) => Promise<void>) => {
    for (let n = 0; ; n++) {
      try {
        await write(n);
      } catch {
        return; // Refused connection or reset: the process is gone.
      }
    }
  };
  const lead = (n: number) => ({
    tableId: s.tableId,
    leadStateId: s.leadStateId,
    data: { n, source: 'crash' },
  });
  let own: string | undefined;
  await Promise.all([
    loop(async (n) => {
      const res = await connect('POST', '/connect/table_entries/', lead(n));
      if (res.status === 201) ack.leads.push(((await res.json()) as { id: string }).id);
    }),
    loop(async (n) => {
      if (!own) {
        const res = await connect('POST', '/connect/table_entries/', lead(n));
        if (res.status === 201) ack.leads.push((own = ((await res.json()) as { id: string }).id));
        return;
      }
      const res = await connect('PATCH', `/connect/table_entries/${own}`, { data: { counter: n } });
      if (res.status === 200) ack.patched.set(own, n);
    }),
    loop(async (n) => {
      const start = firstSlot + n * QUARTER_MS;
      const res = await connect('POST', '/connect/calendar_bookings/', {
        calendarId: s.calendarId,
        appointmentTypeId: s.appointmentTypeId,
        resourceId: s.resourceId,
        startDateTime: new Date(start).toISOString(),
        endDateTime: new Date(start + QUARTER_MS).toISOString(),
      });
      if (res.status === 201) ack.bookings.push(((await res.json()) as { id: string }).id);
    }),
    loop(async (n) => {
      const res = await fetch(`${instance.url}/public/ingress_webhooks/${s.ingressId}`, {
        method: 'POST',
        headers: { 'x-service-ingress-token': s.ingressToken, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { n: String(n), email: `crash${n}@example.com` } }),
      });
      if (res.status === 201) ack.ingress.push(((await res.json()) as { id: string }).id);
    }),
  ]);
}

/** Opens the file as the next start would and checks it against what was acknowledged and fired. */
async function verify(s: Scenario, ack: Acknowledged, fired: Array<{ event: string; id: string }>) {
  const storage = await createSqlJsStorage({ file, logger: { warn() {}, error: console.error } });
  try {
    const SQL = await initSqlJs();
    const image = new SQL.Database(storage.exportBytes());
    expect(image.exec('PRAGMA quick_check')[0]!.values).toEqual([['ok']]);
    image.close();
    const org = s.organizationId;
    await storage.transaction(async (tx) => {
      const missing = async (ids: string[], get: (id: string) => Promise<unknown>) => {
        const gone: string[] = [];
        for (const id of ids) if (!(await get(id))) gone.push(id);
        return gone;
      };
      expect(await missing([...ack.leads, ...ack.ingress], (id) => tx.entries.get(org, id))).toEqual([]);
      expect(await missing(ack.bookings, (id) => tx.bookings.get(org, id))).toEqual([]);
      for (const [id, value] of ack.patched) {
        const entry = await tx.entries.get(org, id);
        expect(Number(entry?.data['counter'])).toBeGreaterThanOrEqual(value);
      }
      const leadEvents = fired.filter((line) => line.event === 'table.entry.added').map((line) => line.id);
      const bookingEvents = fired
        .filter((line) => line.event === 'calendar.appointment.booked')
        .map((line) => line.id);
      expect(await missing(leadEvents, (id) => tx.entries.get(org, id))).toEqual([]);
      expect(await missing(bookingEvents, (id) => tx.bookings.get(org, id))).toEqual([]);
    });
  } finally {
    await storage.close();
  }
}

describe('a persisted sql.js file killed with SIGKILL under load', () => {
  it(`loses no acknowledged write in ${TRIALS} trials`, { timeout: 240_000 }, async () => {
    const seedValue = Number(process.env['LEADBOOK_CRASH_SEED'] ?? Date.now() % 1_000_000);
    const random = new Random(seedValue);
    const s = await seed();
    let slot = Math.ceil((Date.now() + DAY_MS) / DAY_MS) * DAY_MS;
    const totals = { writes: 0, events: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const ack: Acknowledged = { leads: [], bookings: [], ingress: [], patched: new Map() };
      const instance = await startInstance({
        runner: fileURLToPath(new URL('./support/file-instance.ts', import.meta.url)),
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { LEADBOOK_DATA_FILE: file },
      });
      const driving = drive(instance, s, ack, slot);
      // A random moment between 0.2 and 1.2 s after the first eleven writes were acknowledged (on a
      // loaded machine the process may take seconds to get there, and a trial without writes proves
      // nothing).
      const acknowledged = () =>
        ack.leads.length + ack.bookings.length + ack.ingress.length + ack.patched.size;
      while (acknowledged() <= 10) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 200 + random.int(1_000)));
      await killInstance(instance);
      await driving;
      const fired = instance.output.flatMap((line) => {
        try {
          const parsed = JSON.parse(line) as { event?: string; id?: string };
          return parsed.event && parsed.id ? [{ event: parsed.event, id: parsed.id }] : [];
        } catch {
          return [];
        }
      });
      const context = `trial ${trial + 1} of seed ${seedValue}`;
      await verify(s, ack, fired).catch((error: unknown) => {
        throw new Error(`${context}: ${String(error)}`, { cause: error });
      });
      totals.writes += acknowledged();
      totals.events += fired.length;
      slot += (ack.bookings.length + 100) * QUARTER_MS;
    }
    // Each trial must have acknowledged writes, or it proved nothing.
    expect(totals.writes).toBeGreaterThan(TRIALS * 10);
    expect(totals.events).toBeGreaterThan(TRIALS * 10);
  });
});
