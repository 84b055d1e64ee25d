/**
 * The fault injector: at seeded random times it kills one instance with SIGKILL, waits a moment,
 * and starts it again; in a long run it also restarts PostgreSQL once (`pg_ctlcluster`). Each fault
 * is a window, from the kill until the service is back (plus a grace period), inside which 5xx
 * answers are excused.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FaultWindow } from './checks';
import type { SoakInstance } from './instances';
import type { Random } from './random';

const run = promisify(execFile);
/** After an instance is back: requests that were queued behind the fault may still fail. */
const GRACE_MS = 3_000;
/** After PostgreSQL is back: pools reconnect and the job loops back off for a few seconds. */
const PG_GRACE_MS = 15_000;

/** How PostgreSQL is restarted in this run, or why it is not. */
export type PgRestartPlan = { cluster: [version: string, name: string] } | { skipped: string };

/**
 * Whether PostgreSQL can be restarted here: `pg_lsclusters` lists an online cluster on the URL's
 * port, and the URL's host is this machine.
 */
export async function planPgRestart(
  databaseUrl: string,
  wanted: boolean,
  reason: string,
): Promise<PgRestartPlan> {
  if (!wanted) return { skipped: reason };
  const url = new URL(databaseUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) {
    return { skipped: `the server ${url.hostname} is not on this machine` };
  }
  try {
    const { stdout } = await run('pg_lsclusters', ['--no-header']);
    const port = url.port || '5432';
    const line = stdout
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find((fields) => fields[2] === port && fields[3] === 'online');
    if (!line) return { skipped: `pg_lsclusters lists no online cluster on port ${port}` };
    return { cluster: [line[0]!, line[1]!] };
  } catch {
    return { skipped: 'pg_lsclusters is not available (PostgreSQL is not managed with pg_ctlcluster here)' };
  }
}

/** What the injector does until `untilMs`. */
export interface FaultOptions {
  instances: readonly SoakInstance[];
  random: Random;
  untilMs: number;
  /** When to restart PostgreSQL (epoch ms), with the plan; none when skipped. */
  pgRestart?: { atMs: number; cluster: [string, string] };
  /** Where each fault is recorded. */
  windows: FaultWindow[];
  log(line: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an instance, trying again a few times (a start can fail while the database is down). */
async function restart(instance: SoakInstance, log: (line: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await instance.start();
    } catch (error) {
      if (attempt >= 5) throw error;
      log(`instance ${instance.name} did not start (${String(error)}); trying again`);
      await sleep(2_000);
    }
  }
}

/** Injects faults until `untilMs`; resolves with both instances up. */
export async function injectFaults(options: FaultOptions): Promise<void> {
  const { instances, random, untilMs, windows, log } = options;
  let pgPending = options.pgRestart;
  for (;;) {
    const pause = random.int(8_000, 20_000);
    if (Date.now() + pause >= untilMs) break;
    await sleep(pause);
    if (pgPending && Date.now() >= pgPending.atMs) {
      const [version, name] = pgPending.cluster;
      pgPending = undefined;
      const startMs = Date.now();
      log(`restarting PostgreSQL (pg_ctlcluster ${version} ${name} restart)`);
      await run('pg_ctlcluster', [version, name, 'restart']);
      windows.push({ what: 'PostgreSQL restart', startMs, endMs: Date.now() + PG_GRACE_MS });
      log(`PostgreSQL is back after ${Date.now() - startMs} ms`);
      continue;
    }
    const instance = random.pick(instances);
    const down = random.int(500, 3_000);
    const startMs = Date.now();
    await instance.kill();
    log(`killed instance ${instance.name} (SIGKILL); restarting it in ${down} ms`);
    await sleep(down);
    await restart(instance, log);
    windows.push({ what: `kill ${instance.name}`, startMs, endMs: Date.now() + GRACE_MS });
    log(`instance ${instance.name} is back after ${Date.now() - startMs} ms`);
  }
}
