/**
 * Concurrent booking throughput on PostgreSQL: one and two service instances in separate
 * processes on one database, the same load of concurrent POSTs split across them.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createConnectService, type Scheduler } from '@leadbook/server';
import { createPostgresStorage } from '@leadbook/storage-postgres';
import { stopInstance } from '../../test-support/processes';
import { startPgInstance } from '../../packages/storage-postgres/test/support/instances';
import { BENCH_TOKEN, throughputFixture } from './fixtures';

const RESOURCES = 16;
const CONNECTIONS = 32;
const BOOKINGS = 2_000;
// The instances resolve @leadbook/* as the bench does (tsconfig.run.json): the built packages.
const BENCH_TSCONFIG = fileURLToPath(new URL('../tsconfig.run.json', import.meta.url));

const inert: Scheduler = {
  schedule: async () => undefined,
  cancel: async () => false,
  start: async () => undefined,
  stop: async () => undefined,
};

/** Prints bookings/s of one and of two instances under the same concurrent load. */
export async function benchConcurrentBookings(url: string): Promise<void> {
  console.log(
    `\nconcurrent booking throughput, PostgreSQL, ${CONNECTIONS} concurrent clients, ${BOOKINGS} bookings over ${RESOURCES} resources (loopback HTTP):`,
  );
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schemas: string[] = [];
  const fresh = (prefix: string) => {
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    schemas.push(name);
    return name;
  };
  const rates: number[] = [];
  try {
    for (const count of [1, 2]) {
      const { fixture, body } = throughputFixture(RESOURCES);
      const schema = fresh('leadbook_bench');
      const seeder = await createConnectService({
        storage: await createPostgresStorage({ pool, schema }),
        scheduler: inert,
      });
      await seeder.admin.seed(fixture);
      await seeder.close();
      const env = {
        DATABASE_URL: url,
        LEADBOOK_SCHEMA: schema,
        LEADBOOK_PGBOSS_SCHEMA: fresh('pgboss_bench'),
      };
      const instances = await Promise.all(
        Array.from({ length: count }, () => startPgInstance(env, BENCH_TSCONFIG)),
      );
      try {
        let next = 0;
        const statuses = new Map<number, number>();
        const client = async (worker: number) => {
          const target = instances[worker % count]!.url;
          for (let index = next++; index < BOOKINGS; index = next++) {
            const response = await fetch(`${target}/connect/calendar_bookings/`, {
              method: 'POST',
              headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
              body: body(index),
            });
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        };
        const start = performance.now();
        await Promise.all(Array.from({ length: CONNECTIONS }, (_, worker) => client(worker)));
        const rate = BOOKINGS / ((performance.now() - start) / 1000);
        rates.push(rate);
        const { rows } = await pool.query(`SELECT COUNT(*)::int AS n FROM "${schema}".bookings`);
        const summary = [...statuses].map(([status, n]) => `${n} x ${status}`).join(', ');
        console.log(
          `  ${`${count} instance${count > 1 ? 's' : ''}`.padEnd(12)} ${rate.toFixed(0).padStart(6)} bookings/s  (${summary}; ${rows[0]?.['n']} rows)`,
        );
      } finally {
        await Promise.all(instances.map((instance) => stopInstance(instance)));
      }
    }
    console.log(`  two instances / one: ${(rates[1]! / rates[0]!).toFixed(2)}x`);
  } finally {
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
