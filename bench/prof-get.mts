import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import express from 'express';
import { loadavg } from 'node:os';
import { createConnectService } from '@leadbook/server';
import { listen, load } from './server/http-harness';
import { studioFixture, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
const service = await createConnectService();
await service.admin.seed(studioFixture());
const auth = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };
const calendars = await (await service.fetch(new Request('http://x/connect/calendar/', { headers: auth }))).json();
const bare = express();
bare.get('/connect/calendar/', (_req, res) => void res.json(calendars));
const app = express(); app.use(service.express());
const ours = await listen(app); const base = await listen(bare);
const sides = [{ url: ours.url, path: '/connect/calendar/', headers: auth }, { url: base.url, path: '/connect/calendar/' }];
for (const s of sides) await load(s.url, { ...s, duration: 1 });
if (process.argv[2] === 'heap') {
  const session = new Session(); session.connect();
  await session.post('HeapProfiler.enable'); await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const r = await load(process.argv[3] === 'bare' ? base.url : ours.url, { ...sides[process.argv[3] === 'bare' ? 1 : 0], duration: 3 });
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync('/work/scratch/get.heapprofile', JSON.stringify(profile)); console.log(r);
} else if (process.argv[2] === 'prof') {
  const session = new Session(); session.connect();
  await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 50 }); await session.post('Profiler.start');
  const r = await load(ours.url, { ...sides[0], duration: 4 });
  const { profile } = await session.post('Profiler.stop');
  writeFileSync('/work/scratch/get.cpuprofile', JSON.stringify(profile)); console.log(r);
} else {
  for (let i = 0; i < 4; i++) {
    const a = await load(ours.url, { ...sides[0], duration: 2 }); const b = await load(base.url, { ...sides[1], duration: 2 });
    console.log(a.rps.toFixed(0), b.rps.toFixed(0), (a.rps / b.rps).toFixed(2), loadavg()[0].toFixed(2));
  }
}
await ours.close(); await base.close(); await service.close();
