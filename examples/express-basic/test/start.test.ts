import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalendarSchema, TableDetailSchema, TableSchema } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm start (examples/express-basic)', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'leadbook-demo-')), 'demo.json');
  let child: ReturnType<typeof spawn>;
  let stdout = '';
  let info: { baseUrl: string; organizationId: string; tokens: Record<'read' | 'write' | 'admin', string> };

  beforeAll(async () => {
    child = spawn('npm', ['start'], {
      cwd: exampleDir,
      env: { ...process.env, PORT: '0', LEADBOOK_DEMO_OUT: out },
    });
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stdout += chunk));
    for (let i = 0; i < 300 && !existsSync(out); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    info = JSON.parse(readFileSync(out, 'utf8'));
  });
  afterAll(() => {
    child.kill('SIGTERM');
  });

  it('prints the base URL and the demo tokens, and writes them to LEADBOOK_DEMO_OUT', () => {
    expect(stdout).toContain(`listening on ${info.baseUrl}`);
    for (const token of Object.values(info.tokens)) {
      expect(token).toMatch(/^service_live_[0-9a-f]{64}$/);
      expect(stdout).toContain(token);
    }
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
});
