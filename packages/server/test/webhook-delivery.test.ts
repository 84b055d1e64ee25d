import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqlJsStorage } from '../src/adapters/sqljs';
import { createServiceContext, startJobs } from '../src/core/create-context';
import type { Logger, ServiceContext } from '../src/core/context';
import { WEBHOOK_RETRY_DELAYS_MS, generateWebhookSecret } from '../src/domain/webhooks';
import type { FormRecord, WebhookDeliveryRecord } from '../src/ports/records';
import type { Scheduler } from '../src/ports/scheduler';
import {
  WEBHOOK_JOB_TYPE,
  WEBHOOK_USER_AGENT,
  buildDelivery,
  enqueueDelivery,
  listDeliveries,
  webhookJobKey,
} from '../src/usecases/webhook-delivery';

const ORG = 'org-a';
const OTHER_ORG = 'org-b';
const T0 = Date.parse('2026-11-22T12:00:00Z');

// ---------------------------------------------------------------------------------------------
// A loopback receiver: real HTTP, answering with a scripted status per request.

interface Received {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
  /** What `standardwebhooks` verified at receipt (its clock check uses the faked Date), or the error. */
  verified: unknown;
}

interface Receiver {
  url: (path?: string) => string;
  port: number;
  requests: Received[];
  close(): Promise<void>;
}

type Answer = number | { status: number; headers?: Record<string, string>; holdMs?: number };

async function startReceiver(
  secret: string | null,
  answer: (n: number, path: string) => Answer,
): Promise<Receiver> {
  const requests: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown;
      try {
        verified = secret ? new Webhook(secret).verify(body, req.headers as Record<string, string>) : null;
      } catch (error) {
        verified = error;
      }
      requests.push({ path: req.url ?? '', at: Date.now(), headers: req.headers, body, verified });
      const reply = answer(requests.length, req.url ?? '');
      const { status, headers = {}, holdMs = 0 } = typeof reply === 'number' ? { status: reply } : reply;
      const respond = () => res.writeHead(status, headers).end('ok');
      // A real timer: the hold simulates a slow receiver against the real AbortSignal timeout.
      if (holdMs > 0) realDelay(holdMs).then(respond, respond);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// A service context wired like `createConnectService` does, with the webhook handlers.

interface Harness {
  ctx: ServiceContext;
  scheduler: Scheduler;
  logs: { level: string; message: string; meta?: Record<string, unknown> }[];
  close(): Promise<void>;
}

async function createContext(webhooks: { allowPrivateUrls: boolean; timeoutMs?: number }): Promise<Harness> {
  const logs: Harness['logs'] = [];
  const log =
    (level: string) =>
    (message: string, meta?: Record<string, unknown>): void =>
      void logs.push({ level, message, ...(meta ? { meta } : {}) });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  const storage = await createSqlJsStorage({ logger });
  const ctx = await createServiceContext({
    storage,
    logger,
    captcha: { verify: async () => true },
    webhooks: { allowPrivateUrls: webhooks.allowPrivateUrls, fetch, timeoutMs: webhooks.timeoutMs ?? 5_000 },
  });
  const { scheduler } = ctx;
  await startJobs(ctx);
  return {
    ctx,
    scheduler,
    logs,
    async close() {
      await scheduler.stop();
      await ctx.background.drain();
      await storage.close();
    },
  };
}

async function seedForm(
  ctx: ServiceContext,
  url: string,
  secret: string,
  organizationId = ORG,
): Promise<FormRecord> {
  const now = new Date(ctx.clock.now()).toISOString();
  const form: FormRecord = {
    id: randomUUID(),
    organizationId,
    name: 'Trial lesson',
    published: true,
    tableId: null,
    webhookOnly: true,
    webhookUrl: url,
    webhookSecret: secret,
    allowedDomains: [],
    captcha: null,
    studios: [{ id: 'main', name: 'Main', calendarIds: [randomUUID()] }],
    fields: [],
    defaultCountry: 'DE',
    createdAt: now,
    updatedAt: now,
  };
  await ctx.storage.transaction((tx) => tx.forms.create(form));
  return form;
}

/** Stores a delivery the way the submit transaction does, then enqueues it after "commit". */
async function submit(ctx: ServiceContext, form: FormRecord, url = form.webhookUrl ?? '') {
  const submissionId = randomUUID();
  const payload = {
    type: 'form.submitted',
    formId: form.id,
    submissionId,
    data: { name: 'Ada Lovelace', note: 'ünïcödé ✓' },
  };
  const delivery = buildDelivery(ctx, {
    organizationId: form.organizationId,
    formId: form.id,
    submissionId,
    url,
    payload,
  });
  await ctx.storage.transaction((tx) => tx.webhookDeliveries.create(delivery));
  await enqueueDelivery(ctx, delivery);
  return { delivery, payload };
}

// ---------------------------------------------------------------------------------------------
// Time: only setTimeout/clearTimeout/Date are faked; HTTP and setImmediate stay real.

const realNow = () => performance.now();
/** Waits real time (setTimeout is faked) by polling the real clock on setImmediate. */
const realDelay = (ms: number) =>
  new Promise<void>((resolve) => {
    const end = realNow() + ms;
    const tick = () => (realNow() >= end ? resolve() : globalThis.setImmediate(tick));
    tick();
  });
const settle = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => globalThis.setImmediate(resolve));
};

/** Polls (over real I/O) until `check` holds; fails after 5 real seconds. */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = realNow() + 5_000;
  while (!(await check())) {
    if (realNow() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => globalThis.setImmediate(resolve));
  }
}

const getDelivery = async (ctx: ServiceContext, delivery: WebhookDeliveryRecord) =>
  (await ctx.storage.transaction((tx) => tx.webhookDeliveries.get(delivery.organizationId, delivery.id)))!;

const pendingJob = (ctx: ServiceContext, delivery: WebhookDeliveryRecord) =>
  ctx.storage.transaction((tx) => tx.jobs.get(webhookJobKey(delivery.id)));

/** Waits until the delivery has `n` recorded attempts. */
const untilAttempts = (ctx: ServiceContext, delivery: WebhookDeliveryRecord, n: number) =>
  until(`${n} attempts`, async () => (await getDelivery(ctx, delivery)).attempts.length >= n);

/**
 * Moves fake time to just before `at` and checks nothing happens, then to `at` and waits for the
 * attempt: proves the attempt is due at exactly that time.
 */
async function expectAttemptAt(
  ctx: ServiceContext,
  receiver: Receiver | null,
  delivery: WebhookDeliveryRecord,
  at: number,
  attempt: number,
) {
  await vi.advanceTimersByTimeAsync(at - 1 - Date.now());
  await settle();
  expect((await getDelivery(ctx, delivery)).attempts).toHaveLength(attempt - 1);
  if (receiver) expect(receiver.requests).toHaveLength(attempt - 1);
  await vi.advanceTimersByTimeAsync(1);
  await untilAttempts(ctx, delivery, attempt);
}

const stamp = (r: Received) => Number(r.headers['webhook-timestamp']);

describe('outgoing webhook deliveries', () => {
  const cleanups: (() => Promise<void>)[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.useRealTimers();
  });

  async function setup(
    options: { allowPrivateUrls: boolean; timeoutMs?: number },
    answer: (n: number, path: string) => Answer,
  ) {
    const secret = generateWebhookSecret();
    const receiver = await startReceiver(secret, answer);
    cleanups.push(() => receiver.close());
    const harness = await createContext(options);
    cleanups.push(() => harness.close());
    const form = await seedForm(harness.ctx, receiver.url(), secret);
    return { ...harness, secret, receiver, form };
  }

  it('retries a failing receiver on the backoff with one webhook-id; every attempt verifies', async () => {
    const { ctx, receiver, form, secret, logs } = await setup({ allowPrivateUrls: true }, (n) =>
      n <= 3 ? 500 : 200,
    );
    const { delivery, payload } = await submit(ctx, form);
    expect(delivery).toMatchObject({ status: 'pending', attempts: [], nextAttemptAt: T0 });

    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    let at = T0;
    for (const [i, delay] of WEBHOOK_RETRY_DELAYS_MS.slice(0, 3).entries()) {
      at += delay;
      expect((await getDelivery(ctx, delivery)).nextAttemptAt).toBe(at);
      expect((await pendingJob(ctx, delivery))?.runAt).toBe(at);
      await expectAttemptAt(ctx, receiver, delivery, at, i + 2);
    }
    await settle();

    expect(receiver.requests).toHaveLength(4);
    // One webhook-id, the delivery id, on every attempt.
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.id]));
    // Attempts 5 s, 5 min and 30 min apart; the timestamp is the attempt time.
    const times = receiver.requests.map((r) => r.at);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([5_000, 300_000, 1_800_000]);
    expect(receiver.requests.map(stamp)).toEqual(times.map((t) => Math.floor(t / 1000)));
    expect(receiver.requests.map(stamp)).toEqual([...receiver.requests.map(stamp)].sort((a, b) => a - b));
    expect(new Set(receiver.requests.map(stamp)).size).toBe(4);
    for (const request of receiver.requests) {
      expect(request.verified).toEqual(payload);
      expect(request.body).toBe(JSON.stringify(payload));
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    // A signature is bound to its own timestamp: the first one does not verify with the last's.
    const [first, last] = [receiver.requests[0]!, receiver.requests[3]!];
    expect(() =>
      new Webhook(secret).verify(first.body, {
        'webhook-id': delivery.id,
        'webhook-timestamp': String(stamp(last)),
        'webhook-signature': String(first.headers['webhook-signature']),
      }),
    ).toThrow();

    const stored = await getDelivery(ctx, delivery);
    expect(stored.status).toBe('succeeded');
    expect(stored.nextAttemptAt).toBeNull();
    expect(stored.attempts).toEqual([
      { at: new Date(times[0]!).toISOString(), status: 500, error: 'HTTP 500' },
      { at: new Date(times[1]!).toISOString(), status: 500, error: 'HTTP 500' },
      { at: new Date(times[2]!).toISOString(), status: 500, error: 'HTTP 500' },
      { at: new Date(times[3]!).toISOString(), status: 200, error: null },
    ]);
    expect(await pendingJob(ctx, delivery)).toBeNull();

    // Failures are logged at warn, without the secret (or anything of the URL but its host).
    expect(logs.filter((l) => l.level === 'warn')).toHaveLength(3);
    expect(logs.filter((l) => l.level === 'error')).toEqual([]);
    expect(JSON.stringify(logs)).not.toContain(secret);
    expect(JSON.stringify(logs)).not.toContain(secret.slice(6));
    expect(JSON.stringify(logs)).not.toContain('/hook');

    // Nothing more happens later.
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    await settle();
    expect(receiver.requests).toHaveLength(4);
  });

  it('stops at a 410 after one attempt, with status gone and no pending job', async () => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: true }, () => 410);
    const { delivery } = await submit(ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    await settle();
    const stored = await getDelivery(ctx, delivery);
    expect(stored).toMatchObject({ status: 'gone', nextAttemptAt: null });
    expect(stored.attempts).toEqual([
      { at: new Date(T0).toISOString(), status: 410, error: expect.stringContaining('410') },
    ]);
    expect(await pendingJob(ctx, delivery)).toBeNull();
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    await settle();
    expect(receiver.requests).toHaveLength(1);
  });

  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/hook`, /127\.0\.0\.1 is loopback/],
    [
      'the metadata address',
      () => 'http://169.254.169.254/latest/meta-data',
      /169\.254\.169\.254 is linkLocal/,
    ],
    [
      'localhost',
      (port: number) => `http://localhost:${port}/hook`,
      /localhost \(127\.0\.0\.1\) is loopback/,
    ],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/hook`, /is loopback/],
  ])('refuses %s when private URLs are not allowed, without any request', async (_, urlOf, reason) => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: false }, () => 200);
    const { delivery } = await submit(ctx, form, urlOf(receiver.port));
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    await settle();
    const stored = await getDelivery(ctx, delivery);
    expect(stored).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(stored.attempts).toHaveLength(1);
    expect(stored.attempts[0]).toMatchObject({
      status: null,
      error: expect.stringMatching(/^URL refused: /),
    });
    expect(stored.attempts[0]!.error).toMatch(reason);
    expect(await pendingJob(ctx, delivery)).toBeNull();
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    await settle();
    expect(receiver.requests).toEqual([]);
  });

  it('gives up after 8 attempts on the full schedule when the receiver always fails', async () => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: true }, () => 503);
    const { delivery } = await submit(ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    let at = T0;
    for (const [i, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      at += delay;
      await expectAttemptAt(ctx, receiver, delivery, at, i + 2);
    }
    await settle();
    const stored = await getDelivery(ctx, delivery);
    expect(stored).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(stored.attempts).toHaveLength(8);
    expect(stored.attempts.every((a) => a.status === 503 && a.error === 'HTTP 503')).toBe(true);
    const times = receiver.requests.map((r) => r.at);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(await pendingJob(ctx, delivery)).toBeNull();
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    await settle();
    expect(receiver.requests).toHaveLength(8);
  });

  it('does not follow a redirect: it is a failed attempt, and the target is never requested', async () => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: true }, (n, path) =>
      path === '/hook' && n === 1 ? { status: 302, headers: { location: '/elsewhere' } } : 200,
    );
    const { delivery } = await submit(ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    await expectAttemptAt(ctx, receiver, delivery, T0 + 5_000, 2);
    const stored = await getDelivery(ctx, delivery);
    expect(stored.status).toBe('succeeded');
    expect(stored.attempts[0]).toMatchObject({ status: 302, error: expect.stringContaining('redirect') });
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hook', '/hook']);
  });

  it('counts a timeout as a failed attempt and retries', async () => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: true, timeoutMs: 100 }, (n) =>
      n === 1 ? { status: 200, holdMs: 500 } : 200,
    );
    const { delivery } = await submit(ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    expect((await getDelivery(ctx, delivery)).attempts[0]).toEqual({
      at: new Date(T0).toISOString(),
      status: null,
      error: 'timed out after 100 ms',
    });
    await expectAttemptAt(ctx, receiver, delivery, T0 + 5_000, 2);
    expect((await getDelivery(ctx, delivery)).status).toBe('succeeded');
  });

  it('retries when nothing listens (connection refused)', async () => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: true }, () => 200);
    await receiver.close();
    const { delivery } = await submit(ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    const stored = await getDelivery(ctx, delivery);
    expect(stored).toMatchObject({ status: 'pending', nextAttemptAt: T0 + 5_000 });
    expect(stored.attempts[0]).toMatchObject({
      status: null,
      error: expect.stringMatching(/^network error: /),
    });
  });

  it('abandons the delivery of a deleted form', async () => {
    const { ctx, receiver, form } = await setup({ allowPrivateUrls: true }, () => 200);
    const { delivery } = await submit(ctx, form);
    await ctx.storage.transaction((tx) => tx.forms.delete(ORG, form.id));
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    expect(await getDelivery(ctx, delivery)).toMatchObject({
      status: 'failed',
      attempts: [{ status: null, error: expect.stringContaining('form no longer exists') }],
    });
    expect(receiver.requests).toEqual([]);
  });

  it('ignores a job for a delivery that is gone or already finished', async () => {
    const { ctx, scheduler, receiver, form } = await setup({ allowPrivateUrls: true }, () => 200);
    const { delivery } = await submit(ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, delivery, 1);
    // A stray job for the finished delivery and one for an unknown delivery.
    for (const deliveryId of [delivery.id, randomUUID()]) {
      await scheduler.schedule({
        key: webhookJobKey(deliveryId),
        runAt: Date.now(),
        type: WEBHOOK_JOB_TYPE,
        payload: { organizationId: ORG, deliveryId },
      });
    }
    await vi.advanceTimersByTimeAsync(0);
    await until(
      'jobs to run',
      async () => (await ctx.storage.transaction((tx) => tx.jobs.nextRunAt())) === null,
    );
    await settle();
    expect(receiver.requests).toHaveLength(1);
    expect((await getDelivery(ctx, delivery)).attempts).toHaveLength(1);
  });

  it('lists deliveries for the console log, by form and by submission, within the organization', async () => {
    const { ctx, form, secret } = await setup({ allowPrivateUrls: true }, () => 200);
    const otherForm = await seedForm(ctx, form.webhookUrl!, secret);
    const foreignForm = await seedForm(ctx, form.webhookUrl!, secret, OTHER_ORG);
    const a = await submit(ctx, form);
    const b = await submit(ctx, form);
    const c = await submit(ctx, otherForm);
    await submit(ctx, foreignForm);
    await vi.advanceTimersByTimeAsync(0);
    await untilAttempts(ctx, c.delivery, 1);

    const ids = (records: WebhookDeliveryRecord[]) => records.map((r) => r.id);
    expect(ids(await listDeliveries(ctx, ORG))).toEqual([a.delivery.id, b.delivery.id, c.delivery.id]);
    expect(ids(await listDeliveries(ctx, ORG, { formId: form.id }))).toEqual([a.delivery.id, b.delivery.id]);
    expect(ids(await listDeliveries(ctx, ORG, { submissionId: c.delivery.submissionId }))).toEqual([
      c.delivery.id,
    ]);
    expect(await listDeliveries(ctx, ORG, { formId: foreignForm.id })).toEqual([]);
    expect(await listDeliveries(ctx, OTHER_ORG)).toHaveLength(1);
    const [first] = await listDeliveries(ctx, ORG, { submissionId: a.delivery.submissionId });
    expect(first).toMatchObject({ status: 'succeeded', payload: a.payload, url: form.webhookUrl });
    expect(first!.attempts).toEqual([{ at: new Date(T0).toISOString(), status: 200, error: null }]);
  });
});
