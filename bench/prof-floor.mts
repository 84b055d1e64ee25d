import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { useCaseSide } from './server/bookings.bench';
import { bookingFloor } from './server/booking-floor';
import { createBooking } from '../packages/server/src/usecases/bookings';
const TRIGGER = { source: 'connect', apiTokenId: randomUUID(), memberId: null } as const;
const u = await useCaseSide();
const s = await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(2_000_000), trigger: TRIGGER });
const { book } = await bookingFloor(u.storage, { organizationId: u.orgId, bookingId: s.id }, u.slot, 24 * 3600_000);
let i = 0;
const run = async (n: number) => { for (const end = i + n; i < end; i++) await book(i); };
await run(1500);
const prof = process.argv[2] === 'prof';
const session = new Session(); session.connect();
if (prof) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 50 }); await session.post('Profiler.start'); }
const t = performance.now(); await run(5000); const ms = performance.now() - t;
console.log('floor µs/booking', (ms * 1000 / 5000).toFixed(1));
if (prof) { const { profile } = await session.post('Profiler.stop'); writeFileSync('/work/scratch/floor.cpuprofile', JSON.stringify(profile)); }
await u.scheduler.stop(); await u.storage.close();
