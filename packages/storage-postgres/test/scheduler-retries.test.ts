/**
 * The pg-boss scheduler runs a job again when a run is lost (its instance stopped beating), threw,
 * or ran too long; `run.finish(tx.jobs)` lets exactly one run commit a handler's effects.
 * Real timers: the lost-run test waits out the shortest heartbeat pg-boss allows (10 s).
 */
import type { JobHandler, JobRepository, JobRun, ScheduledJob } from '@leadbook/server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPgBossScheduler,
  createPostgresStorage,
  type PgBossSchedulerOptions,
  type PgPool,
} from '../src';
import { jobIdOf } from '../src/scheduler/job-id';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from './support/databases';

// The real server where CI names one, PGlite otherwise.
const database = RUN_PGLITE ? lazily(openPglite) : lazily(() => openServer(SERVER_URL!));
afterAll(() => database.close());
afterEach(async () => (await database.get()).dropSchemas());

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
// Retries come quickly, and every maintenance pass looks for lost runs.
const FAST = {
  pollIntervalMs: 200,
  heartbeatSeconds: 10,
  maintenanceIntervalMs: 500,
  retryDelaySeconds: 1,
  logger: quiet,
} satisfies Partial<PgBossSchedulerOptions>;

const job = (key: string, runAt: number, payload: unknown = { key }): ScheduledJob => ({
  key,
  runAt,
  type: 'test.job',
  payload,
});

/** A scheduler in `schema`, given to a storage in `storageSchema` so that handlers can finish in its transactions. */
async function instance(
  db: TestDatabase,
  schemas: { jobs: string; storage: string },
  options: Partial<PgBossSchedulerOptions> & { pool?: PgPool } = {},
) {
  const scheduler = createPgBossScheduler({ pool: db.pool, schema: schemas.jobs, ...FAST, ...options });
  const storage = await createPostgresStorage({ pool: db.pool, schema: schemas.storage, scheduler });
  /** Finishes `run` in a transaction of this instance's storage. */
  const finish = (run: JobRun | undefined) => storage.transaction((tx) => run!.finish(tx.jobs));
  return {
    scheduler,
    finish,
    close: async () => {
      await scheduler.stop();
      await storage.close();
    },
  };
}

async function stateOf(db: TestDatabase, schema: string, key: string) {
  const { rows } = await db.pool.query(`SELECT state FROM "${schema}".job WHERE id = $1`, [
    jobIdOf('leadbook', key),
  ]);
  return rows[0]?.['state'];
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('pg-boss scheduler: runs again, finishes once', () => {
  it('runs a job again when its instance stops beating, and only the first run to finish it commits', async () => {
    const db = await database.get();
    const schemas = { jobs: db.freshSchema('pgboss_test'), storage: db.freshSchema('leadbook_test') };
    // Instance A's scheduler loses the database once it runs the job, as a dead host's would; its
    // storage still works, as a host that was only slow would find when it wakes.
    let cut = false;
    const severed: PgPool = {
      connect: () => db.pool.connect(),
      query: (text, values) =>
        cut ? Promise.reject(new Error('connection lost')) : db.pool.query(text, values),
    };
    const a = await instance(db, schemas, { pool: severed });
    const b = await instance(db, schemas);
    const results: Array<[string, boolean]> = [];
    const aStarted = gate();
    const aResumes = gate();
    try {
      await a.scheduler.start(async (_job, run) => {
        cut = true;
        aStarted.open();
        await aResumes.opened;
        results.push(['A', await a.finish(run)]);
      });
      await a.scheduler.schedule(job('timer', Date.now() + 100));
      await aStarted.opened;
      await b.scheduler.start(async (_job, run) => {
        results.push(['B', await b.finish(run)]);
      });
      await vi.waitFor(() => expect(results).toEqual([['B', true]]), { timeout: 30_000, interval: 200 });
      aResumes.open();
      await vi.waitFor(() => expect(results).toHaveLength(2));
      expect(results).toEqual([
        ['B', true],
        ['A', false],
      ]);
      expect(await stateOf(db, schemas.jobs, 'timer')).toBe('completed');
    } finally {
      cut = false;
      aResumes.open();
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('runs a job whose handler threw again, retryDelaySeconds apart, retryLimit times', async () => {
    const db = await database.get();
    const schemas = { jobs: db.freshSchema('pgboss_test'), storage: db.freshSchema('leadbook_test') };
    const a = await instance(db, schemas, { retryLimit: 2 });
    const calls: number[] = [];
    try {
      await a.scheduler.start(async () => {
        calls.push(Date.now());
        throw new Error('provider down');
      });
      await a.scheduler.schedule(job('flaky', Date.now()));
      await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 15_000, interval: 100 });
      // Due a second after the failure, by the database's clock (the same machine's).
      expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(900);
      expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(900);
      await vi.waitFor(async () => expect(await stateOf(db, schemas.jobs, 'flaky')).toBe('failed'));
      // Two poll intervals and a retry delay later, still three runs.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(calls).toHaveLength(3);
    } finally {
      await a.close();
    }
  });

  it('a run of a job stored again meanwhile finishes nothing, and the new job still runs', async () => {
    const db = await database.get();
    const schemas = { jobs: db.freshSchema('pgboss_test'), storage: db.freshSchema('leadbook_test') };
    const a = await instance(db, schemas);
    const results: Array<[unknown, boolean]> = [];
    const firstStarted = gate();
    const firstResumes = gate();
    try {
      const handler: JobHandler = async (fired, run) => {
        if ((fired.payload as { version: number }).version === 1) {
          firstStarted.open();
          await firstResumes.opened;
        }
        results.push([fired.payload, await a.finish(run)]);
      };
      await a.scheduler.start(handler);
      await a.scheduler.schedule(job('moved', Date.now(), { version: 1 }));
      await firstStarted.opened;
      // Rescheduled while its first version runs: the key's row is pending again, as version 2.
      await a.scheduler.schedule(job('moved', Date.now() + 300, { version: 2 }));
      firstResumes.open();
      await vi.waitFor(() => expect(results).toHaveLength(2), { timeout: 10_000 });
      expect(results).toEqual([
        [{ version: 1 }, false],
        [{ version: 2 }, true],
      ]);
    } finally {
      firstResumes.open();
      await a.close();
    }
  });

  it('rejects a finish in a transaction that is not its storage', async () => {
    const db = await database.get();
    const schemas = { jobs: db.freshSchema('pgboss_test'), storage: db.freshSchema('leadbook_test') };
    const a = await instance(db, schemas, { retryLimit: 0 });
    const errors: unknown[] = [];
    try {
      await a.scheduler.start(async (_job, run) => {
        await run!.finish({} as JobRepository).catch((error: unknown) => errors.push(error));
      });
      await a.scheduler.schedule(job('stray', Date.now()));
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(String(errors[0])).toMatch(/tx\.jobs of a transaction of the scheduler's storage/);
    } finally {
      await a.close();
    }
  });

  it('rejects a heartbeat below 10 seconds and a negative retry limit', async () => {
    const { pool } = await database.get();
    expect(() => createPgBossScheduler({ pool, heartbeatSeconds: 9 })).toThrow(RangeError);
    expect(() => createPgBossScheduler({ pool, retryLimit: -1 })).toThrow(RangeError);
    expect(() => createPgBossScheduler({ pool, retryDelaySeconds: 0 })).toThrow(RangeError);
  });
});
