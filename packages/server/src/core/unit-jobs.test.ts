import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSqlJsStorage, type SqlJsStorage } from '../adapters/sqljs';
import { createTimerScheduler } from '../adapters/timer-scheduler';
import type { ScheduledJob, Scheduler } from '../ports/scheduler';
import type { StorageAdapter } from '../ports/storage';
import type { Logger } from '../ports/logger';
import { createServiceContext } from '../compose';
import { runUnit } from './unit-of-work';
import { DAY_MS, NOW, testClock } from '../../../../test-support/time';

const FUTURE = NOW + DAY_MS;
const job = (key: string, runAt = FUTURE): ScheduledJob => ({ key, runAt, type: 't', payload: { key } });

/** A scheduler that keeps no jobs in storage and records what it is asked, and when. */
function recordingScheduler(failing = false) {
  const calls: string[] = [];
  const scheduler: Scheduler = {
    async schedule(j) {
      calls.push(`schedule ${j.key}`);
      if (failing) throw new Error('scheduler down');
    },
    async cancel(key) {
      calls.push(`cancel ${key}`);
      return true;
    },
    async start() {},
    async stop() {},
  };
  return { scheduler, calls };
}

const logger = (): Logger & { errors: string[] } => {
  const errors: string[] = [];
  return { debug() {}, info() {}, warn() {}, error: (message) => void errors.push(message), errors };
};

describe('jobs scheduled in a unit', () => {
  let storage: SqlJsStorage;
  afterEach(() => storage.close());
  const stored = (key: string) => storage.transaction((tx) => tx.jobs.get(key), { readOnly: true });

  it('are stored in the unit transaction with the default scheduler, and roll back with it', async () => {
    storage = await createSqlJsStorage();
    const ctx = await createServiceContext({ clock: testClock(), storage });
    await runUnit(ctx, async (_tx, _emit, jobs) => {
      await jobs.schedule(job('kept'));
    });
    expect(await stored('kept')).toMatchObject({ key: 'kept', runAt: FUTURE, payload: { key: 'kept' } });
    await expect(
      runUnit(ctx, async (_tx, _emit, jobs) => {
        await jobs.schedule(job('lost'));
        await jobs.cancel('kept');
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await stored('lost')).toBeNull();
    expect(await stored('kept')).not.toBeNull();
    await runUnit(ctx, (_tx, _emit, jobs) => jobs.cancel('kept'));
    expect(await stored('kept')).toBeNull();
  });

  it('are kept when every write after the commit fails (nothing is left to do after it)', async () => {
    storage = await createSqlJsStorage();
    let down = false;
    // The same adapter for the service and its scheduler, failing every transaction once `down`.
    const flaky: StorageAdapter = {
      ...storage,
      transaction: (fn, options) =>
        down ? Promise.reject(new Error('storage down')) : storage.transaction(fn, options),
    };
    const ctx = await createServiceContext({ clock: testClock(), storage: flaky, logger: logger() });
    await runUnit(ctx, async (_tx, _emit, jobs) => {
      await jobs.schedule(job('a'));
      await jobs.schedule(job('b', FUTURE + 1));
      down = true;
    });
    expect(await stored('a')).not.toBeNull();
    expect(await stored('b')).not.toBeNull();
    await ctx.scheduler.stop();
  });

  it('tell the scheduler the earliest stored time once the unit committed', async () => {
    storage = await createSqlJsStorage();
    const scheduler = createTimerScheduler({ storage });
    const spy = vi.spyOn(scheduler.jobStore!, 'stored');
    const ctx = await createServiceContext({ clock: testClock(), storage, scheduler });
    await runUnit(ctx, async (_tx, _emit, jobs) => {
      await jobs.schedule(job('late', FUTURE + 5));
      await jobs.schedule(job('early', FUTURE));
      expect(spy).not.toHaveBeenCalled();
    });
    expect(spy.mock.calls).toEqual([[FUTURE]]);
    await runUnit(ctx, (_tx, _emit, jobs) => jobs.cancel('late'));
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('go through the scheduler after the commit when it keeps its jobs elsewhere', async () => {
    storage = await createSqlJsStorage();
    const { scheduler, calls } = recordingScheduler();
    const ctx = await createServiceContext({ clock: testClock(), storage, scheduler });
    await runUnit(ctx, async (_tx, _emit, jobs) => {
      await jobs.schedule(job('x'));
      await jobs.cancel('y');
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['schedule x', 'cancel y']);
    expect(await stored('x')).toBeNull();
    await expect(
      runUnit(ctx, async (_tx, _emit, jobs) => {
        await jobs.schedule(job('z'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(calls).toHaveLength(2);
  });

  it('a scheduler with a job store on another storage is used after the commit too', async () => {
    storage = await createSqlJsStorage();
    const other = await createSqlJsStorage();
    const ctx = await createServiceContext({
      clock: testClock(),
      storage,
      scheduler: createTimerScheduler({ storage: other }),
    });
    await runUnit(ctx, (_tx, _emit, jobs) => jobs.schedule(job('elsewhere')));
    expect(await stored('elsewhere')).toBeNull();
    expect(await other.transaction((tx) => tx.jobs.get('elsewhere'))).not.toBeNull();
    await other.close();
  });

  it('a scheduler failure after the commit is logged, and the unit still succeeds', async () => {
    storage = await createSqlJsStorage();
    const log = logger();
    const { scheduler } = recordingScheduler(true);
    const ctx = await createServiceContext({ clock: testClock(), storage, scheduler, logger: log });
    await expect(
      runUnit(ctx, (_tx, _emit, jobs) => jobs.schedule(job('x')).then(() => 'done')),
    ).resolves.toBe('done');
    expect(log.errors).toEqual(['could not schedule a job']);
  });

  it('refuse a time that is not finite', async () => {
    storage = await createSqlJsStorage();
    const ctx = await createServiceContext({ clock: testClock(), storage });
    await expect(runUnit(ctx, (_tx, _emit, jobs) => jobs.schedule(job('nan', Number.NaN)))).rejects.toThrow(
      RangeError,
    );
  });
});
