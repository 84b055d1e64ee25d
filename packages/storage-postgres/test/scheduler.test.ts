import type { JobHandler, ScheduledJob } from '@leadbook/server';
import { runSchedulerConformance, type SchedulerInstance } from '@leadbook/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgBossScheduler, createPostgresStorage, type PgBossSchedulerOptions } from '../src';
import { jobIdOf } from '../src/scheduler/job-id';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from './support/databases';

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

// pg-boss polls; a short interval lets instances find each other's jobs within the suite's waits.
const POLL_MS = 200;

// Database trouble shows in the test output; failing handlers are what some tests are about.
const reportTrouble = {
  debug() {},
  info() {},
  warn() {},
  error(message: string, meta?: Record<string, unknown>) {
    if (message !== 'scheduled job failed') console.error(`pg-boss scheduler: ${message}`, meta);
  },
};

function open(db: TestDatabase, schema: string, options: Partial<PgBossSchedulerOptions> = {}) {
  const scheduler = createPgBossScheduler({
    pool: db.pool,
    schema,
    pollIntervalMs: POLL_MS,
    logger: reportTrouble,
    // The conformance suite checks that a failed job is not run again; scheduler-retries.test.ts
    // checks the retries.
    retryLimit: 0,
    ...options,
  });
  return { scheduler, dispose: () => scheduler.stop() } satisfies SchedulerInstance;
}

/**
 * A scheduler in a fresh pg-boss schema, with reopen() on the same schema. pg-boss creates its
 * schema on first use; that happens here, so that the suite's clock starts on a ready scheduler
 * (cancelling an unknown key is a first use that changes nothing).
 */
function durable(database: () => Promise<TestDatabase>) {
  const ready = async (db: TestDatabase, schema: string) => {
    const instance = open(db, schema);
    await instance.scheduler.cancel('no such job');
    return instance;
  };
  return async () => {
    const db = await database();
    const schema = db.freshSchema('pgboss_test');
    return { ...(await ready(db, schema)), reopen: () => ready(db, schema) };
  };
}

/**
 * The same, with the scheduler given to a PostgreSQL storage: use cases then write jobs through
 * that storage's `tx.jobs`, in pg-boss's table, which the suite's job-store tests exercise.
 */
function attached(database: () => Promise<TestDatabase>) {
  return async () => {
    const db = await database();
    const schema = db.freshSchema('pgboss_test');
    const storageSchema = db.freshSchema('leadbook_test');
    const make = async (): Promise<SchedulerInstance> => {
      const instance = open(db, schema);
      const storage = await createPostgresStorage({
        pool: db.pool,
        schema: storageSchema,
        scheduler: instance.scheduler,
      });
      return {
        scheduler: instance.scheduler,
        dispose: async () => {
          await instance.dispose();
          await storage.close();
        },
      };
    };
    return { ...(await make()), reopen: make };
  };
}

describe.skipIf(!RUN_PGLITE)('pg-boss scheduler on PGlite', () => {
  // PGlite starts within the hook's time limit, not within the first test's.
  beforeAll(() => pglite.get());
  afterEach(async () => (await pglite.get()).dropSchemas());
  runSchedulerConformance({ name: 'pg-boss (PGlite)', create: durable(pglite.get), time: 'real' });
  runSchedulerConformance({
    name: 'pg-boss writing jobs in storage transactions (PGlite)',
    create: attached(pglite.get),
    time: 'real',
  });
});

// The real server runs only where LEADBOOK_TEST_DATABASE_URL names one (CI sets it); the PGlite
// run above covers the adapter on a fresh machine. Set but unreachable, every test below fails.
describe.skipIf(!SERVER_URL)('pg-boss scheduler on the real server', () => {
  afterEach(async () => (await server.get()).dropSchemas());
  runSchedulerConformance({ name: 'pg-boss (server)', create: durable(server.get), time: 'real' });
  runSchedulerConformance({
    name: 'pg-boss writing jobs in storage transactions (server)',
    create: attached(server.get),
    time: 'real',
  });
});

function recorder() {
  const fired: ScheduledJob[] = [];
  const handler: JobHandler = async (job) => {
    fired.push(job);
  };
  return { fired, handler, keys: () => fired.map((job) => job.key) };
}

const job = (key: string, runAt: number, payload: unknown = { key }): ScheduledJob => ({
  key,
  runAt,
  type: 'test.job',
  payload,
});

describe('pg-boss scheduler extras', () => {
  afterEach(async () => (await pglite.get()).dropSchemas());

  it('derives one UUID v5 per queue and key', () => {
    const id = jobIdOf('leadbook', 'booking:1:hasStarted');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdOf('leadbook', 'booking:1:hasStarted')).toBe(id);
    expect(jobIdOf('leadbook', 'booking:2:hasStarted')).not.toBe(id);
    expect(jobIdOf('other', 'booking:1:hasStarted')).not.toBe(id);
  });

  it('rejects intervals and batch sizes that are not positive integers, and bad schema names', async () => {
    const { pool } = await pglite.get();
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createPgBossScheduler({ pool, pollIntervalMs: bad })).toThrow(RangeError);
      expect(() => createPgBossScheduler({ pool, batchSize: bad })).toThrow(RangeError);
    }
    expect(() => createPgBossScheduler({ pool, schema: 'pgboss; DROP TABLE x' })).toThrow(RangeError);
    const scheduler = createPgBossScheduler({
      pool,
      schema: (await pglite.get()).freshSchema('pgboss_test'),
    });
    await expect(scheduler.schedule(job('bad', Number.NaN))).rejects.toThrow(RangeError);
  });

  it('stop() puts the jobs it claimed but did not run back, and they fire after the next start()', async () => {
    const db = await pglite.get();
    const { scheduler } = open(db, db.freshSchema('pgboss_test'), { batchSize: 5 });
    const past = Date.now() - 1_000;
    for (let index = 0; index < 4; index++) await scheduler.schedule(job(`late-${index}`, past + index));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = recorder();
    const starting = scheduler.start(async (fired) => {
      await first.handler(fired);
      await gate;
    });
    await vi.waitFor(() => expect(first.keys()).toEqual(['late-0']));
    const stopping = scheduler.stop();
    release();
    await Promise.all([starting, stopping]);
    expect(first.keys()).toEqual(['late-0']);

    const second = recorder();
    await scheduler.start(second.handler);
    expect(second.keys()).toEqual(['late-1', 'late-2', 'late-3']);
    await scheduler.stop();
  });

  it('logs a failing handler with the job key and type', async () => {
    const db = await pglite.get();
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { scheduler } = open(db, db.freshSchema('pgboss_test'), { logger });
    await scheduler.schedule(job('boom', Date.now() - 1));
    await scheduler.start(async () => {
      throw new Error('handler exploded');
    });
    expect(logger.error).toHaveBeenCalledWith('scheduled job failed', {
      key: 'boom',
      type: 'test.job',
      error: 'Error: handler exploded',
    });
    await scheduler.stop();
  });

  it('leaves the pool open and works again after stop()', async () => {
    const db = await pglite.get();
    const { scheduler } = open(db, db.freshSchema('pgboss_test'));
    await scheduler.start(recorder().handler);
    await scheduler.stop();
    expect((await db.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

// See above: needs the real server.
describe.skipIf(!SERVER_URL)('pg-boss scheduler extras (server)', () => {
  afterEach(async () => (await server.get()).dropSchemas());

  it('three instances on three pools fire each of 60 due jobs exactly once between them', async () => {
    const db = await server.get();
    const schema = db.freshSchema('pgboss_test');
    const others = [await openServer(SERVER_URL!, 4), await openServer(SERVER_URL!, 4)];
    try {
      const instances = [db, ...others].map((each) => open(each, schema, { batchSize: 3 }));
      const fired = recorder();
      const due = Date.now() + 300;
      for (let index = 0; index < 60; index++) {
        await instances[index % 3]!.scheduler.schedule(job(`job-${index}`, due + (index % 5) * 10));
      }
      await Promise.all(instances.map(({ scheduler }) => scheduler.start(fired.handler)));
      await vi.waitFor(() => expect(fired.fired).toHaveLength(60), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 3 * POLL_MS));
      expect(new Set(fired.keys()).size).toBe(60);
      expect(fired.fired).toHaveLength(60);
      for (const instance of instances) await instance.dispose();
    } finally {
      for (const other of others) await other.close();
    }
  });
});
