import express from 'express';
import { createConnectService } from '@leadbook/server';
import { listen, load } from './server/http-harness';
import { storageFloorApp } from './server/storage-floor';
import { mountRequiredWork } from './server/required-floor';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { loadavg } from 'node:os';
const which = process.argv[2] ?? 'post';
const service = await createConnectService();
await service.admin.seed(studioFixture());
const auth = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };
const app = express();
app.use(service.express());
const postBody = JSON.stringify({ tableId: ID.table, leadStateId: ID.leadStateNew, data: { name: 'Load', email: 'load@example.com' } });
const sample = (await (await service.fetch(new Request('http://x/connect/table_entries/', { method: 'POST', headers: auth, body: postBody }))).json()) as { id: string };
const patchBody = JSON.stringify({ data: { name: 'Patched', visits: 2 } });
await service.fetch(new Request(`http://x/connect/table_entries/${sample.id}`, { method: 'PATCH', headers: auth, body: patchBody }));
const { app: floorApp, connection, stored } = await storageFloorApp(service, { organizationId: ID.organization, entryId: sample.id, eventCount: 2 }, '/floor');
await mountRequiredWork(floorApp, connection, service, { token: TOKEN.write, entry: stored.entry, events: stored.events }, '/required');
const ours = await listen(app);
const floor = await listen(floorApp);
const sides = which === 'post'
  ? [{ url: ours.url, method: 'POST', path: '/connect/table_entries/', headers: auth, body: postBody }, { url: floor.url, method: 'POST', path: '/floor', headers: auth, body: postBody }]
  : which === 'req' ? [{ url: ours.url, method: 'POST', path: '/connect/table_entries/', headers: auth, body: postBody }, { url: floor.url, method: 'POST', path: '/required', headers: auth, body: postBody }, { url: floor.url, method: 'POST', path: '/floor', headers: auth, body: postBody }]
  : [{ url: ours.url, method: 'PATCH', path: `/connect/table_entries/${sample.id}`, headers: auth, body: patchBody }, { url: floor.url, method: 'PATCH', path: `/floor/${sample.id}`, headers: auth, body: patchBody }];
for (const s of sides) await load(s.url, { ...(s as any), duration: 1 });
const ratios: number[] = [];
for (let i = 0; i < Number(process.env.R ?? 4); i++) {
  const a = await load(sides[0].url, { ...(sides[0] as any), duration: 2 });
  const b = await load(sides[1].url, { ...(sides[1] as any), duration: 2 });
  const c = sides[2] ? await load(sides[2].url, { ...(sides[2] as any), duration: 2 }) : undefined;
  ratios.push(a.rps / b.rps);
  console.log(which, a.rps.toFixed(0), b.rps.toFixed(0), (a.rps / b.rps).toFixed(2), a.errors, b.errors, c ? `floor ${c.rps.toFixed(0)} req/floor ${(b.rps / c.rps).toFixed(2)} svc/floor ${(a.rps / c.rps).toFixed(2)} ${c.errors}` : '', loadavg()[0].toFixed(2));
}
ratios.sort(); console.log('median', ratios[Math.floor(ratios.length / 2)].toFixed(2));
await ours.close(); await floor.close(); await service.close();
