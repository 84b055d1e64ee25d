/**
 * A process killed in the middle of a webhook attempt, on any durable storage: the attempt's lease
 * ends, the restarted service counts the lost attempt as failed and retries it on the schedule
 * (5 s later), with the same `webhook-id`, and the delivery succeeds exactly once after that. The
 * delivery is a form submission's or a webhook subscription's event (see {@link formCrashSource}
 * and {@link subscriptionCrashSource}); the storage's own test supplies how to start an instance
 * and read what it stored.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { ConnectService, WebhookDeliveryRecord } from '@leadbook/server';
import { killInstance, stopInstance, type Instance } from './processes';

/** What sends the delivery of the scenario, once its receiver listens at a URL. */
export interface CrashSource {
  /** Makes the instance at `baseUrl` commit the write whose delivery the scenario follows. */
  fire(baseUrl: string): Promise<void>;
  /** The source's deliveries as durably stored now. */
  deliveries(): Promise<WebhookDeliveryRecord[]>;
}

/**
 * The per-attempt timeout the killed instances run with. The kill must land while the attempt is
 * still in flight, after the claim was read back from another process (a copy of a sql.js file
 * opened and replayed, or a PostgreSQL query): on a loaded machine that read alone took over a
 * second, and the attempt timed out before the kill.
 */
export const CRASH_ATTEMPT_TIMEOUT_MS = 3_000;

/** What the scenario needs of a storage. */
export interface CrashTarget {
  /** The per-attempt timeout the instances run with (`LEADBOOK_WEBHOOK_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Starts an instance in a new process on the storage. */
  start(): Promise<Instance>;
  /** Sets up, on the storage, a source whose deliveries post to `url`. */
  prepare(url: string): Promise<CrashSource>;
}

/** Reads deliveries of an organization through a storage (a copy of it, for a running sql.js file). */
export type ReadDeliveries = (
  organizationId: string,
  filter: { formId: string } | { subscriptionId: string },
) => Promise<WebhookDeliveryRecord[]>;

/**
 * A published, webhook-only form posting to `url`, in a new organization seeded on `service`
 * (which runs on the storage the instances will use); fired by submitting it.
 */
export async function formCrashSource(
  service: ConnectService,
  url: string,
  read: ReadDeliveries,
): Promise<CrashSource> {
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
  return {
    async fire(baseUrl) {
      const submitted = await fetch(`${baseUrl}/public/forms/${form.id}/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      expect(submitted.status).toBe(200);
    },
    deliveries: () => read(org!.id, { formId: form.id }),
  };
}

/**
 * A webhook subscription to `table.entry.added` posting to `url`, in a new organization seeded on
 * `service` with a lead pool and an ingress webhook; fired by an ingress post (one new lead).
 */
export async function subscriptionCrashSource(
  service: ConnectService,
  url: string,
  read: ReadDeliveries,
): Promise<CrashSource> {
  const [org] = (
    await service.admin.seed({
      organizations: [
        {
          name: 'Crash',
          tables: [{ name: 'Leads', leadStates: [{ name: 'New', category: 'new', default: true }] }],
        },
      ],
    })
  ).organizations;
  const organizationId = org!.id;
  const ingress = await service.admin.ingressWebhooks.create(organizationId, {
    tableId: org!.tables['Leads']!.id,
    name: 'Crash',
  });
  const subscription = await service.admin.webhookSubscriptions.create(organizationId, {
    url,
    eventTypes: ['table.entry.added'],
  });
  return {
    async fire(baseUrl) {
      const posted = await fetch(`${baseUrl}/public/ingress_webhooks/${ingress.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-ingress-token': ingress.token },
        body: JSON.stringify({ data: { email: 'crash@example.com' } }),
      });
      expect(posted.status).toBeLessThan(300);
    },
    deliveries: () => read(organizationId, { subscriptionId: subscription.id }),
  };
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
    const source = await target.prepare(receiver.url);
    const first = await target.start();
    await source.fire(first.url);

    // The attempt is in flight once the receiver holds it, and its claim is durable once stored.
    await until('the first attempt', 20_000, () => receiver.hits.length === 1);
    await until('the claim to be stored', 20_000, async () => {
      const [delivery] = await source.deliveries();
      return typeof delivery?.attemptStartedAt === 'string';
    });
    await killInstance(first);
    expect((await source.deliveries())[0]).toMatchObject({ status: 'pending', attempts: [] });

    const second = await target.start();
    await until('the retry', leaseMs + 30_000, () => receiver.hits.length === 2);
    const [lost, retry] = receiver.hits as [Hit, Hit];
    expect(retry.webhookId).toBe(lost.webhookId);
    await until('the delivery to succeed', 20_000, async () => {
      const [delivery] = await source.deliveries();
      return delivery?.status === 'succeeded';
    });
    await stopInstance(second);

    const [delivery] = await source.deliveries();
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
