/**
 * The races of holds and reschedules through the HTTP layer (Express over loopback): held places
 * are never taken by others, and a reschedule either moves a booking into room that is left or
 * leaves it where it was.
 */
import { ErrorMessages } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { day } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';

const WEEK = 7 * 24 * 60 * 60 * 1000;
const HOUR = 60 * 60_000;

const trial = (resourceId: string, startMs: number) => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId,
  startDateTime: new Date(startMs).toISOString(),
  endDateTime: new Date(startMs + HOUR).toISOString(),
});

describe('holds and reschedules under concurrency (Express over loopback)', { timeout: 180_000 }, () => {
  let h: Harness;
  let pairId: string;
  beforeAll(async () => {
    h = await createHarness('express');
    // A resource of capacity 2 on Berlin for trial sessions, open 14:00-18:00 every day.
    const pair = await h.service.admin.resources.create(ID.organization, {
      name: 'Pair room',
      color: '#123456',
      maxParallelBookings: 2,
      calendarIds: [ID.calendarBerlin],
      appointmentTypeIds: [ID.appointmentTypeTrial],
    });
    pairId = pair.id;
    for (let weekday = 1; weekday <= 7; weekday++) {
      await h.service.admin.resourceSlots.create(ID.organization, {
        calendarId: ID.calendarBerlin,
        resourceId: pairId,
        weekday,
        startTime: '14:00',
        endTime: '18:00',
      });
    }
  });
  afterAll(() => h.close());

  const stored = async (resourceId: string, startMs: number) =>
    (
      await h.service.storage.transaction((tx) =>
        tx.bookings.listOverlapping(ID.organization, [resourceId], startMs, startMs + 1),
      )
    ).filter((b) => b.startMs === startMs).length;

  it('200 concurrent bookings of a slot of 8 with 3 places held: exactly 5 win, then the 3 holders all book', async () => {
    for (let round = 0; round < 5; round++) {
      // The studio room (capacity 8): 14:00 Berlin (13:00Z in winter) on a Tuesday.
      const startMs = Date.parse(`${day(2)}T13:00:00Z`) + round * WEEK;
      const slot = trial(ID.resourceRoom, startMs);
      const holds = [];
      for (let i = 0; i < 3; i++) {
        const held = await h.call('POST', '/connect/booking_holds/', { token: TOKEN.write, body: slot });
        expect(held.status).toBe(201);
        holds.push(held.json.id as string);
      }
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          h.call('POST', '/connect/calendar_bookings/', {
            token: TOKEN.write,
            body: { ...slot, name: `r${i}` },
          }),
        ),
      );
      const won = results.filter((r) => r.status === 201).length;
      const full = results.filter(
        (r) => r.status === 400 && r.json.message === ErrorMessages.slotUnavailable,
      ).length;
      expect({ round, won, full, stored: await stored(ID.resourceRoom, startMs) }).toEqual({
        round,
        won: 5,
        full: 195,
        stored: 5,
      });
      const holders = await Promise.all(
        holds.map((holdId) =>
          h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body: { ...slot, holdId } }),
        ),
      );
      expect(holders.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(await stored(ID.resourceRoom, startMs)).toBe(8);
      // Used holds are gone: booking again with one is a plain booking of a full slot.
      const again = await h.call('POST', '/connect/calendar_bookings/', {
        token: TOKEN.write,
        body: { ...slot, holdId: holds[0] },
      });
      expect([again.status, again.json.message]).toEqual([400, ErrorMessages.slotUnavailable]);
    }
  });

  it('50 concurrent reschedules into a slot of capacity 2: exactly 2 win and every loser keeps its old time', async () => {
    // Weeks 0, 2 and 3: the studio's Berlin closure lies in week 1.
    for (const round of [0, 2, 3]) {
      const base = Date.parse(`${day(3)}T13:00:00Z`) + round * WEEK;
      // 50 bookings of the studio room (capacity 8), 8 an hour over two afternoons.
      const sources = [];
      for (let i = 0; i < 50; i++) {
        const k = Math.floor(i / 8);
        const created = await h.call('POST', '/connect/calendar_bookings/', {
          token: TOKEN.write,
          body: trial(ID.resourceRoom, base + Math.floor(k / 4) * 24 * HOUR + (k % 4) * HOUR),
        });
        expect([i, created.status, created.json?.message]).toEqual([i, 201, undefined]);
        sources.push(created.json as { id: string; startDateTime: string; resourceId: string });
      }
      const target = trial(pairId, base + 2 * HOUR);
      const results = await Promise.all(
        sources.map((source) =>
          h.call('PATCH', `/connect/calendar_bookings/${source.id}`, {
            token: TOKEN.write,
            body: {
              startDateTime: target.startDateTime,
              endDateTime: target.endDateTime,
              resourceId: pairId,
            },
          }),
        ),
      );
      const won = results.filter((r) => r.status === 200);
      const lost = results.filter(
        (r) => r.status === 400 && r.json.message === ErrorMessages.slotUnavailable,
      );
      expect({ round, won: won.length, lost: lost.length }).toEqual({ round, won: 2, lost: 48 });
      expect(await stored(pairId, Date.parse(target.startDateTime))).toBe(2);
      for (const [i, result] of results.entries()) {
        const now = await h.call('GET', `/connect/calendar_bookings/${sources[i]!.id}`, {
          token: TOKEN.read,
        });
        const where = result.status === 200 ? target : sources[i]!;
        expect({ start: now.json.startDateTime, resource: now.json.resourceId }).toEqual({
          start: where.startDateTime,
          resource: where.resourceId,
        });
      }
    }
  });
});
