/**
 * Sequential booking creation through the service (`service.fetch`, in process, timers included)
 * on sql.js and on PostgreSQL, and PostgreSQL against a raw `pg` loop replaying the statements the
 * service sent for one booking (recorded by wrapping the pool it was given), in interleaved rounds.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createConnectService, type ConnectServiceOptions } from '@leadbook/server';
import { createPgBossScheduler, createPostgresStorage } from '@leadbook/storage-postgres';
import { BOOKING_HEADERS, bookingFixture } from './fixture';
import { rawReplay, recordingPool } from './recording-pool';
import { interleave, ratePerSecond } from '../lib/interleave';
import { figure, heading, list, median, medianRatio } from '../lib/report';

/** Bookings per side per round: BENCH_BOOKINGS, default 200. */
const PER_ROUND = Number(process.env.BENCH_BOOKINGS ?? 200);
const MAX_STATEMENTS = 8;

/** The PostgreSQL server of the bench, if one is named. */
export const benchDatabaseUrl = (): string | undefined =>
  process.env.LEADBOOK_BENCH_DATABASE_URL || process.env.LEADBOOK_TEST_DATABASE_URL || undefined;

/** A fresh schema name. */
export const freshSchema = (prefix: string): string => `${prefix}_${randomBytes(5).toString('hex')}`;

/** A seeded service on `options`, and a function that books its next booking. */
async function bookingService(options: ConnectServiceOptions) {
  const service = await createConnectService(options);
  const { fixture, body } = bookingFixture(1);
  await service.admin.seed(fixture);
  let next = 0;
  const book = async () => {
    const init = { method: 'POST', headers: BOOKING_HEADERS, body: body(next++) };
    const response = await service.fetch(new Request('http://bench.local/connect/calendar_bookings/', init));
    if (response.status !== 201) throw new Error(`booking: ${response.status} ${await response.text()}`);
  };
  return { service, book };
}

/** Prints bookings per second on sql.js and PostgreSQL, and PostgreSQL against its raw pg loop. */
export async function benchBookings(): Promise<void> {
  heading(`Sequential bookings through the service (in process), ${PER_ROUND} per side per round`);
  const url = benchDatabaseUrl();
  const sqlJs = await bookingService({});
  if (!url) {
    const rates = await interleave({ sqlJs: ratePerSecond(sqlJs.book, PER_ROUND) });
    console.log(
      `  sql.js: ${median(rates.sqlJs).toFixed(0)} bookings/s (median; per round ${list(rates.sqlJs, 0)})`,
    );
    console.log('  PostgreSQL rows skipped: set LEADBOOK_BENCH_DATABASE_URL or LEADBOOK_TEST_DATABASE_URL');
    await sqlJs.service.close();
    return;
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const recording = recordingPool(pool);
  const schemas = [freshSchema('leadbook_bench'), freshSchema('pgboss_bench')] as const;
  const scheduler = createPgBossScheduler({ pool: recording.pool, schema: schemas[1] });
  const storage = await createPostgresStorage({ pool: recording.pool, schema: schemas[0], scheduler });
  const postgres = await bookingService({ storage, scheduler });
  let raw: Awaited<ReturnType<typeof rawReplay>> | undefined;
  try {
    for (let i = 0; i < 20; i++) await postgres.book();
    const sample = await recording.record(postgres.book);
    raw = await rawReplay(pool, sample, await recording.record(postgres.book));
    const rates = await interleave({
      sqlJs: ratePerSecond(sqlJs.book, PER_ROUND),
      postgres: ratePerSecond(postgres.book, PER_ROUND),
      raw: ratePerSecond(raw.book, PER_ROUND),
    });
    const rate = (values: number[]) => `${median(values).toFixed(0)} bookings/s`;
    figure(
      'PostgreSQL / sql.js',
      medianRatio(rates.postgres, rates.sqlJs),
      undefined,
      `${rate(rates.postgres)} vs ${rate(rates.sqlJs)} (medians); sql.js per round ${list(rates.sqlJs, 0)}`,
    );
    const ratios = rates.postgres.map((value, round) => value / rates.raw[round]!);
    figure(
      'PostgreSQL / raw pg loop of the same statements',
      median(ratios),
      { op: '>=', x: 0.5 },
      `${rate(rates.postgres)} vs ${rate(rates.raw)}; per round ${list(ratios)}`,
    );
    // The request's API token read comes before the booking's transaction (BEGIN ... COMMIT).
    const begin = sample.findIndex((query) => /^\s*BEGIN\b/i.test(query.text));
    const booking = sample.length - Math.max(0, begin);
    const verdict = booking <= MAX_STATEMENTS ? 'meets' : 'MISSES';
    console.log(
      `  statements per booking: ${booking} in its transaction (goal <= ${MAX_STATEMENTS}: ${verdict}), ` +
        `${sample.length} in the request with the token read`,
    );
  } finally {
    raw?.release();
    await postgres.service.close();
    await sqlJs.service.close();
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
