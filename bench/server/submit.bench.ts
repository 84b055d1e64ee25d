/**
 * Issue 5 benchmark: form submissions with a booking through the service's HTTP handler, against
 * the same work done by calling the submit use case directly. Both sides run sequentially on fresh
 * in-memory services and book distinct one-hour slots, so every submission succeeds.
 */
import { performance } from 'node:perf_hooks';
import type { FormInput, SeedFixture, SubmitBody } from '@leadbook/contract';
import { createAdminApi } from '../../packages/server/src/admin';
import { createServiceContext } from '../../packages/server/src/compose';
import { createConnectService } from '../../packages/server/src/service';
import { submitForm } from '../../packages/server/src/usecases/public-forms/submit';
import { aMondayAYearAhead } from './dates';
import { heading } from './report';

const N = Number(process.env.BENCH_SUBMITS ?? 600);
const ORG = 'bench-org';
const CAL = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222222';
const POOL = '33333333-3333-4333-8333-333333333333';
const FORM_ID = '44444444-4444-4444-8444-444444444444';
const F = { email: '55555555-5555-4555-8555-555555555551', booking: '55555555-5555-4555-8555-555555555552' };
const START = aMondayAYearAhead() + 7 * 86_400_000; // a Monday after the bookings bench's: no timer fires

const fixture: SeedFixture = {
  organizations: [
    {
      id: ORG,
      name: 'Bench',
      calendars: [{ id: CAL, name: 'C', tzdata: 'UTC' }],
      tables: [{ id: POOL, name: 'Leads', leadStates: [{ name: 'New', category: 'new' }] }],
      appointmentTypes: [{ id: TYPE, name: 'Hour', bookingLength: 60, searchLength: 60 }],
      resources: [{ name: 'Room', maxParallelBookings: 1, calendarIds: [CAL], appointmentTypeIds: [TYPE] }],
      resourceSlots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        calendarId: CAL,
        resourceId: 'Room',
        weekday,
        startTime: '00:00',
        endTime: '24:00',
      })),
    },
  ],
};
const form: FormInput = {
  id: FORM_ID,
  name: 'Bench form',
  published: true,
  tableId: POOL,
  studios: [{ id: 's', name: 'S', calendarIds: [CAL] }],
  fields: [
    { id: F.email, type: 'email', label: 'Email', dataKey: 'email', required: true },
    { id: F.booking, type: 'booking-calendar', label: 'Time', bookingConfig: { searchDays: 14 } },
  ],
};
const body = (i: number): SubmitBody => ({
  data: { [F.email]: `visitor${i}@example.com` },
  bookingSlot: {
    appointmentTypeId: TYPE,
    calendarId: CAL,
    startDateTime: new Date(START + i * 3_600_000).toISOString(),
    endDateTime: new Date(START + (i + 1) * 3_600_000).toISOString(),
  },
});

async function time(run: (i: number) => Promise<void>): Promise<number> {
  for (let i = 0; i < 50; i++) await run(N + i); // warm-up on other slots
  const started = performance.now();
  for (let i = 0; i < N; i++) await run(i);
  return N / ((performance.now() - started) / 1000);
}

/** Prints submissions per second through HTTP and through the use case, and their ratio. */
export async function benchSubmit(): Promise<void> {
  heading(`Form submit with a booking: HTTP handler vs the use case called directly (${N} sequential)`);
  const service = await createConnectService({ rateLimit: { enabled: false } });
  await service.admin.seed(fixture);
  await service.admin.forms.create(ORG, form);
  const viaHttp = await time(async (i) => {
    const res = await service.fetch(
      new Request(`http://bench/public/forms/${FORM_ID}/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      }),
      { clientIp: '192.0.2.1' },
    );
    if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
  });
  await service.close();

  const ctx = await createServiceContext();
  const admin = createAdminApi(ctx);
  await admin.seed(fixture);
  await admin.forms.create(ORG, form);
  const record = (await ctx.storage.transaction((tx) => tx.forms.find(FORM_ID), { readOnly: true }))!;
  const direct = await time(async (i) => void (await submitForm(ctx, record, body(i), '192.0.2.1')));
  await ctx.storage.close();

  const ratio = viaHttp / direct;
  console.log(
    `submit (HTTP handler)  ${viaHttp.toFixed(0).padStart(6)}/s   submit (use case)  ${direct.toFixed(0).padStart(6)}/s   ratio ${ratio.toFixed(2)}x`,
  );
}
