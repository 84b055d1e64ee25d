/**
 * The lease of a delivery attempt: an attempt that is never recorded (its process froze or died)
 * counts as a failed attempt once its lease of twice the timeout has ended, and the delivery goes on
 * with the retry schedule. The crash itself, with a killed process, is in `webhook-crash.test.ts`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateWebhookSecret, WEBHOOK_RETRY_DELAYS_MS } from '../src/domain/webhooks';
import {
  T0,
  createContext,
  expectAttemptAt,
  getDelivery,
  pendingJob,
  seedForm,
  settle,
  startReceiver,
  submit,
  until,
  untilAttempts,
} from './webhook-delivery-harness';

const TIMEOUT_MS = 1_000;
const LEASE_MS = 2 * TIMEOUT_MS;
const FIRST_RETRY_MS = WEBHOOK_RETRY_DELAYS_MS[0]!;

/** A fetch whose first call hangs, ignoring its timeout, until `release` answers it. */
function hangingFirstFetch() {
  let calls = 0;
  let release: (status: number) => void = () => undefined;
  const hung = new Promise<Response>((resolve) => {
    release = (status) => resolve(new Response(null, { status }));
  });
  const hangingFetch: typeof fetch = (input, init) => {
    calls += 1;
    return calls === 1 ? hung : fetch(input, init);
  };
  return { fetch: hangingFetch, release: (status: number) => release(status), calls: () => calls };
}

describe('the lease of a delivery attempt', () => {
  const cleanups: (() => Promise<void>)[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.useRealTimers();
  });

  async function setup() {
    const secret = generateWebhookSecret();
    const receiver = await startReceiver(secret, () => 200);
    cleanups.push(() => receiver.close());
    const hanging = hangingFirstFetch();
    const harness = await createContext({
      allowPrivateUrls: true,
      timeoutMs: TIMEOUT_MS,
      fetch: hanging.fetch,
    });
    // The hung attempt must end for close() to drain the background work.
    cleanups.push(async () => {
      hanging.release(503);
      await harness.close();
    });
    const form = await seedForm(harness.ctx, receiver.url(), secret);
    const { delivery } = await submit(harness.ctx, form);
    await vi.advanceTimersByTimeAsync(0);
    await until('the first attempt to start', () => hanging.calls() === 1);
    return { ...harness, receiver, hanging, delivery };
  }

  it('an attempt in flight holds its delivery, with its job at the end of the lease', async () => {
    const { ctx, delivery } = await setup();
    const stored = await getDelivery(ctx, delivery);
    expect(stored).toMatchObject({
      status: 'pending',
      attempts: [],
      attemptStartedAt: new Date(T0).toISOString(),
      nextAttemptAt: T0 + LEASE_MS,
    });
    expect((await pendingJob(ctx, delivery))?.runAt).toBe(T0 + LEASE_MS);
  });

  it('an attempt never recorded counts as failed when its lease ends; the retry follows the schedule', async () => {
    const { ctx, receiver, delivery, logs } = await setup();
    await expectAttemptAt(ctx, null, delivery, T0 + LEASE_MS, 1);
    const settled = await getDelivery(ctx, delivery);
    expect(settled).toMatchObject({
      status: 'pending',
      attemptStartedAt: null,
      nextAttemptAt: T0 + LEASE_MS + FIRST_RETRY_MS,
      attempts: [
        {
          at: new Date(T0).toISOString(),
          status: null,
          error: `the attempt did not finish within its lease of ${LEASE_MS} ms (did the process stop?)`,
        },
      ],
    });
    expect(logs.some((l) => l.message === 'webhook delivery attempt did not finish within its lease')).toBe(
      true,
    );

    await expectAttemptAt(ctx, null, delivery, T0 + LEASE_MS + FIRST_RETRY_MS, 2);
    // The hung attempt never reached the receiver; the retry did.
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(delivery.id);
    expect(await getDelivery(ctx, delivery)).toMatchObject({ status: 'succeeded', nextAttemptAt: null });
    expect(await pendingJob(ctx, delivery)).toBeNull();
  });

  it('an attempt that outlives its lease and then succeeds ends the delivery and its retry', async () => {
    const { ctx, receiver, hanging, delivery } = await setup();
    await expectAttemptAt(ctx, null, delivery, T0 + LEASE_MS, 1);
    expect((await pendingJob(ctx, delivery))?.runAt).toBe(T0 + LEASE_MS + FIRST_RETRY_MS);

    hanging.release(204);
    await untilAttempts(ctx, delivery, 2);
    const stored = await getDelivery(ctx, delivery);
    expect(stored).toMatchObject({ status: 'succeeded', nextAttemptAt: null, attemptStartedAt: null });
    expect(stored.attempts.map((a) => a.status)).toEqual([null, 204]);
    expect(await pendingJob(ctx, delivery)).toBeNull();

    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2);
    await settle();
    expect(receiver.requests).toEqual([]);
  });

  it('an attempt that outlives its lease and then fails leaves the schedule its lease set', async () => {
    const { ctx, hanging, delivery } = await setup();
    await expectAttemptAt(ctx, null, delivery, T0 + LEASE_MS, 1);
    hanging.release(500);
    await untilAttempts(ctx, delivery, 2);
    expect(await getDelivery(ctx, delivery)).toMatchObject({
      status: 'pending',
      nextAttemptAt: T0 + LEASE_MS + FIRST_RETRY_MS,
    });
    expect((await pendingJob(ctx, delivery))?.runAt).toBe(T0 + LEASE_MS + FIRST_RETRY_MS);
  });
});
