/**
 * The default in-process timer scheduler on PostgreSQL storage: a booking's timers are written in
 * the booking's own transaction (through the storage's `jobs` table) and fire from there.
 */
import type { ServiceEvent } from '@leadbook/contract';
import { createConnectService, createTimerScheduler } from '@leadbook/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../src';
import { lazily, openPglite } from './support/databases';
import { LEGACY_TOKEN, legacyBooking, seedScenario } from './support/scenario';

const pglite = lazily(openPglite);
afterAll(() => pglite.close());

describe('timer scheduler on PostgreSQL storage (PGlite)', () => {
  it("stores a booking's timers with the booking, cancels them with its deletion, and fires them", async () => {
    const db = await pglite.get();
    const schema = db.freshSchema('leadbook_timers');
    const scenario = await seedScenario(db.pool, schema);
    const storage = await createPostgresStorage({ pool: db.pool, schema });
    const scheduler = createTimerScheduler({ storage });
    expect(scheduler.jobStore?.storage).toBe(storage);
    const service = await createConnectService({ storage, scheduler });
    const events: string[] = [];
    service.events.on('*', (event: ServiceEvent) => void events.push(event.type));
    const jobKeys = async () =>
      (await db.pool.query<{ key: string }>(`SELECT key FROM "${schema}".jobs ORDER BY key`)).rows.map(
        (row) => row.key,
      );
    const book = async (startMs: number) => {
      const response = await service.fetch(
        new Request('http://x/connect/calendar_bookings/', {
          method: 'POST',
          headers: { authorization: `Bearer ${LEGACY_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(legacyBooking(scenario, startMs)),
        }),
      );
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; organizationId: string };
    };
    try {
      const { id: later, organizationId } = await book(Date.now() + 86_400_000);
      expect(await jobKeys()).toEqual([`booking:${later}:hasEnded`, `booking:${later}:hasStarted`]);

      // Started in 1.5 s; the scheduler must arm for it although it already waits for a later job.
      const { id: soon } = await book(Date.now() + 1_500);
      const deadline = Date.now() + 10_000;
      while (!events.includes('calendar.appointment.hasStarted') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(events.filter((type) => type === 'calendar.appointment.hasStarted')).toHaveLength(1);
      expect(await jobKeys()).toContain(`booking:${soon}:hasEnded`);
      expect(await jobKeys()).not.toContain(`booking:${soon}:hasStarted`);

      const admin = await service.admin.apiTokens.create(organizationId, {
        name: 'admin',
        scopes: ['admin'],
      });
      const deleted = await service.fetch(
        new Request(`http://x/connect/calendar_bookings/${later}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${admin.token}` },
        }),
      );
      expect(deleted.status).toBe(204);
      expect(await jobKeys()).toEqual([`booking:${soon}:hasEnded`]);
    } finally {
      await service.close();
    }
  }, 30_000);
});
