import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const DATABASE_URL = process.env['LEADBOOK_TEST_DATABASE_URL'] || undefined;

// The example needs a PostgreSQL server: it runs where LEADBOOK_TEST_DATABASE_URL names one (CI
// sets it). Set but unreachable, `npm start` exits and beforeAll fails.
describe.skipIf(!DATABASE_URL)('npm start (examples/express-postgres)', () => {
  const suffix = randomBytes(5).toString('hex');
  const schemas = {
    LEADBOOK_SCHEMA: `leadbook_example_${suffix}`,
    LEADBOOK_PGBOSS_SCHEMA: `pgboss_example_${suffix}`,
  };
  const out = join(mkdtempSync(join(tmpdir(), 'leadbook-pg-demo-')), 'demo.json');
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let info: {
    urls: string[];
    organizationId: string;
    tokens: Record<'read' | 'write' | 'admin', string>;
    formId: string;
  };

  beforeAll(async () => {
    // Its own process group, so the cleanup reaches npm, tsx and both instances.
    child = spawn('npm', ['start'], {
      cwd: exampleDir,
      detached: true,
      env: { ...process.env, DATABASE_URL, PORTS: '0,0', LEADBOOK_DEMO_OUT: out, ...schemas },
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let i = 0; i < 300 && !existsSync(out) && child.exitCode === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!existsSync(out)) throw new Error(`npm start did not come up:\n${output}`);
    // The file is written after the banner is printed, but the banner may still be in the pipe
    // (and the file may be caught half written): read both again until they agree, for a while.
    const printed = () => [...info.urls, ...Object.values(info.tokens)].every((s) => output.includes(s));
    for (let i = 0; i < 50; i++) {
      try {
        info = JSON.parse(readFileSync(out, 'utf8'));
        if (printed()) break;
      } catch {
        // Half written; the next read sees all of it.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    const pool = new pg.Pool({ connectionString: DATABASE_URL });
    for (const schema of Object.values(schemas))
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  });

  it('starts two instances and prints their URLs and the demo tokens', () => {
    expect(info.urls).toHaveLength(2);
    for (const url of info.urls) expect(output).toContain(url);
    for (const token of Object.values(info.tokens)) {
      expect(token).toMatch(/^service_live_[0-9a-f]{64}$/);
      expect(output).toContain(token);
    }
  });

  it('a booking made through one instance is counted by the other', async () => {
    const [a, b] = info.urls as [string, string];
    const get = async (url: string) =>
      (await fetch(url, { headers: { authorization: `Bearer ${info.tokens.read}` } })).json();
    const [calendar] = await get(`${b}/connect/calendar/`);
    const [type] = await get(`${a}/connect/appointment_types/`);
    const start = new Date(Date.now() + 24 * 3600_000).toISOString();
    const end = new Date(Date.now() + 9 * 24 * 3600_000).toISOString();
    const query = new URLSearchParams({ calendarId: calendar.id, appointmentTypeId: type.id, start, end });
    const slot = (await get(`${a}/connect/availability/?${query}`)).data.find(
      (candidate: { available: boolean }) => candidate.available,
    );
    const booked = await fetch(`${a}/connect/calendar_bookings/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${info.tokens.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        calendarId: calendar.id,
        appointmentTypeId: type.id,
        resourceId: slot.resourceId,
        resourceSlotId: slot.resourceSlotId,
        startDateTime: slot.startDateTime,
        endDateTime: slot.endDateTime,
      }),
    });
    expect(booked.status).toBe(201);
    const counted = await get(`${b}/connect/calendar/${calendar.id}`);
    expect(counted.count).toBe(1);
  });

  it('the instances share the public form rate limit: 40 GETs from one client get 30 answers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${info.urls[i % 2]}/public/forms/${info.formId}/config`)),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(30);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(10);
  });

  it('each instance is live and ready: storage, migrations and the pg-boss scheduler pass', async () => {
    for (const url of info.urls) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        checks: {
          storage: { status: 'pass' },
          migrations: { status: 'pass' },
          scheduler: { status: 'pass' },
        },
      });
    }
  });

  it('stops both instances on SIGTERM', async () => {
    process.kill(-child.pid!, 'SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
    ]);
    expect(code).not.toBe('timeout');
  }, 20_000);
});
