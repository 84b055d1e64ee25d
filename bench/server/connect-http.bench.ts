/**
 * Issue 3 benchmark: the mounted Connect router against bare Express 5 routes doing the same JSON
 * work, measured side by side over loopback HTTP.
 */
import express from 'express';
import { createConnectService } from '@leadbook/server';
import { compare, comparisonRow, listen } from './http-harness';
import { FLOOR_LABEL, storageFloorApp } from './storage-floor';
import { mountRequiredWork, REQUIRED_LABEL } from './required-floor';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { heading } from './report';

export async function benchConnectHttp(): Promise<void> {
  heading(
    'Connect HTTP vs bare Express 5 (loopback, autocannon, 10 connections; median of interleaved rounds)',
  );
  const service = await createConnectService();
  await service.admin.seed(studioFixture());
  const auth = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };

  const calendars = await (
    await service.fetch(new Request('http://x/connect/calendar/', { headers: auth }))
  ).json();
  const bare = express();
  bare.get('/connect/calendar/', (_req, res) => void res.json(calendars));
  bare.post('/echo', express.json(), (req, res) => void res.status(201).json(req.body));
  bare.patch('/echo', express.json(), (req, res) => void res.json(req.body));
  const app = express();
  app.use(service.express());
  const postBody = JSON.stringify({
    tableId: ID.table,
    leadStateId: ID.leadStateNew,
    data: { name: 'Load', email: 'load@example.com' },
  });
  // A create fires table.entry.added and table.entry.leadState.changed: two activity rows.
  const sample = (await (
    await service.fetch(
      new Request('http://x/connect/table_entries/', { method: 'POST', headers: auth, body: postBody }),
    )
  ).json()) as { id: string };
  // The PATCH sides patch this entry; one patch first, so the schema the floor copies has its keys.
  const patchBody = JSON.stringify({ data: { name: 'Patched', visits: 2 } });
  await service.fetch(
    new Request(`http://x/connect/table_entries/${sample.id}`, {
      method: 'PATCH',
      headers: auth,
      body: patchBody,
    }),
  );
  const {
    app: floorApp,
    connection,
    stored,
  } = await storageFloorApp(
    service,
    { organizationId: ID.organization, entryId: sample.id, eventCount: 2 },
    '/floor',
  );
  // The floor's writes plus the spec's required reads and checks, on the floor's database.
  const required = { token: TOKEN.write, entry: stored.entry, events: stored.events };
  await mountRequiredWork(floorApp, connection, service, required, '/required');

  const ours = await listen(app);
  const baseline = await listen(bare);
  const floor = await listen(floorApp);
  try {
    const get = await compare(
      { url: ours.url, path: '/connect/calendar/', headers: auth },
      { url: baseline.url, path: '/connect/calendar/' },
    );
    comparisonRow('GET /connect/calendar/', get, { of: 'baseline', atLeast: 0.8 });

    const post = await compare(
      { url: ours.url, method: 'POST', path: '/connect/table_entries/', headers: auth, body: postBody },
      { url: baseline.url, method: 'POST', path: '/echo', headers: auth, body: postBody },
      { url: floor.url, label: FLOOR_LABEL, method: 'POST', path: '/floor', headers: auth, body: postBody },
      [
        {
          url: floor.url,
          label: REQUIRED_LABEL,
          method: 'POST',
          path: '/required',
          headers: auth,
          body: postBody,
        },
      ],
    );
    comparisonRow('POST /connect/table_entries/', post, { of: 'reference', atLeast: 0.9 });

    // The entry the POST sample created, which the floor's database holds too.
    const patchOf = (url: string, path: string) =>
      ({ url, method: 'PATCH', path, headers: auth, body: patchBody }) as const;
    const patch = await compare(
      patchOf(ours.url, `/connect/table_entries/${sample.id}`),
      patchOf(baseline.url, '/echo'),
      { ...patchOf(floor.url, `/floor/${sample.id}`), label: FLOOR_LABEL },
      [{ ...patchOf(floor.url, `/required/${sample.id}`), label: REQUIRED_LABEL }],
    );
    comparisonRow('PATCH /connect/table_entries/:id', patch, { of: 'reference', atLeast: 0.9 });
    const failures = get.errors + post.errors + patch.errors;
    if (failures > 0) console.log(`  warning: ${failures} non-2xx responses from the service`);
  } finally {
    await ours.close();
    await baseline.close();
    await floor.close();
    await service.close();
  }
}
