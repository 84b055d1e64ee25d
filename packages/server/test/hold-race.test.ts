/**
 * The holder's bound on holds under concurrency on sql.js (issue 39): 200 holds at once from one
 * Connect token give exactly 100, and 200 at once from one public client leave exactly one. The
 * PostgreSQL runs of the same races are in `storage-postgres/test/hold-race.test.ts`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectHoldRound,
  CONNECT_ROUND,
  publicHoldRound,
  PUBLIC_ROUND,
  seedHoldRace,
} from '../../../test-support/hold-race';
import { NOW } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';

// sql.js serialises every transaction; the fetch handler is enough to show that the use case keeps
// the bound (the adapters only translate requests).
describe('hold bounds under concurrency on sql.js', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('200 concurrent holds of one token give exactly 100, and of one public client leave one, 3 rounds', async () => {
    // Many holds from one client: the hold rate limit would answer most of them 429.
    h = await createHarness('fetch', { rateLimit: { enabled: false } });
    const race = await seedHoldRace(h.service, NOW);
    const send = (path: string, init: RequestInit) => h.send(new Request(`${h.base}${path}`, init));
    for (let round = 0; round < 3; round++) {
      const options = { round, nowMs: NOW };
      expect(await connectHoldRound(h.service, race, [send], options)).toEqual(CONNECT_ROUND);
      expect(await publicHoldRound(h.service, race, [send], options)).toEqual(PUBLIC_ROUND);
    }
  }, 120_000);
});
