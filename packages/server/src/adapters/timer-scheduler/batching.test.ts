import { afterEach, describe, expect, it } from 'vitest';
import type { StorageAdapter } from '../../ports/storage';
import { createSqlJsStorage, type SqlJsStorage } from '../sqljs';
import { createTimerScheduler } from './index';

describe('timer scheduler writes', () => {
  let storage: SqlJsStorage;
  afterEach(() => storage.close());

  // Counts write transactions, passing everything through.
  const counting = (inner: StorageAdapter) => {
    const counter = { writes: 0 };
    const adapter: StorageAdapter = {
      ...inner,
      transaction: (fn, options) => {
        if (!options?.readOnly) counter.writes++;
        return inner.transaction(fn, options);
      },
    };
    return { adapter, counter };
  };

  it('stores jobs scheduled in the same tick in one transaction, the later of one key winning', async () => {
    storage = await createSqlJsStorage();
    const { adapter, counter } = counting(storage);
    const scheduler = createTimerScheduler({ storage: adapter });
    const future = Date.now() + 3_600_000;
    await Promise.all([
      scheduler.schedule({ key: 'a', runAt: future, type: 't', payload: { n: 1 } }),
      scheduler.schedule({ key: 'b', runAt: future + 1, type: 't', payload: { n: 2 } }),
      scheduler.schedule({ key: 'a', runAt: future + 2, type: 't', payload: { n: 3 } }),
    ]);
    expect(counter.writes).toBe(1);
    const [a, b] = await storage.transaction(
      async (tx) => Promise.all([tx.jobs.get('a'), tx.jobs.get('b')]),
      { readOnly: true },
    );
    expect(a).toMatchObject({ runAt: future + 2, payload: { n: 3 } });
    expect(b).toMatchObject({ runAt: future + 1, payload: { n: 2 } });
    await scheduler.schedule({ key: 'c', runAt: future, type: 't', payload: {} });
    expect(counter.writes).toBe(2);
    await scheduler.stop();
  });

  it('rejects every schedule of a batch whose write fails, and stores none of them', async () => {
    storage = await createSqlJsStorage();
    const failing: StorageAdapter = {
      ...storage,
      transaction: (fn, options) =>
        options?.readOnly
          ? storage.transaction(fn, options)
          : storage.transaction(async (tx) => {
              await fn(tx);
              throw new Error('disk full');
            }, options),
    };
    const scheduler = createTimerScheduler({ storage: failing });
    const future = Date.now() + 3_600_000;
    const results = await Promise.allSettled([
      scheduler.schedule({ key: 'x', runAt: future, type: 't', payload: {} }),
      scheduler.schedule({ key: 'y', runAt: future, type: 't', payload: {} }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await storage.transaction((tx) => tx.jobs.get('x'))).toBeNull();
    await scheduler.stop();
  });
});
