/**
 * `service.close({ drainMs })` on the fetch handler: once it is called, new requests are refused
 * 503 (each surface's envelope, `Retry-After`, `Connection: close`) without touching storage; a
 * request in flight finishes; one still running when storage closes is a 503 too, never a 500.
 */
import { ErrorMessages } from '@leadbook/contract';
import { createSqlJsStorage, type StorageAdapter } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { describe, expect, it } from 'vitest';
import { createHarness, type CallResult, type Harness } from './harness';

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

describe('service.close({ drainMs }) on the fetch handler', { timeout: 60_000 }, () => {
  it('lets the request in flight finish, and refuses new ones with 503 in each surface', async () => {
    const held = await holdingStorage();
    const h = await createHarness('fetch', { storage: held.storage }, { fullStudio: true });
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
  });

  it('answers 503, not 500, to a request that is still running when storage closes', async () => {
    const held = await holdingStorage();
    const h = await createHarness('fetch', { storage: held.storage });
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
  });

  it('may be called twice, and refuses a drain it cannot keep', async () => {
    const h = await createHarness('fetch');
    await expect(h.service.close({ drainMs: -1 })).rejects.toThrow(RangeError);
    await expect(h.service.close({ drainMs: 1.5 })).rejects.toThrow(RangeError);
    await expect(h.service.close({ drainMs: 300_001 })).rejects.toThrow(RangeError);
    const first = h.service.close({ drainMs: 1_000 });
    expect(h.service.close()).toBe(first);
    await first;
    await expect(h.service.close()).resolves.toBeUndefined();
    expectRefused(await h.call('GET', '/connect/calendar/', { token: TOKEN.read }));
  });
});
