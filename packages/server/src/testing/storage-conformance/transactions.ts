/**
 * Conformance tests of `transaction(fn)`: results, atomicity, serialisation and lifecycle.
 *
 * @module
 */
import { expect } from 'vitest';
import type { Repositories } from '../../ports/storage';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { inTx } from './harness';

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

/** Registers the transaction tests. */
export function registerTransactionTests(harness: ConformanceHarness): void {
  harness.group('transaction', (test) => {
    test('returns the value fn resolves to', async (storage) => {
      expect(await storage.transaction(async () => ({ answer: 42 }))).toEqual({ answer: 42 });
    });

    test('reads inside a transaction see its own writes', async (storage) => {
      const org = make.orgId();
      const record = make.calendar(org);
      await inTx(storage, async (tx) => {
        await tx.calendars.create(record);
        expect(await tx.calendars.get(org, record.id)).toEqual(record);
      });
    });

    test('a rejecting fn rolls back every write and the rejection propagates', async (storage) => {
      const org = make.orgId();
      const [calendar, job] = [make.calendar(org), make.job('rolled-back', make.ms(1))];
      const failure = new Error('boom');
      const attempt = inTx(storage, async (tx) => {
        await tx.calendars.create(calendar);
        await pause();
        await tx.jobs.upsert(job);
        throw failure;
      });
      await expect(attempt).rejects.toBe(failure);
      await inTx(storage, async (tx) => {
        expect(await tx.calendars.get(org, calendar.id)).toBeNull();
        expect(await tx.jobs.get(job.key)).toBeNull();
      });
    });

    test('a synchronously throwing fn rejects and writes nothing', async (storage) => {
      const failure = new Error('sync boom');
      const fn = (): Promise<void> => {
        throw failure;
      };
      await expect(storage.transaction(fn)).rejects.toBe(failure);
      expect(await inTx(storage, (tx) => tx.jobs.nextRunAt())).toBeNull();
    });

    test('a failed statement rolls back the earlier writes when its error propagates', async (storage) => {
      const org = make.orgId();
      const existing = make.calendar(org);
      const fresh = make.calendar(org);
      await inTx(storage, (tx) => tx.calendars.create(existing));
      await expect(
        inTx(storage, async (tx) => {
          await tx.calendars.create(fresh);
          await tx.calendars.create({ ...existing, name: 'Duplicate' });
        }),
      ).rejects.toThrow();
      expect(await inTx(storage, (tx) => tx.calendars.list(org))).toEqual([existing]);
    });

    test('a transaction after a failed one works', async (storage) => {
      await expect(inTx(storage, () => Promise.reject(new Error('first')))).rejects.toThrow('first');
      const org = make.orgId();
      const record = make.calendar(org);
      await inTx(storage, (tx) => tx.calendars.create(record));
      expect(await inTx(storage, (tx) => tx.calendars.get(org, record.id))).toEqual(record);
    });

    test('concurrent read-then-write transactions never interleave', async (storage) => {
      const org = make.orgId();
      const increment = (tx: Repositories) =>
        (async () => {
          const count = (await tx.calendars.list(org)).length;
          await pause();
          await tx.calendars.create(make.calendar(org, { name: `#${count + 1}` }));
          return count + 1;
        })();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => storage.transaction(increment, { lockKeys: [`counter:${org}`] })),
      );
      const expected = Array.from({ length: 20 }, (_, index) => index + 1);
      expect([...results].sort((x, y) => x - y)).toEqual(expected);
      const names = (await inTx(storage, (tx) => tx.calendars.list(org))).map((record) => record.name);
      expect(names).toEqual(expected.map((n) => `#${n}`));
    });

    test('repositories of a finished transaction reject', async (storage) => {
      let leaked: Repositories | undefined;
      await storage.transaction(async (tx) => {
        leaked = tx;
      });
      const org = make.orgId();
      await expect(
        Promise.resolve().then(() => leaked?.calendars.create(make.calendar(org))),
      ).rejects.toThrow();
      expect(await inTx(storage, (tx) => tx.calendars.list(org))).toEqual([]);
    });

    test('close can be called twice', async (storage) => {
      await storage.close();
      await expect(storage.close()).resolves.toBeUndefined();
    });
  });
}
