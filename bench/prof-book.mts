import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { useCaseSide } from './server/bookings.bench';
import { createBooking } from '../packages/server/src/usecases/bookings';
const TRIGGER = { source: 'connect', apiTokenId: randomUUID(), memberId: null } as const;
const u = await useCaseSide();
let i = 0;
const run = async (n: number) => { for (const end = i + n; i < end; i++) await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(i), trigger: TRIGGER }); };
await run(1500);
const prof = process.argv[2] === 'prof'; const heap = process.argv[2] === 'heap';
const session = new Session(); session.connect();
if (prof) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 50 }); await session.post('Profiler.start'); }
if (heap) { await session.post('HeapProfiler.enable'); await session.post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as any); }
const t = performance.now(); await run(5000); const ms = performance.now() - t;
console.log('µs/booking', (ms * 1000 / 5000).toFixed(1));
if (heap) { const { profile } = await session.post('HeapProfiler.stopSampling'); writeFileSync('/work/scratch/book.heapprofile', JSON.stringify(profile)); }
if (prof) { const { profile } = await session.post('Profiler.stop'); writeFileSync('/work/scratch/book.cpuprofile', JSON.stringify(profile)); }
await u.scheduler.stop(); await u.storage.close();
