/**
 * A process killed in the middle of a webhook attempt, on any durable storage: the attempt's lease
 * ends, the restarted service counts the lost attempt as failed and retries it on the schedule
 * (5 s later), with the same `webhook-id`. The storage's own test supplies how to start an instance
 * and read what it stored.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { ConnectService, WebhookDeliveryRecord } from '@leadbook/server';
import { killInstance, stopInstance, type Instance } from './processes';

/** What the scenario needs of a storage. */
export interface CrashTarget {
  /** The per-attempt timeout the instances run with (`LEADBOOK_WEBHOOK_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Starts an instance in a new process on the storage. */
  start(): Promise<Instance>;
  /** Creates a published form without fields whose webhook posts to `url`; resolves its id. */
  createForm(url: string): Promise<string>;
  /** The form's deliveries as durably stored now. */
  deliveries(formId: string): Promise<WebhookDeliveryRecord[]>;
}

/**
 * Seeds an organization with a calendar and a published, webhook-only form posting to `url`, on
 * `service` (which runs on the storage the instances will use); resolves its ids.
 */
export async function seedCrashForm(
  service: ConnectService,
  url: string,
): Promise<{ organizationId: string; formId: string }> {
  const [org] = (
    await service.admin.seed({
      organizations: [{ name: 'Crash', calendars: [{ name: 'Desk', tzdata: 'UTC' }] }],
    })
  ).organizations;
  const form = await service.admin.forms.create(org!.id, {
    name: 'Hook',
    published: true,
    webhookOnly: true,
    webhookUrl: url,
    studios: [{ id: 'main', name: 'Main', calendarIds: [org!.calendars['Desk']!] }],
  });
  return { organizationId: org!.id, formId: form.id };
}

interface Hit {
  at: number;
  webhookId: string;
}

/** A receiver that never answers its first request (the attempt in flight) and 200s the rest. */
async function hangingReceiver() {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    hits.push({ at: Date.now(), webhookId: String(req.headers['webhook-id']) });
    if (hits.length > 1) res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls (real time) until `check` holds, failing after `ms` with what was awaited. */
async function until(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the scenario on `target`; fails the calling test when the delivery is not retried. */
export async function killMidAttempt(target: CrashTarget): Promise<void> {
  const receiver = await hangingReceiver();
  const leaseMs = 2 * target.timeoutMs;
  try {
    const formId = await target.createForm(receiver.url);
    const first = await target.start();
    const submitted = await fetch(`${first.url}/public/forms/${formId}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    });
    expect(submitted.status).toBe(200);

    // The attempt is in flight once the receiver holds it, and its claim is durable once stored.
    await until('the first attempt', 20_000, () => receiver.hits.length === 1);
    await until('the claim to be stored', 20_000, async () => {
      const [delivery] = await target.deliveries(formId);
      return typeof delivery?.attemptStartedAt === 'string';
    });
    await killInstance(first);
    expect((await target.deliveries(formId))[0]).toMatchObject({ status: 'pending', attempts: [] });

    const second = await target.start();
    await until('the retry', leaseMs + 30_000, () => receiver.hits.length === 2);
    const [lost, retry] = receiver.hits as [Hit, Hit];
    expect(retry.webhookId).toBe(lost.webhookId);
    await until('the delivery to succeed', 20_000, async () => {
      const [delivery] = await target.deliveries(formId);
      return delivery?.status === 'succeeded';
    });
    await stopInstance(second);

    const [delivery] = await target.deliveries(formId);
    expect(delivery!.attempts).toEqual([
      {
        at: expect.any(String),
        status: null,
        error: `the attempt did not finish within its lease of ${leaseMs} ms (did the process stop?)`,
      },
      { at: expect.any(String), status: 200, error: null, durationMs: expect.any(Number) },
    ]);
    expect(receiver.hits).toHaveLength(2);
    // The lease from the claim, then the first delay of the retry schedule, passed before the retry.
    expect(retry.at).toBeGreaterThanOrEqual(Date.parse(delivery!.attempts[0]!.at) + leaseMs + 5_000);
  } finally {
    await receiver.close();
  }
}
