import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../core/manual-clock';
import { createBusyCache, MAX_CACHED_RANGES } from './busy-cache';

const busy = [{ startMs: 10, endMs: 20 }];

describe('the busy-time cache', () => {
  it('shares one read between concurrent callers of a key, and keeps it for the TTL on the clock', async () => {
    const clock = createManualClock(0);
    const cache = createBusyCache({ ttlMs: 1000, clock });
    let reads = 0;
    const read = async () => {
      reads++;
      return busy;
    };
    expect(await Promise.all([cache.through('a', read), cache.through('a', read)])).toEqual([busy, busy]);
    expect(reads).toBe(1);
    clock.advance(999);
    await cache.through('a', read);
    expect(reads).toBe(1);
    clock.advance(1);
    await cache.through('a', read);
    expect(reads).toBe(2);
    await cache.through('b', read);
    expect(reads).toBe(3);
  });

  it('never keeps a failed read, and with a TTL of 0 keeps nothing', async () => {
    const clock = createManualClock(0);
    const cache = createBusyCache({ ttlMs: 1000, clock });
    await expect(cache.through('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.through('a', async () => busy)).toEqual(busy);
    const none = createBusyCache({ ttlMs: 0, clock });
    let reads = 0;
    const read = async () => (reads++, busy);
    await none.through('a', read);
    await none.through('a', read);
    expect(reads).toBe(2);
  });

  it(`holds at most ${MAX_CACHED_RANGES} ranges, dropping the oldest first`, async () => {
    const cache = createBusyCache({ ttlMs: 1000, clock: createManualClock(0) });
    for (let i = 0; i <= MAX_CACHED_RANGES; i++) await cache.through(`k${i}`, async () => busy);
    let reread = false;
    await cache.through('k0', async () => ((reread = true), busy));
    expect(reread).toBe(true);
    let kept = true;
    await cache.through(`k${MAX_CACHED_RANGES}`, async () => ((kept = false), busy));
    expect(kept).toBe(true);
  });
});
