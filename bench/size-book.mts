import { randomUUID } from 'node:crypto';
import { useCaseSide } from './server/bookings.bench';
import { createBooking } from '../packages/server/src/usecases/bookings';
const TRIGGER = { source: 'connect', apiTokenId: randomUUID(), memberId: null } as const;
const u = await useCaseSide();
const conn = (u.storage as any);
let i = 0;
const pages = async () => u.storage.transaction(async (tx: any) => 0).then(() => (u.storage as any).exportBytes().length);
for (const n of [0, 2000, 2000, 2000]) {
  for (const end = i + n; i < end; i++) await createBooking(u.ctx, { organizationId: u.orgId, body: u.body(i), trigger: TRIGGER });
  console.log(i, 'bytes', await pages());
}
await u.scheduler.stop(); await u.storage.close();
