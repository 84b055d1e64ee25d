import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createConnectService, createSqlJsStorage, type WebhookDeliveryRecord } from '@leadbook/server';
import { createServiceContext } from '../src/compose';
import { buildDelivery } from '../src/usecases/webhooks/delivery';
import { webhookOnlyForm } from './webhook-delivery-harness';
import { NOW, testClock } from '../../../test-support/time';

async function sendsAtStartUp(shape: (delivery: WebhookDeliveryRecord) => WebhookDeliveryRecord) {
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    received.push(String(req.headers['webhook-id']));
    req.resume();
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const storage = await createSqlJsStorage();
  const clock = testClock();
  const ctx = await createServiceContext({ storage, clock });
  const formId = randomUUID();
  const delivery = shape(
    buildDelivery(ctx, {
      organizationId: 'org-r',
      formId,
      submissionId: randomUUID(),
      url,
      payload: { n: 1 },
    }),
  );
  await storage.transaction(async (tx) => {
    await tx.forms.create(webhookOnlyForm({ id: formId, organizationId: 'org-r', webhookUrl: url }));
    await tx.webhookDeliveries.create(delivery);
  });
  expect(await storage.transaction((tx) => tx.jobs.nextRunAt())).toBeNull();

  const service = await createConnectService({ storage, clock, webhooks: { allowPrivateUrls: true } });
  await vi.waitFor(() => expect(received).toEqual([delivery.id]), { timeout: 20_000 });
  await vi.waitFor(
    async () => {
      const [stored] = await storage.transaction((tx) => tx.webhookDeliveries.list('org-r'));
      expect(stored!.status).toBe('succeeded');
    },
    { timeout: 20_000 },
  );
  await service.close();
  expect(received).toHaveLength(1);
  await new Promise((resolve) => receiver.close(resolve));
}

// Nothing listens there: no attempt in these tests reaches a receiver.
const url = 'http://127.0.0.1:9/hook';

describe('pending webhook deliveries at start-up', { timeout: 60_000 }, () => {
  it('a pending delivery whose job was never scheduled is sent when the service starts', async () => {
    await sendsAtStartUp((delivery) => delivery);
  });

  it('a delivery left in flight by a crashed process, its lease over, is settled at start-up and its retry scheduled', async () => {
    // The attempt claimed its delivery a day ago with a lease of 20 s (twice the default timeout),
    // and its process died before recording it. (The retry itself is in webhook-lease.test.ts.)
    const storage = await createSqlJsStorage();
    const clock = testClock();
    const ctx = await createServiceContext({ storage, clock });
    const formId = randomUUID();
    const startedAt = NOW - 86_400_000;
    const delivery: WebhookDeliveryRecord = {
      ...buildDelivery(ctx, {
        organizationId: 'org-r',
        formId,
        submissionId: randomUUID(),
        url,
        payload: {},
      }),
      attemptStartedAt: new Date(startedAt).toISOString(),
      nextAttemptAt: startedAt + 20_000,
    };
    await storage.transaction(async (tx) => {
      await tx.forms.create(webhookOnlyForm({ id: formId, organizationId: 'org-r', webhookUrl: url }));
      await tx.webhookDeliveries.create(delivery);
    });

    const service = await createConnectService({ storage, clock, webhooks: { allowPrivateUrls: true } });
    const stored = async () => (await storage.transaction((tx) => tx.webhookDeliveries.list('org-r')))[0]!;
    await vi.waitFor(async () => expect((await stored()).attempts).toHaveLength(1), { timeout: 20_000 });
    expect(await stored()).toMatchObject({
      status: 'pending',
      attemptStartedAt: null,
      nextAttemptAt: NOW + 5_000,
      attempts: [
        {
          at: new Date(startedAt).toISOString(),
          status: null,
          error: 'the attempt did not finish within its lease of 20000 ms (did the process stop?)',
        },
      ],
    });
    expect(await storage.transaction((tx) => tx.jobs.nextRunAt())).toBe(NOW + 5_000);
    await service.close();
  });
});
