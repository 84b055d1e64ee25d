import { randomUUID } from 'node:crypto';
import { useCaseSide } from './server/bookings.bench';
import { createBooking } from '../packages/server/src/usecases/bookings';
import { SqlConnection } from '../packages/server/src/adapters/sqljs/connection';
const PS = Number(process.argv[2]);
const proto = SqlConnection.prototype as any;
const orig = proto.applyPragmas;
let first = true;
proto.applyPragmas = function () { if (first && PS) { this.db.exec(`PRAGMA page_size = ${PS}`); first = false; } orig.call(this); };
const TRIGGER = { source: 'connect', apiTokenId: randomUUID(), memberId: null } as const;
const u = await useCaseSide();
let i = 0;
const run = async (n: number) => { for (const end = i + n; i < end; i++) await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(i), trigger: TRIGGER }); };
await run(1500);
const out: string[] = [];
for (let r = 0; r < 4; r++) { const t = performance.now(); await run(2000); out.push(((performance.now() - t) * 1000 / 2000).toFixed(1)); }
const ps = (u.storage as any).exportBytes().length;
console.log('page_size', PS || 'default', 'µs/booking', out.join(' '), 'bytes', ps);
await u.scheduler.stop(); await u.storage.close();
