import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceEvent } from '@leadbook/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createConnectService,
  createManualClock,
  createSqlJsStorage,
  type ConnectService,
} from '@leadbook/server';
import { checkedSend } from '../../../test-support/openapi';
import { day, NOW } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { testStudio } from './studio';

const START = Date.parse(`${day(1)}T08:00:00Z`);
const END = Date.parse(`${day(1)}T09:00:00Z`);
const body = {
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: new Date(START).toISOString(),
  endDateTime: new Date(END).toISOString(),
};

const call = (service: ConnectService, method: string, path: string, token: string, json?: unknown) =>
  checkedSend((request) => service.fetch(request))(
    new Request(`http://x${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(json ? { body: JSON.stringify(json) } : {}),
    }),
  );

/**
 * Moves fake time to `ms` and lets the scheduler's storage round trips complete: they take real
 * macrotasks and, on a persisted file, real disk writes (only setTimeout and Date are faked here).
 */
async function advanceTo(ms: number) {
  // The service starts its scheduler on a real macrotask (setImmediate is not faked here).
  await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(ms - Date.now());
  const settled = performance.now() + 250;
  while (performance.now() < settled) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

const timed = (events: ServiceEvent[]) =>
  events.filter((e) => e.type.endsWith('hasStarted') || e.type.endsWith('hasEnded')).map((e) => e.type);

describe('scheduled appointment events', () => {
  const events: ServiceEvent[] = [];
  beforeEach(() => {
    events.length = 0;
    vi.useFakeTimers({
      now: NOW,
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
  });
  afterEach(() => vi.useRealTimers());

  async function start(options: Parameters<typeof createConnectService>[0] = {}) {
    const service = await createConnectService(options);
    service.events.on('*', (event) => void events.push(event));
    return service;
  }

  it('fires hasStarted at the start and hasEnded at the end, once each, with the booking trigger', async () => {
    const service = await start();
    const seeded = await service.admin.seed(testStudio());
    expect((await call(service, 'POST', '/connect/calendar_bookings/', TOKEN.write, body)).status).toBe(201);
    await advanceTo(START - 1);
    expect(timed(events)).toEqual([]);
    await advanceTo(START);
    expect(timed(events)).toEqual(['calendar.appointment.hasStarted']);
    await advanceTo(END - 1);
    expect(timed(events)).toEqual(['calendar.appointment.hasStarted']);
    await advanceTo(END + 60 * 60 * 1000);
    expect(timed(events)).toEqual(['calendar.appointment.hasStarted', 'calendar.appointment.hasEnded']);
    const started = events.find((e) => e.type === 'calendar.appointment.hasStarted')!;
    expect(started.trigger).toEqual({
      source: 'connect',
      apiTokenId: seeded.organizations[0]!.tokens.write!.id,
      memberId: null,
    });
    expect(started.payload).toMatchObject({
      booking: { resourceId: ID.resourceCoach, startDateTime: body.startDateTime },
    });
    await service.close();
  });

  it('deleting a booking before its start fires neither and removes its jobs', async () => {
    const service = await start();
    await service.admin.seed(testStudio());
    const created = await (
      await call(service, 'POST', '/connect/calendar_bookings/', TOKEN.write, body)
    ).json();
    expect(
      (await call(service, 'DELETE', `/connect/calendar_bookings/${created.id}`, TOKEN.admin)).status,
    ).toBe(204);
    await advanceTo(END + 1000);
    expect(timed(events)).toEqual([]);
    expect(await service.storage.transaction((tx) => tx.jobs.nextRunAt())).toBeNull();
    await service.close();
  });

  it('a service restarted from a persisted file still fires pending jobs, once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'leadbook-sched-')), 'data.sqlite');
    const first = await start({ storage: await createSqlJsStorage({ file }) });
    await first.admin.seed(testStudio());
    expect((await call(first, 'POST', '/connect/calendar_bookings/', TOKEN.write, body)).status).toBe(201);
    await first.close();
    // Down over the start time: the overdue job fires at once on restart, the other at its time.
    vi.setSystemTime(START + 5 * 60 * 1000);
    const second = await start({ storage: await createSqlJsStorage({ file }) });
    await advanceTo(Date.now());
    expect(timed(events)).toEqual(['calendar.appointment.hasStarted']);
    await advanceTo(END + 1000);
    expect(timed(events)).toEqual(['calendar.appointment.hasStarted', 'calendar.appointment.hasEnded']);
    await second.close();
    const third = await start({ storage: await createSqlJsStorage({ file }) });
    await advanceTo(END + 2 * 60 * 60 * 1000);
    expect(timed(events)).toHaveLength(2);
    await third.close();
  });

  it('the service clock, not the system clock, decides what is due', async () => {
    // Booked a minute before its start by the service's clock (a booking must start after now)...
    const clock = createManualClock(START - 60_000);
    const service = await start({ clock });
    await service.admin.seed(testStudio());
    expect((await call(service, 'POST', '/connect/calendar_bookings/', TOKEN.write, body)).status).toBe(201);
    // ...then, for this service, the booking is over, while the system clock is still hours before it.
    clock.set(END + 60_000);
    await advanceTo(Date.now() + 60_000);
    expect(Date.now()).toBeLessThan(START - 60 * 60 * 1000);
    expect(timed(events)).toEqual(['calendar.appointment.hasStarted', 'calendar.appointment.hasEnded']);
    await service.close();
  });
});
