/**
 * Availability on the standard fixture (90 days across the DST change, 20 rooms, 10,000 bookings):
 * the search as the service answers it, against the naive baseline and the no-allocation bound,
 * and end to end on sql.js against that search plus one range read of the bookings.
 *
 * The engine is not a public API, so "the search in memory" is the service's own availability
 * request (`service.fetch`, in process) with every storage read answered from memory (see
 * `replay-storage.ts`): the engine plus routing, auth and writing the response.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { createConnectService, createManualClock, createSqlJsStorage } from '@leadbook/server';
import { boundAvailability, naiveAvailability, prepareBound } from './baselines';
import { bookingRecords, makeFixture, searchPath, seedOf } from './fixture';
import { replayStorage } from './replay-storage';
import { interleave, meanMs } from '../lib/interleave';
import { figure, heading, list, median, medianRatio } from '../lib/report';

const TOKEN = `service_live_${'ab'.repeat(32)}`;
/** Rounds of this section: BENCH_AVAILABILITY_ROUNDS, default 9. */
const ROUNDS = Number(process.env.BENCH_AVAILABILITY_ROUNDS ?? 9);
const CALLS = 5;
/** Rounds of the naive baseline: BENCH_NAIVE_ROUNDS, default 3. */
const NAIVE_ROUNDS = Number(process.env.BENCH_NAIVE_ROUNDS ?? 3);

/** Reads a response's body to its end without joining it (joining is the client's work). */
async function receive(response: Response): Promise<number> {
  if (response.status !== 200) throw new Error(`availability: ${response.status} ${await response.text()}`);
  const reader = response.body!.getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    bytes += chunk.value.byteLength;
  return bytes;
}

/** Prints the availability figures. */
export async function benchAvailability(): Promise<void> {
  heading('Availability, standard fixture (90 days across DST, 20 rooms, 10,000 bookings)');
  const fixture = makeFixture({ days: 90, resources: 20, seed: 42 });
  const sqlJs = await createSqlJsStorage();
  const replay = replayStorage(sqlJs);
  // A clock before the fixture's first day, so no candidate has started.
  const clock = createManualClock(fixture.rangeStartMs - 30 * 86_400_000);
  const service = await createConnectService({ storage: replay.storage, clock });
  try {
    const orgId = (await service.admin.seed(seedOf(fixture, TOKEN))).organizations[0]!.id;
    await sqlJs.transaction(async (tx) => {
      for (const record of bookingRecords(fixture, orgId)) await tx.bookings.create(record);
    });
    const request = () =>
      service.fetch(
        new Request(`http://bench.local${searchPath(fixture)}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        }),
      );
    const answer = (await (await request()).json()) as { data: Array<{ available: boolean }> };
    const available = answer.data.filter((c) => c.available).length;
    const bytes = await receive(await request());
    const bound = prepareBound(fixture);
    const resourceIds = fixture.resources.map((r) => r.id);
    const inMemory = async () => {
      replay.replay = true;
      try {
        return await receive(await request());
      } finally {
        replay.replay = false;
      }
    };
    const search = meanMs(inMemory, CALLS);
    const times = await interleave(
      {
        bound: meanMs(() => boundAvailability(bound), CALLS * 4),
        search,
        endToEnd: meanMs(async () => receive(await request()), CALLS),
        read: meanMs(
          () =>
            sqlJs.transaction((tx) =>
              tx.bookings.listOverlapping(orgId, resourceIds, fixture.rangeStartMs, fixture.rangeEndMs),
            ),
          CALLS,
        ),
      },
      ROUNDS,
    );
    // The naive baseline takes seconds a run: fewer rounds, each beside a measurement of the search.
    let naive: ReturnType<typeof naiveAvailability> = [];
    const slow = await interleave(
      {
        naive: async () => {
          const start = performance.now();
          naive = naiveAvailability(fixture);
          return performance.now() - start;
        },
        search,
      },
      NAIVE_ROUNDS,
    );
    const agree =
      naive.length === answer.data.length && naive.filter((c) => c.available).length === available
        ? 'the naive baseline agrees'
        : 'the naive baseline DISAGREES';
    const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
    console.log(
      `  ${answer.data.length} candidates, ${available} available (${agree}; the bound counts ${boundAvailability(bound)}); ` +
        `${(bytes / 1e6).toFixed(1)} MB of JSON; ${ROUNDS} interleaved rounds, ${NAIVE_ROUNDS} of the naive baseline`,
    );
    console.log(
      `  medians: search in memory ${ms(times.search)}, end to end ${ms(times.endToEnd)}, one range read ${ms(times.read)}, ` +
        `bound ${ms(times.bound)}, naive ${ms(slow.naive)}`,
    );
    const naiveRatios = slow.naive.map((value, round) => value / slow.search[round]!);
    figure(
      'naive baseline / search in memory',
      median(naiveRatios),
      { op: '>=', x: 500 },
      `per round ${list(naiveRatios, 0)}`,
    );
    const boundRatios = times.search.map((value, round) => value / times.bound[round]!);
    figure(
      'search in memory / no-allocation bound',
      median(boundRatios),
      { op: '<=', x: 5 },
      `per round ${list(boundRatios)}`,
    );
    const plusRead = times.search.map((value, round) => value + times.read[round]!);
    const e2eRatios = times.endToEnd.map((value, round) => value / plusRead[round]!);
    figure(
      'end to end (sql.js) / (search in memory + one read)',
      medianRatio(times.endToEnd, plusRead),
      { op: '<=', x: 1.5 },
      `per round ${list(e2eRatios)}`,
    );
  } finally {
    await service.close();
  }
}
