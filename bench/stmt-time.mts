import { randomUUID } from 'node:crypto';
import { useCaseSide } from './server/bookings.bench';
import { bookingFloor } from './server/booking-floor';
import { createBooking } from '../packages/server/src/usecases/bookings';
import { SqlConnection } from '../packages/server/src/adapters/sqljs/connection';
const TRIGGER = { source: 'connect', apiTokenId: randomUUID(), memberId: null } as const;
const times = new Map<string, [number, number]>();
let on = false;
const proto = SqlConnection.prototype as any;
const orig = proto.withStatement;
proto.withStatement = function (sql: string, params: any, use: any) {
  if (!on) return orig.call(this, sql, params, use);
  const t = performance.now();
  try { return orig.call(this, sql, params, use); } finally {
    const k = (this.__side ?? '?') + ' ' + sql.replace(/\s+/g, ' ').slice(0, 90);
    const e = times.get(k) ?? [0, 0]; e[0] += performance.now() - t; e[1]++; times.set(k, e);
  }
};
const u = await useCaseSide();
const s = await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(2_000_000), trigger: TRIGGER });
const { book, connection } = await bookingFloor(u.storage, { organizationId: u.orgId, bookingId: s.id }, u.slot, 24 * 3600_000);
(connection as any).__side = 'F';
let i = 0, j = 0;
const N = 4000;
for (const end = i + 1500; i < end; i++) await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(i), trigger: TRIGGER });
for (const end = j + 1500; j < end; j++) book(j);
on = true;
if (process.env.ALT) { for (let k = 0; k < N; k++) { await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(i++), trigger: TRIGGER }); book(j++); } } else {
for (const end = i + N; i < end; i++) await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(i), trigger: TRIGGER });
for (const end = j + N; j < end; j++) book(j); }
for (const [k, [ms, n]] of [...times].sort()) console.log((ms * 1000 / N).toFixed(1).padStart(6), 'µs/booking', String(n / N).padStart(4), k);
await u.scheduler.stop(); await u.storage.close();
