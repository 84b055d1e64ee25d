/**
 * Holds and reschedules across two service instances in separate processes on one PostgreSQL
 * database: a held place is never taken by the other instance's bookings, and of 50 reschedules
 * into two remaining places exactly two win, each loser left at its old time.
 */
import { ErrorMessages } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAll, type Instance } from '../../../test-support/processes';
import { lazily, openServer, SERVER_URL, type TestDatabase } from './support/databases';
import { startPgInstance } from './support/instances';
import { CAPACITY, plannerBooking, tomorrowAtFullHour, type Scenario } from './support/scenario';
import { connectCall as call, shareDatabase } from './support/two-instances';

const server = lazily(() => openServer(SERVER_URL!));
const HOUR = 3_600_000;

describe.skipIf(!SERVER_URL)('holds and reschedules across two instances on one database', () => {
  let db: TestDatabase;
  let schema: string;
  let scenario: Scenario;
  let instances: Instance[];

  beforeAll(async () => {
    db = await server.get();
    let env: Record<string, string>;
    ({ schema, scenario, env } = await shareDatabase(db, 'lifecycle'));
    instances = await Promise.all([startPgInstance(env), startPgInstance(env)]);
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await server.close();
  });

  const count = async (startMs: number) => {
    const { rows } = await db.pool.query(
      `SELECT COUNT(*)::int AS n FROM "${schema}".bookings WHERE start_ms = $1`,
      [startMs],
    );
    return rows[0]!['n'];
  };

  it('200 bookings of a slot of 8 with 3 places held, split across both: exactly 5 win, then the 3 holders book', async () => {
    const slot = plannerBooking(scenario, tomorrowAtFullHour() + 30 * HOUR);
    const holds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const held = await call(instances[i % 2]!.url, 'POST', '/connect/booking_holds/', slot);
      expect(held.status).toBe(201);
      holds.push(String(held.json['id']));
    }
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(instances[i % 2]!.url, 'POST', '/connect/calendar_bookings/', slot),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(CAPACITY - 3);
    expect(
      results.filter((r) => r.status === 400 && r.json['message'] === ErrorMessages.slotUnavailable),
    ).toHaveLength(200 - (CAPACITY - 3));
    const holders = await Promise.all(
      holds.map((holdId, i) =>
        call(instances[i % 2]!.url, 'POST', '/connect/calendar_bookings/', { ...slot, holdId }),
      ),
    );
    expect(holders.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await count(Date.parse(slot.startDateTime))).toBe(CAPACITY);
  });

  it('50 reschedules into a slot with 2 places left, split across both: exactly 2 win, the others stay', async () => {
    const base = tomorrowAtFullHour() + 60 * HOUR;
    const target = plannerBooking(scenario, base);
    for (let i = 0; i < CAPACITY - 2; i++) {
      expect((await call(instances[0]!.url, 'POST', '/connect/calendar_bookings/', target)).status).toBe(201);
    }
    const sources: Array<{ id: string; startDateTime: string }> = [];
    for (let i = 0; i < 50; i++) {
      const body = plannerBooking(scenario, base + (1 + Math.floor(i / CAPACITY)) * HOUR);
      const created = await call(instances[i % 2]!.url, 'POST', '/connect/calendar_bookings/', body);
      expect(created.status).toBe(201);
      sources.push(created.json as { id: string; startDateTime: string });
    }
    const results = await Promise.all(
      sources.map((source, i) =>
        call(instances[i % 2]!.url, 'PATCH', `/connect/calendar_bookings/${source.id}`, {
          startDateTime: target.startDateTime,
          endDateTime: target.endDateTime,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(
      results.filter((r) => r.status === 400 && r.json['message'] === ErrorMessages.slotUnavailable),
    ).toHaveLength(48);
    expect(await count(Date.parse(target.startDateTime))).toBe(CAPACITY);
    for (const [i, result] of results.entries()) {
      const { rows } = await db.pool.query(`SELECT start_ms FROM "${schema}".bookings WHERE id = $1`, [
        sources[i]!.id,
      ]);
      const expected = result.status === 200 ? target.startDateTime : sources[i]!.startDateTime;
      expect(new Date(Number(rows[0]!['start_ms'])).toISOString()).toBe(expected);
    }
  });
});
