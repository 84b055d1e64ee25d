import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS, generateWebhookSecret } from '../src/domain/webhooks';
import type { WebhookDeliveryRecord } from '../src/ports/records';
import {
  WEBHOOK_JOB_TYPE,
  WEBHOOK_USER_AGENT,
  listDeliveries,
  webhookJobKey,
} from '../src/usecases/webhooks/delivery';

import {
  ORG,
  OTHER_ORG,
  T0,
  type Answer,
  startReceiver,
  createContext,
  seedForm,
  submit,
  settle,
  until,
  getDelivery,
  pendingJob,
  untilAttempts,
  expectAttemptAt,
  stamp,
} from './webhook-delivery-harness';

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
      {
        at: new Date(times[0]!).toISOString(),
        status: 500,
        error: 'HTTP 500',
        durationMs: expect.any(Number),
      },
      {
        at: new Date(times[1]!).toISOString(),
        status: 500,
        error: 'HTTP 500',
        durationMs: expect.any(Number),
      },
      {
        at: new Date(times[2]!).toISOString(),
        status: 500,
        error: 'HTTP 500',
        durationMs: expect.any(Number),
      },
      { at: new Date(times[3]!).toISOString(), status: 200, error: null, durationMs: expect.any(Number) },
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
      {
        at: new Date(T0).toISOString(),
        status: 410,
        error: expect.stringContaining('410'),
        durationMs: expect.any(Number),
      },
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
    const [timedOut] = (await getDelivery(ctx, delivery)).attempts;
    expect(timedOut).toEqual({
      at: new Date(T0).toISOString(),
      status: null,
      error: 'timed out after 100 ms',
      durationMs: expect.any(Number),
    });
    // The attempt lasted as long as its timeout (measured in real time: the service clock stands still).
    expect(timedOut!.durationMs).toBeGreaterThanOrEqual(99);
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
    expect(ids(await listDeliveries(ctx, ORG, { submissionId: c.delivery.submissionId! }))).toEqual([
      c.delivery.id,
    ]);
    expect(await listDeliveries(ctx, ORG, { formId: foreignForm.id })).toEqual([]);
    expect(await listDeliveries(ctx, OTHER_ORG)).toHaveLength(1);
    const [first] = await listDeliveries(ctx, ORG, { submissionId: a.delivery.submissionId! });
    expect(first).toMatchObject({ status: 'succeeded', payload: a.payload, url: form.webhookUrl });
    expect(first!.attempts).toEqual([
      { at: new Date(T0).toISOString(), status: 200, error: null, durationMs: expect.any(Number) },
    ]);
  });
});
