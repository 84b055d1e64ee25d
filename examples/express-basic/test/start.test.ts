import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalendarSchema, TableDetailSchema, TableSchema } from '@leadbook/contract';
import { createSqlJsStorage } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutdownTrial } from '../../../test-support/shutdown-trial';

// The README's quick start runs `npm start` at the repository root: no build, the demo runs from source.
const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

describe('npm start at the repository root (examples/express-basic)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadbook-demo-'));
  const out = join(dir, 'demo.json');
  // Persisted, as a deployment would be: the SIGTERM test reads back what was acknowledged.
  const dataFile = join(dir, 'leadbook.sqlite');
  let child: ReturnType<typeof spawn>;
  let stdout = '';
  let info: {
    baseUrl: string;
    organizationId: string;
    tokens: Record<'read' | 'write' | 'admin', string>;
    formId: string;
    ingressWebhookId: string;
    ingressToken: string;
  };

  beforeAll(async () => {
    // Its own process group: npm, tsx and the server under it are stopped together.
    child = spawn('npm', ['start'], {
      cwd: rootDir,
      env: {
        ...process.env,
        PORT: '0',
        LEADBOOK_DEMO_OUT: out,
        LEADBOOK_DATA_FILE: dataFile,
        REQUEST_TIMEOUT_MS: '2000',
      },
      detached: true,
    });
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stdout += chunk));
    const wait = () => new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 300 && !existsSync(out); i++) await wait();
    // The banner is printed before the file is written but may still be in the pipe, and the file
    // may be caught half written: read again until the output shows what the file lists.
    for (let i = 0; i < 50; i++) {
      try {
        info = JSON.parse(readFileSync(out, 'utf8'));
        if (Object.values(info.tokens).every((token) => stdout.includes(token))) break;
      } catch {
        // Half written; the next read sees all of it.
      }
      await wait();
    }
  }, 60_000);
  const stopGroup = async (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      return; // the group is gone
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  afterAll(async () => {
    if (groupAlive()) await stopGroup('SIGKILL');
  });

  it('prints the base URL and the demo tokens, and writes them to LEADBOOK_DEMO_OUT', () => {
    expect(stdout).toContain(`listening on ${info.baseUrl}`);
    for (const token of Object.values(info.tokens)) {
      expect(token).toMatch(/^service_live_[0-9a-f]{64}$/);
      expect(stdout).toContain(token);
    }
  });

  it('runs the six-step integration flow of SPEC 1 over HTTP', async () => {
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const res = await fetch(`${info.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: await res.json() };
    };
    const calendars = (await call('GET', '/connect/calendar/', info.tokens.read)).json;
    const types = (await call('GET', '/connect/appointment_types/', info.tokens.read)).json;
    const calendar = calendars.find((c: { tzdata: string }) => c.tzdata === 'America/New_York');
    const trial = types.find((t: { name: string }) => t.name === 'Trial session');
    const start = new Date(Date.now() + 24 * 3600_000).toISOString();
    const end = new Date(Date.now() + 15 * 24 * 3600_000).toISOString();
    const query = new URLSearchParams({ calendarId: calendar.id, appointmentTypeId: trial.id, start, end });
    const slots = (await call('GET', `/connect/availability/?${query}`, info.tokens.read)).json.data;
    const slot = slots.find((s: { available: boolean }) => s.available);
    expect(slot).toBeDefined();
    const [pool] = (await call('GET', '/connect/tables/', info.tokens.read)).json;
    const detail = (await call('GET', `/connect/tables/${pool.id}`, info.tokens.read)).json;
    const defaultState = detail.leadStates.find((s: { default: boolean }) => s.default);
    const lead = await call('POST', '/connect/table_entries/', info.tokens.write, {
      tableId: pool.id,
      leadStateId: defaultState.id,
      data: { firstName: 'Ada', email: 'ada@example.com' },
    });
    expect(lead.status).toBe(201);
    const booking = await call('POST', '/connect/calendar_bookings/', info.tokens.write, {
      calendarId: calendar.id,
      appointmentTypeId: trial.id,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
      entryId: lead.json.id,
    });
    expect(booking.status).toBe(201);
    expect(booking.json).toMatchObject({
      tableEntryId: lead.json.id,
      leadStateName: 'New',
      startDateTime: slot.startDateTime,
      meetingProvider: 'zoom',
      meetingStatus: 'pending',
    });
    // The demo's trial sessions get fake meetings, created by a job right after the booking.
    let read = await call('GET', `/connect/calendar_bookings/${booking.json.id}`, info.tokens.read);
    for (let i = 0; i < 100 && read.json.meetingStatus === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await call('GET', `/connect/calendar_bookings/${booking.json.id}`, info.tokens.read);
    }
    expect(read.json).toMatchObject({
      meetingStatus: 'created',
      meetingExternalStartTime: slot.startDateTime,
    });
    expect(read.json.meetingUrl).toMatch(/^https:\/\/meet\.invalid\/\d+$/);
  });

  it('serves the seeded demo through the Connect API', async () => {
    const get = (path: string) =>
      fetch(`${info.baseUrl}${path}`, { headers: { authorization: `Bearer ${info.tokens.read}` } }).then(
        (r) => r.json(),
      );
    const calendars = CalendarSchema.array().parse(await get('/connect/calendar/'));
    expect(calendars.map((c) => c.tzdata)).toEqual(['Europe/Berlin', 'America/New_York']);
    const [table] = TableSchema.array().parse(await get('/connect/tables/'));
    const detail = TableDetailSchema.parse(await get(`/connect/tables/${table!.id}`));
    expect(new Set(detail.leadStates.map((s) => s.category))).toEqual(
      new Set(['new', 'inProgress', 'completed', 'notCompleted']),
    );
    const resources = (await get('/connect/resources/')) as Array<{ maxParallelBookings: number }>;
    expect(resources.map((r) => r.maxParallelBookings)).toEqual([1, 8]);
    expect(((await get('/connect/resource_slot_blockers/')) as unknown[]).length).toBe(1);
  });

  it('serves a published form: config, slots, and a submit that books and creates a lead', async () => {
    const form = `${info.baseUrl}/public/forms/${info.formId}`;
    const config = await (await fetch(`${form}/config`)).json();
    const consent = config.fields.find((f: { type: string }) => f.type === 'privacy');
    const booking = config.fields.find((f: { type: string }) => f.type === 'booking-calendar');
    expect(consent.mode).toBe('consent');
    expect(booking.bookingConfig).toBeDefined();
    const calendarId = config.studios[0].calendarIds[0];
    const types = await (await fetch(`${form}/appointment-types?calendarId=${calendarId}`)).json();
    const start = new Date(Date.now() + 24 * 3600_000).toISOString();
    const end = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
    const query = new URLSearchParams({ calendarId, appointmentTypeId: types[0].id, start, end });
    const slots = (await (await fetch(`${form}/slots?${query}`)).json()).data;
    const slot = slots.find((s: { available: boolean }) => s.available);
    const field = (type: string) => config.fields.find((f: { type: string }) => f.type === type).id;
    const res = await fetch(`${form}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        studioId: config.studios[0].id,
        captchaToken: 'XXXX.DUMMY.TOKEN.XXXX',
        data: {
          [field('text')]: 'Ada',
          [field('email')]: 'ada@example.com',
          [field('appointment-type')]: types[0].id,
          [consent.id]: 'true',
        },
        bookingSlot: {
          appointmentTypeId: types[0].id,
          calendarId,
          resourceId: slot.resourceId,
          startDateTime: slot.startDateTime,
          endDateTime: slot.endDateTime,
        },
      }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    // The confirmation is printed where the demo would have sent it.
    for (let i = 0; i < 100 && !/\[notifier\] would send .*ada@example\.com/.test(stdout); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stdout).toMatch(/\[notifier\] would send "[^"]+" to "Ada" <ada@example\.com>/);
  });

  it('accepts a lead through the demo ingress webhook, with the sample body the banner prints', async () => {
    const url = `${info.baseUrl}/public/ingress_webhooks/${info.ingressWebhookId}`;
    const sample = new RegExp(`-d '(\\{"data":.*\\})' ${url}`).exec(stdout)?.[1];
    expect(sample).toBeDefined();
    const post = (body: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-ingress-token': info.ingressToken },
        body,
      });
    const res = await post(sample!);
    expect(res.status).toBe(201);
    expect((await res.json()).data).toEqual(JSON.parse(sample!).data);
    expect(info.ingressToken).toMatch(/^[0-9a-f]{64}$/);
    // The fields without their "data" wrapper: the 400 says what the body should be.
    const wrong = await post(JSON.stringify(JSON.parse(sample!).data));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).details.at(-1).message).toMatch(
      /^Expected a JSON object \{"data": \{\.\.\.\}/,
    );
  });

  // An address of this machine that is not loopback: the network a demo must not be served on.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
  // Without a network interface besides loopback there is no other address to try.
  it.skipIf(!external)(
    'listens on loopback only (HOST unset): not reachable on another address',
    async () => {
      const { port } = new URL(info.baseUrl);
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), external!);
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      expect(outcome).toBe('ECONNREFUSED');
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    },
  );

  it('cuts off a client that sends its body too slowly (408, connection closed)', async () => {
    const { hostname, port } = new URL(info.baseUrl);
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Authenticated, since the service answers a request without a valid token before its body.
    socket.write(
      'POST /connect/table_entries/ HTTP/1.1\r\nHost: demo\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${info.tokens.write}\r\nContent-Length: 1000\r\n\r\n{`,
    );
    // The body never completes; the demo's 2 s request timeout (REQUEST_TIMEOUT_MS) ends it.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('stops on SIGTERM with keep-alive clients posting: no 500, every acknowledged lead kept, the port closed', async () => {
    const headers = { authorization: `Bearer ${info.tokens.write}`, 'content-type': 'application/json' };
    const [table] = TableSchema.array().parse(
      await (await fetch(`${info.baseUrl}/connect/tables/`, { headers })).json(),
    );
    const detail = TableDetailSchema.parse(
      await (await fetch(`${info.baseUrl}/connect/tables/${table!.id}`, { headers })).json(),
    );
    const leadStateId = detail.leadStates.find((state) => state.default)!.id;
    const report = await shutdownTrial(
      {
        url: info.baseUrl,
        terminate: () => process.kill(-child.pid!, 'SIGTERM'),
        exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal))),
      },
      {
        path: '/connect/table_entries/',
        headers,
        body: (client, n) => ({ tableId: table!.id, leadStateId, data: { client, n } }),
      },
    );
    expect(report.problems).toEqual([]);
    expect(report.statuses[500]).toBeUndefined();
    for (let i = 0; i < 100 && groupAlive(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(groupAlive()).toBe(false);
    const refused = await fetch(`${info.baseUrl}/connect/calendar/`).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');

    const storage = await createSqlJsStorage({ file: dataFile });
    const stored = await storage.transaction((tx) =>
      tx.entries.list(info.organizationId, { tableId: table!.id }),
    );
    await storage.close();
    const ids = new Set(stored.map((entry) => entry.id));
    expect(report.acknowledged.length).toBeGreaterThan(0);
    expect(report.acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  }, 60_000);
});
