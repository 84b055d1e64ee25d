import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobHandler, ScheduledJob } from '../../ports/scheduler';
import type { SchedulerInstance } from '../../testing/scheduler-conformance';
import type { SqlJsStorage } from '../sqljs';
import { runSchedulerConformance } from '../../testing/scheduler-conformance';
import { createSqlJsStorage } from '../sqljs';
import { createTimerScheduler } from './index';

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const directory = mkdtempSync(join(tmpdir(), 'leadbook-timer-scheduler-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function open(file?: string): Promise<SchedulerInstance> {
  const storage = await createSqlJsStorage(file === undefined ? {} : { file, logger: quiet });
  const scheduler = createTimerScheduler({ storage });
  return {
    scheduler,
    async dispose() {
      await scheduler.stop();
      // Closing writes the file, as a process that shuts down cleanly does.
      await storage.close();
    },
  };
}

runSchedulerConformance({ name: 'timer scheduler on sql.js (memory)', create: () => open() });

let files = 0;
runSchedulerConformance({
  name: 'timer scheduler on sql.js (file)',
  create: async () => {
    const file = join(directory, `jobs-${++files}.sqlite`);
    return { ...(await open(file)), reopen: () => open(file) };
  },
  skip: [
    {
      test: 'durability > two instances started on the same store fire each due job exactly once between them',
      reason: 'sql.js holds the database in one process; two instances of one file are two stores',
    },
  ],
});

// The real-time driver is what database-backed adapters use; prove it on the default scheduler.
runSchedulerConformance({
  name: 'timer scheduler on sql.js (memory, real time)',
  create: () => open(),
  time: 'real',
});

const DAY = 24 * 60 * 60 * 1000;

function recorder() {
  const fired: Array<{ key: string; at: number; payload: unknown }> = [];
  const handler: JobHandler = async (job) => {
    fired.push({ key: job.key, at: Date.now(), payload: job.payload });
  };
  return { fired, handler, keys: () => fired.map((firing) => firing.key) };
}

function job(key: string, runAt: number): ScheduledJob {
  return { key, runAt, type: 'test.job', payload: { key } };
}

describe('timer scheduler extras (real timers)', () => {
  it('arms an unref()ed timer, so a pending job does not keep the process alive', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const storage = await createSqlJsStorage();
    const scheduler = createTimerScheduler({ storage });
    try {
      await scheduler.start(recorder().handler);
      await scheduler.schedule(job('far', Date.now() + DAY));
      const armed = setTimeoutSpy.mock.calls.flatMap((call, index) =>
        Number(call[1]) > DAY / 2 ? [setTimeoutSpy.mock.results[index]?.value as NodeJS.Timeout] : [],
      );
      expect(armed).toHaveLength(1);
      expect(armed[0]?.hasRef()).toBe(false);
    } finally {
      setTimeoutSpy.mockRestore();
      await scheduler.stop();
      await storage.close();
    }
  });

  it('rejects a batchSize that is not a positive integer', async () => {
    const storage = await createSqlJsStorage();
    for (const batchSize of [0, -1, 1.5, Number.NaN]) {
      expect(() => createTimerScheduler({ storage, batchSize })).toThrow(RangeError);
    }
    await storage.close();
  });
});

describe('timer scheduler extras (fake timers)', () => {
  let storage: SqlJsStorage;
  const t0 = Date.UTC(2026, 0, 5, 8);

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.setSystemTime(t0);
    storage = await createSqlJsStorage();
  });
  afterEach(async () => {
    await storage.close();
    vi.useRealTimers();
  });

  it('fires a job 40 days ahead (past the 2^31-1 ms setTimeout limit) at its time', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const scheduler = createTimerScheduler({ storage });
    const { fired, handler } = recorder();
    await scheduler.start(handler);
    const runAt = t0 + 40 * DAY;
    await scheduler.schedule(job('far', runAt));

    await vi.advanceTimersByTimeAsync(runAt - 1 - Date.now());
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([{ key: 'far', at: runAt, payload: { key: 'far' } }]);
    const delays = setTimeoutSpy.mock.calls.map((call) => Number(call[1]));
    expect(Math.max(...delays)).toBeLessThanOrEqual(2 ** 31 - 1);
    setTimeoutSpy.mockRestore();
    await scheduler.stop();
  });

  it('runs at most batchSize jobs per wake-up and fires the rest next, in runAt order', async () => {
    const scheduler = createTimerScheduler({ storage, batchSize: 2 });
    const { handler, keys } = recorder();
    for (const offset of [5, 1, 4, 2, 3]) await scheduler.schedule(job(`late-${offset}`, t0 - offset * 1000));
    await scheduler.start(handler);
    expect(keys()).toEqual(['late-5', 'late-4']);
    await vi.advanceTimersByTimeAsync(10);
    expect(keys()).toEqual(['late-5', 'late-4', 'late-3', 'late-2', 'late-1']);
    await scheduler.stop();
  });

  it('stores jobs through the storage port, with the time they were scheduled', async () => {
    const scheduler = createTimerScheduler({ storage });
    await scheduler.schedule({ key: 'k', runAt: t0 + 1000, type: 'test.job', payload: { a: 1 } });
    expect(await storage.transaction((tx) => tx.jobs.get('k'))).toEqual({
      key: 'k',
      runAt: t0 + 1000,
      type: 'test.job',
      payload: { a: 1 },
      createdAt: new Date(t0).toISOString(),
    });
  });

  it('rejects a runAt that is not a finite number and stores nothing', async () => {
    const scheduler = createTimerScheduler({ storage });
    for (const runAt of [Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(scheduler.schedule(job('bad', runAt))).rejects.toThrow(RangeError);
    }
    expect(await storage.transaction((tx) => tx.jobs.nextRunAt())).toBeNull();
  });

  it('logs a failing handler with the job key and type', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const scheduler = createTimerScheduler({ storage, logger });
    await scheduler.schedule(job('boom', t0));
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

  it('keeps a running job stored, so a scheduler that died mid-run leaves it to the next, and JobRun.finish commits once', async () => {
    // The first scheduler's handler never returns, as in a process killed while it ran.
    const dead = createTimerScheduler({ storage });
    const results: Array<[string, boolean]> = [];
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    await dead.schedule(job('timer', t0 + 1000));
    let started = false;
    await dead.start(async (_job, run) => {
      started = true;
      await resumed;
      results.push(['dead', await storage.transaction((tx) => run!.finish(tx.jobs))]);
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(true);
    expect(await storage.transaction((tx) => tx.jobs.get('timer'))).not.toBeNull();

    // The next process on the same store runs the job: it is due and still stored.
    const next = createTimerScheduler({ storage });
    await next.start(async (_job, run) => {
      results.push(['next', await storage.transaction((tx) => run!.finish(tx.jobs))]);
    });
    expect(results).toEqual([['next', true]]);
    expect(await storage.transaction((tx) => tx.jobs.get('timer'))).toBeNull();

    // Had the first one only been slow, its late finish writes nothing.
    resume();
    await vi.advanceTimersByTimeAsync(10);
    expect(results).toEqual([
      ['next', true],
      ['dead', false],
    ]);
    await Promise.all([dead.stop(), next.stop()]);
  });

  it('deletes a job once it ran, whether or not its handler finished it or threw', async () => {
    const scheduler = createTimerScheduler({ storage, logger: quiet });
    for (const key of ['finishes', 'returns', 'throws']) await scheduler.schedule(job(key, t0));
    const handled: string[] = [];
    await scheduler.start(async (fired, run) => {
      handled.push(fired.key);
      if (fired.key === 'finishes') await storage.transaction((tx) => run!.finish(tx.jobs));
      if (fired.key === 'throws') throw new Error('boom');
    });
    expect(handled.sort()).toEqual(['finishes', 'returns', 'throws']);
    expect(await storage.transaction((tx) => tx.jobs.listDue(t0 + DAY, 10))).toEqual([]);
    await vi.advanceTimersByTimeAsync(DAY);
    expect(handled).toHaveLength(3);
    await scheduler.stop();
  });

  it('keeps a job its handler stores again after finishing it, even when it looks the same', async () => {
    const scheduler = createTimerScheduler({ storage, logger: quiet });
    await scheduler.schedule(job('again', t0));
    let runs = 0;
    await scheduler.start(async (fired, run) => {
      runs += 1;
      await storage.transaction((tx) => run!.finish(tx.jobs));
      // The follow-up of the first run: the same key, time, type and payload, in the same millisecond.
      if (runs === 1) await scheduler.schedule(job('again', t0));
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(2);
    expect(await storage.transaction((tx) => tx.jobs.get('again'))).toBeNull();
    await scheduler.stop();
  });
});
