import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { createServiceContext } from '../src/core/create-context';
import { generateWebhookSecret } from '../src/domain/webhooks';
import { buildDelivery } from '../src/usecases/webhook-delivery';

describe('pending webhook deliveries at start-up', () => {
  it('a pending delivery whose job was never scheduled is sent when the service starts', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const storage = await createSqlJsStorage();
    // A submission committed, then scheduling its delivery failed: a pending row and no job.
    const ctx = await createServiceContext({ storage });
    const formId = randomUUID();
    const delivery = buildDelivery(ctx, {
      organizationId: 'org-r',
      formId,
      submissionId: randomUUID(),
      url,
      payload: { n: 1 },
    });
    const at = new Date().toISOString();
    await storage.transaction(async (tx) => {
      await tx.forms.create({
        id: formId,
        organizationId: 'org-r',
        name: 'Resume',
        published: true,
        tableId: null,
        webhookOnly: true,
        webhookUrl: url,
        webhookSecret: generateWebhookSecret(),
        allowedDomains: [],
        captcha: null,
        studios: [{ id: 's', name: 'S', calendarIds: [randomUUID()] }],
        fields: [],
        defaultCountry: 'DE',
        createdAt: at,
        updatedAt: at,
      });
      await tx.webhookDeliveries.create(delivery);
    });
    expect(await storage.transaction((tx) => tx.jobs.nextRunAt())).toBeNull();

    const service = await createConnectService({ storage, webhooks: { allowPrivateUrls: true } });
    await vi.waitFor(() => expect(received).toEqual([delivery.id]));
    await vi.waitFor(async () => {
      const [stored] = await storage.transaction((tx) => tx.webhookDeliveries.list('org-r'));
      expect(stored!.status).toBe('succeeded');
    });
    await service.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
});
