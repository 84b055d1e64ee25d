/**
 * Issue 9 benchmark, side by side on sql.js and on PostgreSQL: availability on the standard
 * fixture and sequential booking creation (both in process, through the service's fetch handler),
 * and concurrent booking throughput on PostgreSQL across one and two instances (separate processes,
 * loopback HTTP).
 *
 * PostgreSQL is the server named by `LEADBOOK_TEST_DATABASE_URL`. Without one, the in-process rows
 * run on PGlite, labelled as such, and the multi-process row is skipped: separate processes need
 * a database server they can all reach.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { benchConcurrentBookings } from './concurrent';
import { BENCH_TOKEN, standardFixture, throughputFixture } from './fixtures';
import { postgresTarget, sqlJsTarget, type Target } from './targets';
import { replayBookings } from './booking-floor';
import type { CountingPool, RecordedQuery } from '../../packages/storage-postgres/test/support/query-count';
import { heading, median as medianOf } from '../server/report';

const AVAILABILITY_RUNS = 10;
const BOOKINGS = 500;
const BOOKING_WARMUP = 50;

const headers = { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' };

/** Median milliseconds of `runs` calls of `fn`, after one untimed call. */
async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

async function availability(target: Target) {
  const { fixture, addBookings, path } = standardFixture();
  const { service, storage, close } = await target.open();
  try {
    const orgId = (await service.admin.seed(fixture)).organizations[0]!.id;
    await addBookings(storage, orgId);
    let candidates = 0;
    const search = async () => {
      const response = await service.fetch(new Request(`http://bench.local${path}`, { headers }));
      if (response.status !== 200)
        throw new Error(`availability: ${response.status} ${await response.text()}`);
      candidates = ((await response.json()) as { data: unknown[] }).data.length;
    };
    return { ms: await median(AVAILABILITY_RUNS, search), candidates };
  } finally {
    await close();
  }
}

/** What sequential booking creation measured on one target. */
interface SequentialResult {
  /** Bookings per second through the service. */
  rate: number;
  /** Database round trips per booking, where counted (PostgreSQL). */
  queriesPerBooking?: number;
  /** Bookings per second of the raw replay of one booking's queries, measured in the same rounds. */
  floorRate?: number;
}

const ROUNDS = 5;

async function sequentialBookings(target: Target): Promise<SequentialResult> {
  const { fixture, body } = throughputFixture(1);
  const { service, close, counting } = await target.open();
  try {
    await service.admin.seed(fixture);
    let index = 0;
    const book = async () => {
      const request = new Request('http://bench.local/connect/calendar_bookings/', {
        method: 'POST',
        headers,
        body: body(index++),
      });
      const response = await service.fetch(request);
      if (response.status !== 201) throw new Error(`booking: ${response.status} ${await response.text()}`);
    };
    for (let i = 0; i < BOOKING_WARMUP; i++) await book();
    if (counting) {
      // Two consecutive bookings, recorded one at a time: what differs between them is generated.
      let recording = counting.record();
      await book();
      const sample = recording.stop();
      recording = counting.record();
      await book();
      const next = recording.stop();
      return await rounds(book, counting, { sample, next });
    }
    return await rounds(book);
  } finally {
    await close();
  }
}

/** ROUNDS rounds, each the service's share of BOOKINGS and, for PostgreSQL, the floor's, interleaved. */
async function rounds(
  book: () => Promise<void>,
  counting?: CountingPool,
  recorded?: { sample: RecordedQuery[]; next: RecordedQuery[] },
): Promise<SequentialResult> {
  const perRound = BOOKINGS / ROUNDS;
  let serviceMs = 0;
  let queries = 0;
  const floorRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const queriesBefore = counting?.count() ?? 0;
    const start = performance.now();
    for (let i = 0; i < perRound; i++) await book();
    serviceMs += performance.now() - start;
    queries += (counting?.count() ?? 0) - queriesBefore;
    if (counting && recorded) {
      floorRates.push(await replayBookings(counting.pool, recorded.sample, recorded.next, perRound));
    }
  }
  const rate = BOOKINGS / (serviceMs / 1000);
  if (!counting) return { rate };
  return { rate, queriesPerBooking: queries / BOOKINGS, floorRate: medianOf(floorRates) };
}

function row(label: string, sqlJs: string, postgres: string, note: string): void {
  console.log(`${label.padEnd(44)} ${sqlJs.padStart(16)} ${postgres.padStart(16)}  ${note}`);
}

/** Runs the PostgreSQL rows of `npm run bench`. */
export async function benchPostgres(): Promise<void> {
  const url = process.env['LEADBOOK_TEST_DATABASE_URL'] || undefined;
  const postgres = await postgresTarget(url);
  heading(`sql.js and ${postgres.label}, side by side`);
  if (!url) {
    console.log(
      'LEADBOOK_TEST_DATABASE_URL is not set: the PostgreSQL column runs on PGlite in this process.',
    );
  }
  try {
    row('', 'sql.js', url ? 'PostgreSQL' : 'PGlite', '');
    const [a, b] = [await availability(sqlJsTarget), await availability(postgres)];
    const agree =
      a.candidates === b.candidates ? 'results agree' : `RESULTS DIFFER (${a.candidates} / ${b.candidates})`;
    row(
      'availability, standard fixture (end to end)',
      `${a.ms.toFixed(1)} ms`,
      `${b.ms.toFixed(1)} ms`,
      `median of ${AVAILABILITY_RUNS}; ${a.candidates} candidates, ${agree}; ratio ${(b.ms / a.ms).toFixed(2)}x`,
    );
    const [s, p] = [await sequentialBookings(sqlJsTarget), await sequentialBookings(postgres)];
    row(
      'sequential booking creation (POST, no HTTP)',
      `${s.rate.toFixed(0)} /s`,
      `${p.rate.toFixed(0)} /s`,
      `${BOOKINGS} bookings after ${BOOKING_WARMUP} warm-up, timers included; ratio ${(p.rate / s.rate).toFixed(2)}x`,
    );
    if (p.floorRate !== undefined && p.queriesPerBooking !== undefined) {
      const ratio = p.rate / p.floorRate;
      console.log(
        `  ${postgres.label} booking vs its raw pg floor (one booking's queries replayed, one transaction each): ` +
          `${p.rate.toFixed(0)} vs ${p.floorRate.toFixed(0)} /s, ratio ${ratio.toFixed(2)}x (goal >= 0.5x: ${ratio >= 0.5 ? 'meets' : 'BELOW'})`,
      );
      console.log(
        `  queries per booking (round trips, auth and timers included): ${p.queriesPerBooking.toFixed(1)} (goal <= 6: ${p.queriesPerBooking <= 6 ? 'meets' : 'ABOVE'})`,
      );
    }
  } finally {
    await postgres.dispose();
  }
  if (url) await benchConcurrentBookings(url);
  else {
    console.log(
      'concurrent booking throughput across two instances: skipped, separate processes need a PostgreSQL server (set LEADBOOK_TEST_DATABASE_URL)',
    );
  }
}
