import { ErrorMessages } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { day } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};
const WEEK = 7 * 24 * 60 * 60 * 1000;

// Twenty rounds take as long as the machine needs (minutes on a loaded CI runner): the timeout only
// catches a hang.
describe('booking race through the HTTP layer (Express over loopback)', { timeout: 600_000 }, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('express');
  });
  afterAll(() => h.close());

  /** `requests` bookings at once of one trial session (60 minutes), `round` weeks after `firstStart`. */
  async function race(resourceId: string, firstStart: string, requests: number, round: number) {
    const startMs = Date.parse(firstStart) + round * WEEK;
    const body = {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId,
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(startMs + 60 * 60_000).toISOString(),
    };
    // Half link the lead as entryId, half not: the request order is random every round.
    const bodies = shuffle(
      Array.from({ length: requests }, (_, i) => (i % 2 ? { ...body, name: `r${i}` } : body)),
    );
    const results = await Promise.all(
      bodies.map((b) => h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body: b })),
    );
    const stored = (
      await h.service.storage.transaction((tx) =>
        tx.bookings.listOverlapping(ID.organization, [resourceId], startMs, startMs + 1),
      )
    ).length;
    return {
      ok: results.filter((r) => r.status === 201).length,
      full: results.filter((r) => r.status === 400 && r.json.message === ErrorMessages.slotUnavailable)
        .length,
      serverErrors: results.filter((r) => r.status >= 500).length,
      stored,
    };
  }

  it('200 concurrent requests for one slot of capacity 8 give exactly 8 bookings, 20 rounds', async () => {
    for (let round = 0; round < 20; round++) {
      // The studio room: 14:00-18:00 Berlin (13:00Z in winter), on a Tuesday.
      const outcome = await race(ID.resourceRoom, `${day(2)}T13:00:00Z`, 200, round);
      expect({ round, ...outcome }).toEqual({ round, ok: 8, full: 192, serverErrors: 0, stored: 8 });
    }
  });

  it('50 concurrent requests for one slot of capacity 1 give exactly 1 booking, 20 rounds', async () => {
    for (let round = 0; round < 20; round++) {
      // The coach: 09:00-12:00 Berlin (08:00Z in winter), on a Monday.
      const outcome = await race(ID.resourceCoach, `${day(1)}T08:00:00Z`, 50, round);
      expect({ round, ...outcome }).toEqual({ round, ok: 1, full: 49, serverErrors: 0, stored: 1 });
    }
  });
});
