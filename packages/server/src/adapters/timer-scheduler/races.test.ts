// Races and storage failures of the timer scheduler, driven through a storage wrapper that can
// fail job-repository calls or hold a transaction's result after it commits.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobHandler, ScheduledJob } from '../../ports/scheduler';
import type { JobRepository, StorageAdapter } from '../../ports/storage';
import type { SqlJsStorage } from '../sqljs';
import { createSqlJsStorage } from '../sqljs';
import { createTimerScheduler } from './index';

type JobMethod = keyof JobRepository;

/** Wraps `storage` so tests can fail job methods and delay what a transaction returns. */
function instrument(storage: StorageAdapter) {
  const failing = new Set<JobMethod>();
  const calls: JobMethod[] = [];
  let held: { method: JobMethod; gate: Promise<void> } | undefined;

  const adapter: StorageAdapter = {
    name: 'instrumented',
    async transaction(fn, options) {
      const used = new Set<JobMethod>();
      const guard = async <T>(method: JobMethod, run: () => Promise<T>): Promise<T> => {
        used.add(method);
        calls.push(method);
        if (failing.has(method)) throw new Error(`injected ${method} failure`);
        return run();
      };
      const result = await storage.transaction(
        (tx) =>
          fn({
            ...tx,
            jobs: {
              upsert: (record) => guard('upsert', () => tx.jobs.upsert(record)),
              delete: (key) => guard('delete', () => tx.jobs.delete(key)),
              get: (key) => guard('get', () => tx.jobs.get(key)),
              listDue: (atMs, limit) => guard('listDue', () => tx.jobs.listDue(atMs, limit)),
              nextRunAt: () => guard('nextRunAt', () => tx.jobs.nextRunAt()),
            },
          }),
        options,
      );
      // Holding after the commit stands for a slow network read: other transactions go ahead.
      if (held && used.has(held.method)) {
        const { gate } = held;
        held = undefined;
        await gate;
      }
      return result;
    },
    close: () => storage.close(),
  };
  return {
    adapter,
    failing,
    calls,
    /** Holds the result of the next transaction that calls `method` until the returned release(). */
    hold(method: JobMethod): () => void {
      let release!: () => void;
      held = { method, gate: new Promise<void>((resolve) => (release = resolve)) };
      return release;
    },
  };
}

function recorder() {
  const fired: Array<{ key: string; at: number; payload: unknown; by: string }> = [];
  const handler =
    (by = 'main', wait?: (job: ScheduledJob) => Promise<void> | undefined): JobHandler =>
    async (job) => {
      fired.push({ key: job.key, at: Date.now(), payload: job.payload, by });
      await wait?.(job);
    };
  return { fired, handler, keys: (by?: string) => fired.filter((f) => !by || f.by === by).map((f) => f.key) };
}

function job(key: string, runAt: number, payload: unknown = { key }): ScheduledJob {
  return { key, runAt, type: 'test.job', payload };
}

function spyLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

const settle = async () => {
  for (let round = 0; round < 10; round++) await vi.advanceTimersByTimeAsync(0);
};

describe('timer scheduler races and storage failures', () => {
  const t0 = Date.UTC(2026, 0, 5, 8);
  let base: SqlJsStorage;

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.setSystemTime(t0);
    base = await createSqlJsStorage();
  });
  afterEach(async () => {
    await base.close();
    vi.useRealTimers();
  });

  it('a failed read while arming is logged, does not reject schedule(), and is retried', async () => {
    const storage = instrument(base);
    const logger = spyLogger();
    const scheduler = createTimerScheduler({ storage: storage.adapter, logger });
    const { fired, handler } = recorder();
    await scheduler.start(handler());

    storage.failing.add('nextRunAt');
    await expect(scheduler.schedule(job('k', t0 + 10_000))).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith('scheduler: arming the timer failed; retrying', {
      error: 'Error: injected nextRunAt failure',
      retryInMs: 1_000,
    });
    storage.failing.delete('nextRunAt');

    await vi.advanceTimersByTimeAsync(10_000 - 1);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([{ key: 'k', at: t0 + 10_000, payload: { key: 'k' }, by: 'main' }]);
    await scheduler.stop();
  });

  it('a storage outage while firing is retried with backoff; the job then fires once', async () => {
    const storage = instrument(base);
    const logger = spyLogger();
    const scheduler = createTimerScheduler({ storage: storage.adapter, logger });
    const { fired, handler } = recorder();
    await scheduler.start(handler());
    await scheduler.schedule(job('k', t0 + 1_000));

    storage.failing.add('listDue');
    await vi.advanceTimersByTimeAsync(11_000);
    expect(fired).toEqual([]);
    // Failures at +1 s, +2 s, +4 s and +8 s; the next try is due at +16 s.
    expect(logger.error.mock.calls.map(([, meta]) => (meta as { retryInMs: number }).retryInMs)).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);

    storage.failing.delete('listDue');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fired).toEqual([{ key: 'k', at: t0 + 16_000, payload: { key: 'k' }, by: 'main' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired).toHaveLength(1);
    await scheduler.stop();
  });

  it('a failed write rejects schedule() and cancel()', async () => {
    const storage = instrument(base);
    const scheduler = createTimerScheduler({ storage: storage.adapter });
    storage.failing.add('upsert');
    storage.failing.add('delete');
    await expect(scheduler.schedule(job('k', t0))).rejects.toThrow('injected upsert failure');
    await expect(scheduler.cancel('k')).rejects.toThrow('injected delete failure');
  });

  it('a slow read of an older state does not replace the timer a newer read set', async () => {
    const storage = instrument(base);
    const scheduler = createTimerScheduler({ storage: storage.adapter });
    const { fired, handler } = recorder();
    await scheduler.start(handler());

    const release = storage.hold('nextRunAt');
    const scheduling = scheduler.schedule(job('late', t0 + 10_000));
    await settle();
    // This arm reads t0 + 5 s and sets the timer; the held one read t0 + 10 s before it.
    await scheduler.schedule(job('early', t0 + 5_000));
    release();
    await scheduling;

    await vi.advanceTimersByTimeAsync(5_000);
    expect(fired.map(({ key, at }) => ({ key, at }))).toEqual([{ key: 'early', at: t0 + 5_000 }]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fired.map(({ key, at }) => ({ key, at }))).toEqual([
      { key: 'early', at: t0 + 5_000 },
      { key: 'late', at: t0 + 10_000 },
    ]);
    await scheduler.stop();
  });

  it('schedule() and cancel() while a batch runs: the running job cannot be cancelled, the rest can', async () => {
    const scheduler = createTimerScheduler({ storage: base });
    const { fired, handler, keys } = recorder();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await scheduler.start(handler('main', (fired) => (fired.key === 'a' ? gate : undefined)));
    for (const key of ['a', 'b', 'c']) await scheduler.schedule(job(key, t0 + 1_000));
    await scheduler.schedule(job('replaced', t0 + 1_000, { version: 1 }));

    await vi.advanceTimersByTimeAsync(1_000);
    expect(keys()).toEqual(['a']);
    expect(await scheduler.cancel('a')).toBe(false);
    expect(await scheduler.cancel('b')).toBe(true);
    await scheduler.schedule(job('replaced', t0 + 1_000, { version: 2 }));
    await scheduler.schedule(job('d', t0 + 1_000));
    await scheduler.schedule(job('e', t0 + 3_000));
    release();
    await settle();

    expect(keys()).toEqual(['a', 'c', 'replaced', 'd']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(keys()).toEqual(['a', 'c', 'replaced', 'd', 'e']);
    // The batch listed `replaced` before it was replaced; it runs once, with the newest payload.
    expect(fired.find((firing) => firing.key === 'replaced')?.payload).toEqual({ version: 2 });
    await scheduler.stop();
  });

  it('an arm in flight when stop() is called sets no timer, and stop() waits for it', async () => {
    const storage = instrument(base);
    const scheduler = createTimerScheduler({ storage: storage.adapter });
    const { handler, keys } = recorder();
    await scheduler.start(handler());

    const release = storage.hold('nextRunAt');
    const scheduling = scheduler.schedule(job('k', t0 + 1_000));
    await settle();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    release();
    await stopping;
    await scheduling;

    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(keys()).toEqual([]);
    await scheduler.start(handler());
    expect(keys()).toEqual(['k']);
    await scheduler.stop();
  });

  it('start() right after an unawaited stop() hands the rest of the batch to the new handler', async () => {
    const scheduler = createTimerScheduler({ storage: base });
    const { handler, keys } = recorder();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const key of ['a', 'b', 'c']) await scheduler.schedule(job(key, t0 + 1_000));
    await scheduler.start(handler('old', (fired) => (fired.key === 'a' ? gate : undefined)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(keys()).toEqual(['a']);

    const stopping = scheduler.stop();
    const starting = scheduler.start(handler('new'));
    release();
    await Promise.all([stopping, starting]);
    await settle();
    expect(keys('old')).toEqual(['a']);
    expect(keys('new')).toEqual(['b', 'c']);
    await scheduler.stop();
  });

  it('a logger that throws does not break firing', async () => {
    const logger = {
      ...spyLogger(),
      error: vi.fn(() => {
        throw new Error('logger down');
      }),
    };
    const scheduler = createTimerScheduler({ storage: base, logger });
    const { keys, handler } = recorder();
    await scheduler.schedule(job('boom', t0 + 1_000));
    await scheduler.schedule(job('next', t0 + 2_000));
    await scheduler.start(async (fired) => {
      if (fired.key === 'boom') throw new Error('handler failed');
      await handler()(fired);
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(logger.error).toHaveBeenCalledOnce();
    expect(keys()).toEqual(['next']);
    await scheduler.stop();
  });
});
