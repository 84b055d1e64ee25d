/**
 * Two instances against one on PostgreSQL: concurrent booking POSTs over loopback HTTP to one
 * instance, and the same load split across two instances (separate processes, one database, one
 * connection budget split between them), each deployment on its own schemas, in interleaved rounds.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createConnectService } from '@leadbook/server';
import { createPostgresStorage } from '@leadbook/storage-postgres';
import { BOOKING_HEADERS, bookingFixture } from './fixture';
import { benchDatabaseUrl, freshSchema } from './bookings.bench';
import { interleave } from '../lib/interleave';
import { figure, heading, list, median } from '../lib/report';

const RESOURCES = 16;
const CLIENTS = 32;
/** Bookings per deployment per round: BENCH_INSTANCE_BOOKINGS, default 1000. */
const PER_ROUND = Number(process.env.BENCH_INSTANCE_BOOKINGS ?? 1_000);
/** Database connections across all instances: BENCH_POOL_BUDGET, default 6. */
const POOL_BUDGET = Number(process.env.BENCH_POOL_BUDGET ?? 6);
const runner = fileURLToPath(new URL('./instance.ts', import.meta.url));
// The instances resolve @leadbook/* as the bench does: the built packages.
const tsconfig = fileURLToPath(new URL('../tsconfig.run.json', import.meta.url));

/** Starts one instance; resolves with its URL once it listens. */
async function start(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', runner], {
    env: { ...process.env, ...env, TSX_TSCONFIG_PATH: tsconfig },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    const port = /\{"port":(\d+)\}/.exec(output)?.[1];
    if (port) return { child, url: `http://127.0.0.1:${port}` };
  }
  throw new Error(`instance exited before listening: ${output}`);
}

/** A deployment of `count` instances on fresh schemas, seeded; `load()` resolves with bookings/s. */
async function deploy(pool: pg.Pool, url: string, count: number, schemas: string[]) {
  const [schema, boss] = [freshSchema('leadbook_bench'), freshSchema('pgboss_bench')];
  schemas.push(schema, boss);
  const { fixture, body } = bookingFixture(RESOURCES);
  const seeder = await createConnectService({ storage: await createPostgresStorage({ pool, schema }) });
  await seeder.admin.seed(fixture);
  await seeder.close();
  const env = {
    DATABASE_URL: url,
    LEADBOOK_SCHEMA: schema,
    LEADBOOK_PGBOSS_SCHEMA: boss,
    LEADBOOK_POOL_MAX: String(Math.max(1, Math.floor(POOL_BUDGET / count))),
  };
  const instances = await Promise.all(Array.from({ length: count }, () => start(env)));
  const statuses = new Map<number, number>();
  let next = 0;
  const load = async () => {
    const end = next + PER_ROUND;
    const client = async (worker: number) => {
      const target = instances[worker % count]!.url;
      for (let i = next++; i < end; i = next++) {
        const init = { method: 'POST', headers: BOOKING_HEADERS, body: body(i) };
        const response = await fetch(`${target}/connect/calendar_bookings/`, init);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, worker) => client(worker)));
    next = end;
    return PER_ROUND / ((performance.now() - started) / 1000);
  };
  const stop = async () => {
    for (const { child } of instances) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { load, stop, statuses };
}

/** Prints bookings per second of one and two instances under the same concurrent load. */
export async function benchInstances(): Promise<void> {
  heading(
    `Two instances vs one on PostgreSQL (${CLIENTS} concurrent clients, ${RESOURCES} rooms, loopback HTTP)`,
  );
  const url = benchDatabaseUrl();
  if (!url) {
    console.log(
      '  skipped: set LEADBOOK_BENCH_DATABASE_URL or LEADBOOK_TEST_DATABASE_URL (separate processes need a server)',
    );
    return;
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schemas: string[] = [];
  const deployments: Array<Awaited<ReturnType<typeof deploy>>> = [];
  try {
    for (const count of [1, 2]) deployments.push(await deploy(pool, url, count, schemas));
    const [one, two] = deployments as [(typeof deployments)[0], (typeof deployments)[0]];
    const rates = await interleave({ one: one.load, two: two.load });
    const ratios = rates.two.map((value, round) => value / rates.one[round]!);
    const statuses = (d: typeof one) => [...d.statuses].map(([status, n]) => `${n} x ${status}`).join(', ');
    figure(
      'two instances / one (bookings per second)',
      median(ratios),
      { op: '>=', x: 0.95 },
      `${median(rates.two).toFixed(0)} vs ${median(rates.one).toFixed(0)} bookings/s (medians); per round ${list(ratios)}; ` +
        `responses: one ${statuses(one)}; two ${statuses(two)}`,
    );
  } finally {
    for (const deployment of deployments) await deployment.stop();
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
