/**
 * Concurrent booking throughput on PostgreSQL: one and two service instances in separate
 * processes on one database, the same load of concurrent POSTs split across them. Both
 * deployments run side by side (each on its own schemas), are warmed up first, and are measured in
 * interleaved rounds; the ratio is the median of the rounds' ratios. CPU per booking is read from
 * `/proc` for the instances' processes and for the PostgreSQL server's.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createConnectService, type Scheduler } from '@leadbook/server';
import { createPostgresStorage } from '@leadbook/storage-postgres';
import { stopInstance, type Instance } from '../../test-support/processes';
import { startPgInstance } from '../../packages/storage-postgres/test/support/instances';
import { BENCH_TOKEN, throughputFixture } from './fixtures';
import { cpuSnapshot } from './cpu';
import { median } from '../server/report';

const RESOURCES = 16;
const CONNECTIONS = 32;
const BOOKINGS = 1_000;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const WARMUP_PER_INSTANCE = 400;
// Connections to the database across all instances, as pg and PostgreSQL's wiki advise: about
// twice the database machine's cores (here 2, shared with everything else), not ten per instance.
const POOL_BUDGET = Number(process.env['BENCH_POOL_BUDGET'] ?? 6);
// The instances resolve @leadbook/* as the bench does (tsconfig.run.json): the built packages.
const BENCH_TSCONFIG = fileURLToPath(new URL('../tsconfig.run.json', import.meta.url));

const inert: Scheduler = {
  schedule: async () => undefined,
  cancel: async () => false,
  start: async () => undefined,
  stop: async () => undefined,
};

/** One deployment: `count` instances on their own schemas, and the next free booking index. */
interface Deployment {
  count: number;
  instances: Instance[];
  body: (index: number) => string;
  next: number;
  rates: number[];
  cpu: { instancesMs: number[]; postgresMs: number[] };
  statuses: Map<number, number>;
}

/** Sends bookings `[first, first + total)` from CONNECTIONS clients spread over the instances. */
async function load(deployment: Deployment, total: number): Promise<number> {
  const first = deployment.next;
  deployment.next += total;
  let next = 0;
  const client = async (worker: number) => {
    const target = deployment.instances[worker % deployment.count]!.url;
    for (let i = next++; i < total; i = next++) {
      const response = await fetch(`${target}/connect/calendar_bookings/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
        body: deployment.body(first + i),
      });
      await response.arrayBuffer();
      deployment.statuses.set(response.status, (deployment.statuses.get(response.status) ?? 0) + 1);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, worker) => client(worker)));
  return total / ((performance.now() - start) / 1000);
}

/** One measured round of a deployment: its rate and CPU per booking. */
async function round(deployment: Deployment): Promise<void> {
  const pids = deployment.instances.map((instance) => instance.child.pid!);
  const before = cpuSnapshot(pids);
  deployment.rates.push(await load(deployment, BOOKINGS));
  const after = cpuSnapshot(pids);
  if (after.instancesMs !== undefined && before.instancesMs !== undefined)
    deployment.cpu.instancesMs.push((after.instancesMs - before.instancesMs) / BOOKINGS);
  if (after.postgresMs !== undefined && before.postgresMs !== undefined)
    deployment.cpu.postgresMs.push((after.postgresMs - before.postgresMs) / BOOKINGS);
}

/** Prints bookings/s and CPU per booking of one and of two instances under the same concurrent load. */
export async function benchConcurrentBookings(url: string): Promise<void> {
  console.log(
    `\nconcurrent booking throughput, PostgreSQL, ${CONNECTIONS} concurrent clients over ${RESOURCES} resources (loopback HTTP), ` +
      `${ROUNDS} interleaved rounds of ${BOOKINGS} bookings per deployment after ${WARMUP_PER_INSTANCE} per instance of warm-up:`,
  );
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schemas: string[] = [];
  const fresh = (prefix: string) => {
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    schemas.push(name);
    return name;
  };
  const deployments: Deployment[] = [];
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
      // One connection budget for the database, split between the instances (see POOL_BUDGET).
      const env = {
        DATABASE_URL: url,
        LEADBOOK_SCHEMA: schema,
        LEADBOOK_PGBOSS_SCHEMA: fresh('pgboss_bench'),
        LEADBOOK_POOL_MAX: String(Math.max(1, Math.floor(POOL_BUDGET / count))),
      };
      const instances = await Promise.all(
        Array.from({ length: count }, () => startPgInstance(env, BENCH_TSCONFIG)),
      );
      const cpu = { instancesMs: [], postgresMs: [] };
      deployments.push({ count, instances, body, next: 0, rates: [], cpu, statuses: new Map() });
    }
    // Warm-up, not measured: every instance compiles its hot paths (JIT) first, so the rounds
    // compare steady states.
    for (const deployment of deployments) await load(deployment, WARMUP_PER_INSTANCE * deployment.count);
    for (const deployment of deployments) deployment.statuses.clear();
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? deployments : [...deployments].reverse();
      for (const deployment of order) await round(deployment);
    }
    for (const { count, rates, cpu, statuses } of deployments) {
      const summary = [...statuses].map(([status, n]) => `${n} x ${status}`).join(', ');
      const perBooking = (values: number[]) =>
        values.length === 0 ? 'n/a' : `${median(values).toFixed(2)} ms`;
      console.log(
        `  ${`${count} instance${count > 1 ? 's' : ''}`.padEnd(12)} ${median(rates).toFixed(0).padStart(6)} bookings/s (median; ${summary})` +
          `; CPU per booking: instances ${perBooking(cpu.instancesMs)}, PostgreSQL ${perBooking(cpu.postgresMs)}`,
      );
    }
    const [one, two] = deployments as [Deployment, Deployment];
    const ratios = two.rates.map((rate, r) => rate / one.rates[r]!);
    const ratio = median(ratios);
    console.log(
      `  two instances / one: ${ratio.toFixed(2)}x (goal >= 1.0x: ${ratio >= 1 ? 'meets' : 'BELOW'}); per round ${ratios.map((x) => x.toFixed(2)).join(', ')}`,
    );
  } finally {
    await Promise.all(deployments.flatMap((deployment) => deployment.instances.map((i) => stopInstance(i))));
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
