/**
 * The example receiver behind a real HTTP server, subscribed to every event (`['*']`) of a studio
 * service in the test's process. Fake timers drive the service's clock and scheduler: start them
 * (`setTimeout`, `clearTimeout`, `Date`) before {@link startReceiverAndService}.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect, vi } from 'vitest';
import type { ReceivedWebhookEvent } from '@leadbook/sdk';
import { createConnectService, type ConnectService, type ConnectServiceOptions } from '@leadbook/server';
import { STUDIO_IDS as ID, studioFixture } from '@leadbook/server/studio';
import { NOW } from '../../../test-support/time';
import { describeEvent } from '../src/handlers';
import { createReceiver } from '../src/receiver';

/**
 * Lets real I/O (HTTP, the service's storage) run until `check` holds, moving fake time a
 * millisecond at a time: a timer set with no delay while fake timers tick (a delivery due at once,
 * stored by a job that fired) is due a millisecond later.
 */
export async function until(what: string, check: () => boolean) {
  const deadline = performance.now() + 10_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(1);
  }
}

/** The service, what reached the receiver, and a Connect caller. */
export interface ReceiverHarness {
  service: ConnectService;
  /** Events the receiver handled, once per `webhook-id`. */
  handled: Array<{ event: ReceivedWebhookEvent; webhookId: string }>;
  /** The `webhook-id` of every request, retries included. */
  requests: string[];
  /** The reasons of the requests `verifyWebhook` refused. */
  refused: string[];
  /** Makes the next `n` requests fail with 503 before they reach the receiver. */
  failNext(n: number): void;
  /** A Connect call through the service's fetch handler; expects a 2xx and returns the body. */
  call(method: string, path: string, token: string, body?: unknown): Promise<{ id: string } | null>;
  close(): Promise<void>;
}

/** Starts the receiver and a studio service (seeded at {@link NOW}) that delivers every event to it. */
export async function startReceiverAndService(options: ConnectServiceOptions = {}): Promise<ReceiverHarness> {
  const handled: ReceiverHarness['handled'] = [];
  const requests: string[] = [];
  const refused: string[] = [];
  let failing = 0;
  let secret = '';
  const app = express();
  // In front of the receiver: every request's webhook-id, and failures on demand.
  app.use((req, res, next) => {
    requests.push(String(req.header('webhook-id')));
    if (failing > 0) {
      failing -= 1;
      res.status(503).end();
    } else next();
  });
  app.use(
    createReceiver({
      secrets: () => secret,
      onEvent: (event, webhookId) => {
        describeEvent(event); // the example's handling of every type
        handled.push({ event, webhookId });
      },
      onRefused: (reason) => refused.push(reason),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const service = await createConnectService({ ...options, webhooks: { allowPrivateUrls: true } });
  await service.admin.seed(studioFixture({ now: NOW }));
  const { port } = server.address() as AddressInfo;
  ({ secret } = await service.admin.webhookSubscriptions.create(ID.organization, {
    url: `http://127.0.0.1:${port}/leadbook`,
    eventTypes: ['*'],
    description: 'the example receiver',
  }));

  const call: ReceiverHarness['call'] = async (method, path, token, body) => {
    const response = await service.fetch(
      new Request(`http://leadbook.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.status === 204 ? null : ((await response.json()) as { id: string });
  };
  return {
    service,
    handled,
    requests,
    refused,
    failNext: (n) => void (failing = n),
    call,
    close: async () => {
      await service.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
