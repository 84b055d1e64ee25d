/**
 * `service.close({ drainMs })` on both adapters (the Express router over loopback keeps its
 * connections open: the host has not stopped its server): once it is called, new requests are refused
 * 503 (each surface's envelope, `Retry-After`, `Connection: close`) without touching storage; a
 * request in flight finishes; one still running when storage closes is a 503 too, never a 500. A
 * webhook attempt still in flight at the deadline is given back for the next start.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorMessages } from '@leadbook/contract';
import { createConnectService, createSqlJsStorage, type StorageAdapter } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { describe, expect, it, vi } from 'vitest';
import { createServiceContext } from '../src/compose';
import { buildDelivery } from '../src/usecases/webhooks/delivery';
import { ADAPTERS, createHarness, type CallResult, type Harness } from './harness';
import { webhookOnlyForm } from './webhook-delivery-harness';
import { NOW, testClock } from '../../../test-support/time';

/** sql.js storage whose transactions, once `hold()` is called, wait for `release()` before they start. */
async function holdingStorage() {
  const inner = await createSqlJsStorage();
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  let waiting = 0;
  const storage: StorageAdapter = {
    name: inner.name,
    close: () => inner.close(),
    async transaction(fn, options) {
      if (gate) {
        waiting += 1;
        await gate;
      }
      return inner.transaction(fn, options);
    },
  };
  return {
    storage,
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release() {
      gate = undefined;
      open();
    },
    /** How many transactions have waited so far. */
    waited: () => waiting,
  };
}

const lead = { tableId: ID.table, leadStateId: ID.leadStateNew, data: { email: 'ada@example.com' } };
const createLead = (h: Harness) =>
  h.call('POST', '/connect/table_entries/', { token: TOKEN.write, body: lead });

/** Lets the other pending work (a request that was sent, a close that was called) run as far as it can. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

function expectRefused(result: CallResult) {
  expect(result.status).toBe(503);
  expect(result.headers.get('retry-after')).toBe('1');
  expect(result.headers.get('connection')).toBe('close');
}

describe.each(ADAPTERS)('service.close({ drainMs }) on the %s adapter', { timeout: 60_000 }, (kind) => {
  it('lets the request in flight finish, and refuses new ones with 503 in each surface', async () => {
    const held = await holdingStorage();
    const h = await createHarness(kind, { storage: held.storage }, { fullStudio: true });
    await settle(); // the scheduler has started
    held.hold();
    const inFlight = createLead(h);
    await settle();
    expect(held.waited()).toBe(1);

    let closed = false;
    const closing = h.service.close({ drainMs: 60_000 }).then(() => (closed = true));

    const connect = await h.call('GET', '/connect/calendar/', { token: TOKEN.read });
    expectRefused(connect);
    expect(connect.json).toEqual({
      statusCode: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: ErrorMessages.serviceUnavailable,
    });
    const form = await h.call('GET', `/public/forms/${ID.form}/config`, {
      headers: { origin: 'https://studio.example' },
    });
    expectRefused(form);
    expect(form.json).toEqual({ statusCode: 503, message: ErrorMessages.serviceUnavailable });
    // A browser can read it (and its Retry-After), as it can a 429.
    expect(form.headers.get('access-control-allow-origin')).toBe('https://studio.example');
    const ingress = await h.call('POST', `/public/ingress_webhooks/${ID.ingressWebhook}`, {
      headers: { 'x-service-ingress-token': TOKEN.ingress },
      body: { data: { email: 'grace@example.com' } },
    });
    expectRefused(ingress);
    expect(ingress.json).toEqual({ statusCode: 503, message: ErrorMessages.serviceUnavailable });
    // None of them reached storage.
    expect(held.waited()).toBe(1);

    await settle();
    expect(closed).toBe(false);
    held.release();
    const finished = await inFlight;
    expect(finished.status).toBe(201);
    // Answered while the service closes: the client should not reuse the connection.
    expect(finished.headers.get('connection')).toBe('close');
    await closing;
    // Storage is closed now, and a request that comes later is still a 503, not a 500.
    expectRefused(await createLead(h));
    await h.close();
  });

  it('answers 503, not 500, to a request that is still running when storage closes', async () => {
    const held = await holdingStorage();
    const h = await createHarness(kind, { storage: held.storage });
    await settle(); // the scheduler has started
    held.hold();
    const late = createLead(h);
    await settle();
    expect(held.waited()).toBe(1);

    // Nothing waits for it past the deadline: the storage closes under it.
    await h.service.close({ drainMs: 0 });
    held.release();
    const answer = await late;
    expectRefused(answer);
    expect(answer.json).toMatchObject({ statusCode: 503, error: 'SERVICE_UNAVAILABLE' });
    await h.close();
  });

  it('may be called twice, and refuses a drain it cannot keep', async () => {
    const h = await createHarness(kind);
    await expect(h.service.close({ drainMs: -1 })).rejects.toThrow(RangeError);
    await expect(h.service.close({ drainMs: 1.5 })).rejects.toThrow(RangeError);
    await expect(h.service.close({ drainMs: 300_001 })).rejects.toThrow(RangeError);
    const first = h.service.close({ drainMs: 1_000 });
    expect(h.service.close()).toBe(first);
    await first;
    await expect(h.service.close()).resolves.toBeUndefined();
    expectRefused(await h.call('GET', '/connect/calendar/', { token: TOKEN.read }));
    await h.close();
  });
});

describe('service.close({ drainMs }) and the webhook attempts in flight', { timeout: 60_000 }, () => {
  it('gives back an attempt still running at the deadline: due at once, not counted, sent by the next start', async () => {
    // The receiver holds its first request (the attempt in flight at shutdown), then answers 204.
    const received: string[] = [];
    const held: ServerResponse[] = [];
    const receiver = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      if (received.length === 1) held.push(res);
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const file = join(mkdtempSync(join(tmpdir(), 'leadbook-shutdown-')), 'data.sqlite');
    const clock = testClock();
    const webhooks = { allowPrivateUrls: true, timeoutMs: 5_000 };

    const storage = await createSqlJsStorage({ file });
    const ctx = await createServiceContext({ storage, clock });
    const formId = randomUUID();
    const delivery = buildDelivery(ctx, {
      organizationId: 'org-s',
      formId,
      submissionId: randomUUID(),
      url,
      payload: { n: 1 },
    });
    await storage.transaction(async (tx) => {
      await tx.forms.create(webhookOnlyForm({ id: formId, organizationId: 'org-s', webhookUrl: url }));
      await tx.webhookDeliveries.create(delivery);
    });
    const first = await createConnectService({ storage, clock, webhooks });
    await vi.waitFor(() => expect(received).toEqual([delivery.id]), { timeout: 20_000 });
    await first.close({ drainMs: 0 });

    // What the next instance (or start) finds: the delivery due now, its attempt not counted.
    const reopened = await createSqlJsStorage({ file });
    const [stored] = await reopened.transaction((tx) => tx.webhookDeliveries.list('org-s'));
    expect(stored).toMatchObject({
      status: 'pending',
      attemptStartedAt: null,
      nextAttemptAt: NOW,
      attempts: [],
    });
    expect(await reopened.transaction((tx) => tx.jobs.nextRunAt())).toBe(NOW);

    const second = await createConnectService({ storage: reopened, clock, webhooks });
    await vi.waitFor(() => expect(received).toEqual([delivery.id, delivery.id]), { timeout: 20_000 });
    await vi.waitFor(
      async () => {
        const [sent] = await reopened.transaction((tx) => tx.webhookDeliveries.list('org-s'));
        expect(sent).toMatchObject({ status: 'succeeded', attempts: [{ status: 204, error: null }] });
      },
      { timeout: 20_000 },
    );
    await second.close();
    for (const res of held) res.destroy();
    await new Promise((resolve) => receiver.close(resolve));
  });
});
