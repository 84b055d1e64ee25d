/**
 * Helpers of the webhook delivery tests: a loopback receiver that verifies signatures, a service
 * context wired like `createConnectService`, form and delivery seeding, and real-time waits for
 * tests that fake timers.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, vi } from 'vitest';
import { createSqlJsStorage } from '../src/adapters/sqljs';
import { createServiceContext, startJobs } from '../src/compose';
import type { ServiceContext } from '../src/core/context';
import type { Logger } from '../src/ports/logger';
import { generateWebhookSecret, type HostLookup } from '../src/domain/webhooks';
import type { FormRecord, WebhookDeliveryRecord } from '../src/ports/records';
import type { Scheduler } from '../src/ports/scheduler';
import { buildDelivery, enqueueDelivery, webhookJobKey } from '../src/usecases/webhooks/delivery';
import { NOW } from '../../../test-support/time';

export const ORG = 'org-a';
export const OTHER_ORG = 'org-b';
export const T0 = NOW;

// ---------------------------------------------------------------------------------------------
// A loopback receiver: real HTTP, answering with a scripted status per request.

export interface Received {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
  /** What `standardwebhooks` verified at receipt (its clock check uses the faked Date), or the error. */
  verified: unknown;
}

export interface Receiver {
  url: (path?: string) => string;
  port: number;
  requests: Received[];
  close(): Promise<void>;
}

export type Answer = number | { status: number; headers?: Record<string, string>; holdMs?: number };

export async function startReceiver(
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

export interface Harness {
  ctx: ServiceContext;
  scheduler: Scheduler;
  logs: { level: string; message: string; meta?: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function createContext(webhooks: {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  /** Default: the service's (connections only to addresses the guard allows). */
  fetch?: typeof fetch;
  /** Default: the system resolver. */
  lookup?: HostLookup;
}): Promise<Harness> {
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
    webhooks: { ...webhooks, timeoutMs: webhooks.timeoutMs ?? 5_000 },
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

/** A published, webhook-only form record (no lead pool); `fields` names it and may override the rest. */
export function webhookOnlyForm(
  fields: Pick<FormRecord, 'id' | 'organizationId' | 'webhookUrl'> & Partial<FormRecord>,
): FormRecord {
  const now = new Date().toISOString();
  return {
    name: 'Trial lesson',
    published: true,
    tableId: null,
    webhookOnly: true,
    webhookSecret: generateWebhookSecret(),
    allowedDomains: [],
    captcha: null,
    studios: [{ id: 'main', name: 'Main', calendarIds: [randomUUID()] }],
    fields: [],
    defaultCountry: 'DE',
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

export async function seedForm(
  ctx: ServiceContext,
  url: string,
  secret: string,
  organizationId = ORG,
): Promise<FormRecord> {
  const now = new Date(ctx.clock.now()).toISOString();
  const form = webhookOnlyForm({
    id: randomUUID(),
    organizationId,
    webhookUrl: url,
    webhookSecret: secret,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.storage.transaction((tx) => tx.forms.create(form));
  return form;
}

/** Stores a delivery the way the submit transaction does, then enqueues it after "commit". */
export async function submit(ctx: ServiceContext, form: FormRecord, url = form.webhookUrl ?? '') {
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

export const realNow = () => performance.now();
/** Waits real time (setTimeout is faked) by polling the real clock on setImmediate. */
export const realDelay = (ms: number) =>
  new Promise<void>((resolve) => {
    const end = realNow() + ms;
    const tick = () => (realNow() >= end ? resolve() : globalThis.setImmediate(tick));
    tick();
  });
export const settle = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => globalThis.setImmediate(resolve));
};

/** Polls (over real I/O) until `check` holds; fails after 5 real seconds. */
export async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = realNow() + 5_000;
  while (!(await check())) {
    if (realNow() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => globalThis.setImmediate(resolve));
  }
}

export const getDelivery = async (ctx: ServiceContext, delivery: WebhookDeliveryRecord) =>
  (await ctx.storage.transaction((tx) => tx.webhookDeliveries.get(delivery.organizationId, delivery.id)))!;

export const pendingJob = (ctx: ServiceContext, delivery: WebhookDeliveryRecord) =>
  ctx.storage.transaction((tx) => tx.jobs.get(webhookJobKey(delivery.id)));

/** Waits until the delivery has `n` recorded attempts. */
export const untilAttempts = (ctx: ServiceContext, delivery: WebhookDeliveryRecord, n: number) =>
  until(`${n} attempts`, async () => (await getDelivery(ctx, delivery)).attempts.length >= n);

/**
 * Moves fake time to just before `at` and checks nothing happens, then to `at` and waits for the
 * attempt: proves the attempt is due at exactly that time.
 */
export async function expectAttemptAt(
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

export const stamp = (r: Received) => Number(r.headers['webhook-timestamp']);
