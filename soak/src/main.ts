/**
 * `npm run soak`: two instances of the service on one PostgreSQL database, a seeded load at a fixed
 * rate, a fault injector that kills an instance now and then (and in a long run restarts PostgreSQL
 * once), webhook subscriptions delivering to a local receiver; then the checks, printed as a table.
 * Exits non-zero when a check fails. See README.md for the options.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  checkCapacity,
  checkCrashes,
  checkDeliveries,
  checkLostWrites,
  checkReplays,
  checkServerErrors,
  checkTimers,
  checkUnanswered,
  latencies,
  type CheckResult,
  type FaultWindow,
} from './checks';
import { createClient } from './client';
import { readDatabase } from './database';
import { injectFaults, planPgRestart } from './faults';
import { seedWorld } from './fixture';
import { createInstance } from './instances';
import { createLedger } from './ledger';
import { runLoad } from './load';
import type { OperationContext } from './operations';
import { createRandom } from './random';
import { startReceiver } from './receiver';
import { checksReport, latencyReport } from './report';
import { readOptions } from './options';

const DAY_MS = 86_400_000;
/** Near bookings end at most this long after the load stops (see `nearInterval`). */
const NEAR_HORIZON_MS = 15_000;
/** How long to wait for timers and deliveries after that: a bound, not an expectation. */
const DRAIN_MS = 180_000;
/** How long an instance may take to shut down gracefully at the end. */
const STOP_TIMEOUT_MS = 20_000;
/** After everything expected arrived: time for a duplicate to show up. */
const SETTLE_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

const options = readOptions(process.argv.slice(2), process.env);
const suffix = randomBytes(4).toString('hex');
const schema = `soak_${suffix}`;
const bossSchema = `soak_pgboss_${suffix}`;
const logPath = join(tmpdir(), `leadbook-soak-${suffix}.log`);
const log = createWriteStream(logPath);
const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
pool.on('error', (error) => log.write(`soak pool: ${String(error)}\n`));

const receiver = await startReceiver();
const env = {
  DATABASE_URL: options.databaseUrl,
  LEADBOOK_SCHEMA: schema,
  LEADBOOK_PGBOSS_SCHEMA: bossSchema,
};
const instances = [createInstance('A', env, log), createInstance('B', env, log)];
let failed = true;
try {
  say(`seed ${options.seed}, ${options.seconds} s at ${options.rate} operations/s; schema ${schema}`);
  say(`instance logs: ${logPath}`);
  const world = await seedWorld(pool, schema, receiver.url);
  receiver.useSecrets(world.webhookSecrets);
  await Promise.all(instances.map((instance) => instance.start()));
  say(`instances A ${instances[0]!.url} and B ${instances[1]!.url}`);

  const long = options.seconds >= 300;
  const plan = await planPgRestart(
    options.databaseUrl,
    options.pgRestart === 'on' || (options.pgRestart === 'auto' && long),
    options.pgRestart === 'off' ? 'turned off (--pg-restart off)' : 'only in runs of five minutes or more',
  );
  say(
    'cluster' in plan
      ? `PostgreSQL restart: once, ${plan.cluster.join(' ')}`
      : `PostgreSQL restart skipped: ${plan.skipped}`,
  );

  const loadRandom = createRandom(options.seed);
  const ledger = createLedger();
  let keys = 0;
  const ctx: OperationContext = {
    world,
    client: createClient(instances, loadRandom),
    ledger,
    random: loadRandom,
    nextKey: () => `soak-${options.seed}-${suffix}-${++keys}`,
    rangeStartMs: (Math.floor(Date.now() / DAY_MS) + 2) * DAY_MS,
    rangeDays: 3,
    unexpected: new Map(),
    replays: { sent: 0, mismatches: [] },
  };
  const windows: FaultWindow[] = [];
  const startMs = Date.now();
  const untilMs = startMs + options.seconds * 1_000;
  const [load] = await Promise.all([
    runLoad(ctx, options.rate, untilMs),
    injectFaults({
      instances,
      random: createRandom(options.seed + 1),
      untilMs,
      windows,
      log: say,
      ...('cluster' in plan
        ? { pgRestart: { atMs: startMs + options.seconds * 400, cluster: plan.cluster } }
        : {}),
    }),
  ]);
  const loadEndMs = Date.now();
  say(`load done: ${ctx.client.exchanges.length} requests; waiting for timers and deliveries`);

  // Timers of near bookings fall due within NEAR_HORIZON_MS; then wait until every due timer and
  // every event's delivery is there (or the bound passes), and a little longer for duplicates.
  const dueBy = loadEndMs + NEAR_HORIZON_MS;
  await sleep(Math.max(0, dueBy - Date.now()));
  const acked = () => ledger.snapshot();
  const evaluate = async () => {
    const db = await readDatabase(pool, schema);
    const events = db.events.filter((event) => event.occurredAtMs >= startMs);
    return {
      db,
      timers: checkTimers(db, acked().bookings, dueBy),
      deliveries: checkDeliveries(events, receiver.deliveries(), receiver.refused),
    };
  };
  const drainUntil = Date.now() + DRAIN_MS;
  let state = await evaluate();
  while (!(state.timers.passed && state.deliveries.passed) && Date.now() < drainUntil) {
    await sleep(1_000);
    state = await evaluate();
  }
  say(`drained in ${Math.round((Date.now() - dueBy) / 1000)} s`);
  await sleep(SETTLE_MS);
  state = await evaluate();

  const checks: CheckResult[] = [
    checkLostWrites(acked(), state.db),
    checkCapacity(state.db.bookings, world.planner.capacities),
    state.timers,
    state.deliveries,
    checkServerErrors(ctx.client.exchanges, windows),
    checkUnanswered(ctx.client.exchanges, windows),
    checkReplays(ctx.replays.sent, ctx.replays.mismatches),
    checkCrashes(instances.flatMap((instance) => instance.crashes)),
  ];
  if (load.crashed.length > 0) {
    checks.push({
      name: 'operations that threw',
      passed: false,
      value: String(load.crashed.length),
      problems: load.crashed,
    });
  }
  console.log('');
  console.log(
    `Soak: ${options.seconds} s, seed ${options.seed}, ${options.rate} operations/s, ` +
      `${Object.values(load.started).reduce((a, b) => a + b, 0)} operations (${load.shed} shed), ` +
      `${windows.length} faults (${windows.map((w) => w.what).join(', ') || 'none'})`,
  );
  console.log('');
  console.log(checksReport(checks));
  console.log('');
  console.log(latencyReport(latencies(ctx.client.exchanges)));
  if (ctx.unexpected.size > 0) {
    console.log('\nAnswers the load did not expect (not a check; listed for a look):');
    for (const [what, n] of ctx.unexpected) console.log(`  ${n} x ${what}`);
  }
  failed = checks.some((check) => !check.passed);
  console.log(
    `\n${failed ? 'FAIL' : 'PASS'}: ${checks.filter((c) => c.passed).length} of ${checks.length} checks passed`,
  );
} finally {
  // A graceful stop, or SIGKILL when one hangs.
  await Promise.all(
    instances.map(async (instance) => {
      const timer = setTimeout(() => void instance.kill(), STOP_TIMEOUT_MS);
      await instance.stop().catch(() => undefined);
      clearTimeout(timer);
    }),
  );
  await receiver.close();
  for (const name of [schema, bossSchema]) {
    await pool.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`).catch((error: unknown) => {
      console.error(`could not drop schema ${name}: ${String(error)}`);
    });
  }
  await pool.end();
  log.end();
  process.exitCode = failed ? 1 : 0;
}
