import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import express from 'express';
import { createConnectService } from '@leadbook/server';
import { listen, load } from './server/http-harness';
import { storageFloorApp } from './server/storage-floor';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

const which = process.argv[2] ?? 'post';
const side = process.argv[3] ?? 'service';
const service = await createConnectService();
await service.admin.seed(studioFixture());
const auth = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };
const app = express();
app.use(service.express());
const postBody = JSON.stringify({ tableId: ID.table, leadStateId: ID.leadStateNew, data: { name: 'Load', email: 'load@example.com' } });
const sample = (await (await service.fetch(new Request('http://x/connect/table_entries/', { method: 'POST', headers: auth, body: postBody }))).json()) as { id: string };
const patchBody = JSON.stringify({ data: { name: 'Patched', visits: 2 } });
await service.fetch(new Request(`http://x/connect/table_entries/${sample.id}`, { method: 'PATCH', headers: auth, body: patchBody }));
const { app: floorApp } = await storageFloorApp(service, { organizationId: ID.organization, entryId: sample.id, eventCount: 2 }, '/floor');
const ours = await listen(app);
const floor = await listen(floorApp);
const opts = which === 'post'
  ? (side === 'service' ? { url: ours.url, method: 'POST', path: '/connect/table_entries/', headers: auth, body: postBody } : { url: floor.url, method: 'POST', path: '/floor', headers: auth, body: postBody })
  : (side === 'service' ? { url: ours.url, method: 'PATCH', path: `/connect/table_entries/${sample.id}`, headers: auth, body: patchBody } : { url: floor.url, method: 'PATCH', path: `/floor/${sample.id}`, headers: auth, body: patchBody });
await load(opts.url, { ...(opts as any), duration: 2 });
const session = new Session(); session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
const r = await load(opts.url, { ...(opts as any), duration: 5 });
const { profile } = await session.post('Profiler.stop');
writeFileSync(`/work/scratch/${which}-${side}.cpuprofile`, JSON.stringify(profile));
console.log(which, side, r);
await ours.close(); await floor.close(); await service.close();
