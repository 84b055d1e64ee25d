/**
 * The two demos together, as the README runs them: this receiver (`npm start`) and the demo server
 * of `examples/express-basic` started with `LEADBOOK_WEBHOOK_URL` pointing at it. The demo's
 * subscription pings the receiver at start, and a lead posted to the demo's ingress webhook reaches
 * the receiver as `table.entry.added`, verified.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Runs `npm start` in `dir` in its own process group (npm, tsx and the server stop together). */
function npmStart(dir: string, env: Record<string, string>): Started {
  const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, ...env }, detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function until(what: string, check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const started: Started[] = [];
afterAll(async () => {
  for (const { child } of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

describe('the demo server subscribes the example receiver', () => {
  it('pings it at start and delivers a new lead to it, verified', async () => {
    const receiver = npmStart(here('..'), { PORT: '0', LEADBOOK_WEBHOOK_SECRET: SECRET });
    started.push(receiver);
    await until('the receiver to listen', () => /listening on (\S+)/.test(receiver.output()));
    const url = /listening on (\S+)/.exec(receiver.output())![1]!;

    const out = join(mkdtempSync(join(tmpdir(), 'leadbook-demo-')), 'demo.json');
    const demo = npmStart(here('../../express-basic'), {
      PORT: '0',
      LEADBOOK_DEMO_OUT: out,
      LEADBOOK_WEBHOOK_URL: url,
      LEADBOOK_WEBHOOK_SECRET: SECRET,
    });
    started.push(demo);
    await until('the demo to start', () => existsSync(out) && readFileSync(out, 'utf8').endsWith('}\n'));
    const info = JSON.parse(readFileSync(out, 'utf8')) as {
      baseUrl: string;
      ingressWebhookId: string;
      ingressToken: string;
      webhookSubscription: { id: string; url: string };
    };
    expect(info.webhookSubscription.url).toBe(url);
    await until('the ping', () => receiver.output().includes('"type":"webhook.ping"'));

    const posted = await fetch(`${info.baseUrl}/public/ingress_webhooks/${info.ingressWebhookId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-ingress-token': info.ingressToken },
      body: JSON.stringify({ data: { email: 'ada@example.com' } }),
    });
    const lead = (await posted.json()) as { id: string };
    await until('the lead', () => receiver.output().includes(`new lead ${lead.id}`));
    expect(receiver.output()).not.toContain('refused');
  });
});
