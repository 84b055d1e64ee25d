import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { createConnectService, createManualClock, createSqlJsStorage, type BookingRecord } from '@leadbook/server';
import { STANDARD_FIXTURE_CLOCK } from './server/dates';
import { makeStandardFixture } from './server/availability-baselines';
import { toSeed } from './server/availability.bench';
const input = makeStandardFixture({ days: 90, resources: 20, seed: 42 });
const storage = await createSqlJsStorage();
const service = await createConnectService({ storage, clock: createManualClock(STANDARD_FIXTURE_CLOCK) });
const { fixture, ids } = toSeed(input);
const orgId = (await service.admin.seed(fixture)).organizations[0]!.id;
const trigger = { source: 'console', apiTokenId: null, memberId: null } as const;
await storage.transaction(async (tx) => {
  for (const [i, b] of input.bookings.entries()) {
    await tx.bookings.create({ id: `00000003-0000-4000-8000-${i.toString(16).padStart(12, '0')}`, organizationId: orgId, calendarId: '00000001-0000-4000-8000-000000000000', name: null, createdAt: new Date(0).toISOString(), startDateTime: new Date(b.startMs).toISOString(), endDateTime: new Date(b.endMs).toISOString(), startMs: b.startMs, endMs: b.endMs, tableEntryId: null, resourceId: ids.get(b.resourceId)!, appointmentTypeId: '00000002-0000-4000-8000-000000000000', resourceSlotId: null, calendarScheduleTypeId: null, calendarScheduleTypeSlotId: null, trigger } as BookingRecord);
  }
});
const query = new URLSearchParams({ calendarId: '00000001-0000-4000-8000-000000000000', appointmentTypeId: '00000002-0000-4000-8000-000000000000', start: new Date(input.rangeStartMs).toISOString(), end: new Date(input.rangeEndMs).toISOString() });
const url = `http://bench.local/connect/availability/?${query}`;
const TOKEN = `service_live_${'ab'.repeat(32)}`;
const phases = { fetch: 0, body: 0 };
const search = async () => {
  const t = performance.now();
  const r = await service.fetch(new Request(url, { headers: { authorization: `Bearer ${TOKEN}` } }));
  const t1 = performance.now();
  if (r.status !== 200) throw new Error(String(r.status) + await r.text());
  let b: any = 0;
  if (process.env.STREAM) { const rd = r.body!.getReader(); for (;;) { const { done, value } = await rd.read(); if (done) break; b += value.byteLength; } } else b = await r.arrayBuffer();
  phases.fetch += t1 - t; phases.body += performance.now() - t1;
  return b;
};
for (let i = 0; i < 5; i++) await search();
phases.fetch = phases.body = 0;
const N = 30;
const prof = process.argv[2] === 'prof';
const session = new Session(); session.connect();
if (prof) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start'); }
const t = performance.now(); for (let i = 0; i < N; i++) await search(); const ms = performance.now() - t;
console.log('e2e ms', (ms / N).toFixed(2), 'fetch', (phases.fetch / N).toFixed(2), 'body', (phases.body / N).toFixed(2));
if (prof) { const { profile } = await session.post('Profiler.stop'); writeFileSync('/work/scratch/avail.cpuprofile', JSON.stringify(profile)); }
await service.close();
