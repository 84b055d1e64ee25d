/**
 * Issue 6 benchmark: ingress webhook POSTs against a bare Express 5 route that parses and echoes the
 * same body, measured side by side over loopback HTTP.
 */
import express from 'express';
import { INGRESS_TOKEN_HEADER } from '@leadbook/contract';
import { createConnectService } from '@leadbook/server';
import { compare, comparisonRow, listen } from './http-harness';
import { FLOOR_LABEL, storageFloorApp } from './storage-floor';
import { mountRequiredIngress, REQUIRED_LABEL } from './required-floor';
import { studioFixture, STUDIO_IDS as ID } from '@leadbook/server/studio';
import { heading } from './report';

export async function benchIngress(): Promise<void> {
  heading(
    'Ingress webhook POST vs bare Express 5 (loopback, autocannon, 10 connections; median of interleaved rounds)',
  );
  const service = await createConnectService();
  await service.admin.seed(studioFixture());
  const webhook = await service.admin.ingressWebhooks.create(ID.organization, {
    tableId: ID.table,
    name: 'Bench',
  });
  const headers = { [INGRESS_TOKEN_HEADER]: webhook.token, 'content-type': 'application/json' };

  const bare = express();
  bare.post('/echo', express.json(), (req, res) => void res.status(201).json(req.body));
  const app = express();
  app.use(service.express());

  const body = JSON.stringify({
    data: { name: 'Load', email: 'load@example.com', age: '42', tags: ['web'], newsletter: true },
  });
  // An ingress POST fires table.entry.added only: one activity row.
  const sample = (await (
    await service.fetch(
      new Request(`http://x/public/ingress_webhooks/${webhook.id}`, { method: 'POST', headers, body }),
    )
  ).json()) as { id: string };
  const {
    app: floorApp,
    connection,
    stored,
  } = await storageFloorApp(
    service,
    { organizationId: ID.organization, entryId: sample.id, eventCount: 1 },
    '/floor',
  );
  // The floor's writes plus the spec's required reads and checks, on the floor's database.
  const required = { entry: stored.entry, events: stored.events, webhookId: webhook.id };
  await mountRequiredIngress(floorApp, connection, service, required, '/required');

  const ours = await listen(app);
  const baseline = await listen(bare);
  const floor = await listen(floorApp);
  try {
    const ingress = {
      method: 'POST',
      path: `/public/ingress_webhooks/${webhook.id}`,
      headers,
      body,
    } as const;
    const echo = { method: 'POST', path: '/echo', headers, body } as const;
    const post = await compare(
      { url: ours.url, ...ingress },
      { url: baseline.url, ...echo },
      { url: floor.url, label: FLOOR_LABEL, ...echo, path: '/floor' },
      [{ url: floor.url, label: REQUIRED_LABEL, ...ingress, path: `/required/${webhook.id}` }],
    );
    comparisonRow('POST /public/ingress_webhooks/:id', post, { of: 'reference', atLeast: 0.9 });
    console.log(`  p99 latency: ${post.p99.subject} ms vs ${post.p99.baseline} ms`);
    if (post.errors > 0) console.log(`  warning: ${post.errors} non-2xx responses from the service`);
  } finally {
    await ours.close();
    await baseline.close();
    await floor.close();
    await service.close();
  }
}
