import { afterEach, describe, expect, it } from 'vitest';
import {
  createConnectService,
  createManualClock,
  createSqlJsStorage,
  type ConnectService,
} from '@leadbook/server';
import { boundAvailability, naiveAvailability, prepareBound } from '../availability/baselines';
import { bookingRecords, makeFixture, searchPath, seedOf } from '../availability/fixture';
import { replayStorage } from '../availability/replay-storage';

const TOKEN = `service_live_${'ef'.repeat(32)}`;
let service: ConnectService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** A small fixture seeded into a service whose reads can be replayed, and a search of all of it. */
async function setUp(seed: number) {
  const fixture = makeFixture({ days: 12, resources: 3, seed, bookings: 400 });
  const sqlJs = await createSqlJsStorage();
  const replay = replayStorage(sqlJs);
  const clock = createManualClock(fixture.rangeStartMs - 86_400_000);
  service = await createConnectService({ storage: replay.storage, clock });
  const orgId = (await service.admin.seed(seedOf(fixture, TOKEN))).organizations[0]!.id;
  await sqlJs.transaction(async (tx) => {
    for (const record of bookingRecords(fixture, orgId)) await tx.bookings.create(record);
  });
  const running = service;
  const search = async () => {
    const init = { headers: { authorization: `Bearer ${TOKEN}` } };
    const response = await running.fetch(new Request(`http://bench.local${searchPath(fixture)}`, init));
    expect(response.status).toBe(200);
    return (
      (await response.json()) as {
        data: Array<{ resourceId: string; startDateTime: string; available: boolean }>;
      }
    ).data;
  };
  return { fixture, replay, search };
}

describe('availability baselines', () => {
  it.each([1, 2, 3])('agree with the service on fixture seed %i', async (seed) => {
    const { fixture, search } = await setUp(seed);
    const served = await search();
    const naive = naiveAvailability(fixture);
    expect(naive.map((c) => [c.resourceId, new Date(c.startMs).toISOString(), c.available])).toEqual(
      served.map((c) => [c.resourceId, new Date(c.startDateTime).toISOString(), c.available]),
    );
    expect(served.some((c) => !c.available)).toBe(true);
    expect(boundAvailability(prepareBound(fixture))).toBe(served.filter((c) => c.available).length);
  });

  it('the replaying storage answers a search as the database did, without it', async () => {
    const { replay, search } = await setUp(4);
    const live = await search();
    replay.replay = true;
    expect(await search()).toEqual(live);
    await expect(replay.storage.transaction((tx) => tx.calendars.list('other-org'))).rejects.toThrow(
      /not recorded/,
    );
    replay.replay = false;
  });
});
