/**
 * The generic create/get/list/update/delete tests, run for every organization-scoped repository.
 *
 * @module
 */
import { expect } from 'vitest';
import type { Repositories, ScopedRepository } from '../../ports/storage';
import type { ConformanceHarness } from './harness';
import { StorageError } from '../../ports/storage';
import * as make from './fixtures';
import { inTx } from './harness';

/** One scoped repository under test. */
export interface ScopedCase<T extends { id: string; organizationId: string }, F extends object> {
  /** The repository's property name in `Repositories`; also the group name. */
  name: keyof Repositories;
  repo: (tx: Repositories) => ScopedRepository<T, F>;
  build: (organizationId: string, overrides?: Partial<T>) => T;
  /** The contract schema a stored record must still parse against. */
  schema: { parse(value: unknown): unknown };
  /** A changed copy, for update. */
  change: (record: T) => T;
  /** The filter fields of `list`; each is also a field of the record. */
  filters?: ReadonlyArray<keyof F & keyof T & string>;
}

/** Registers the generic tests of one scoped repository. */
export function scopedSuite<T extends { id: string; organizationId: string }, F extends object>(
  harness: ConformanceHarness,
  c: ScopedCase<T, F>,
): void {
  const { repo, build } = c;
  harness.group(c.name, (test) => {
    test('create then get returns the stored record', async (storage) => {
      const org = make.orgId();
      const record = build(org);
      await inTx(storage, (tx) => repo(tx).create(record));
      const stored = await inTx(storage, (tx) => repo(tx).get(org, record.id));
      expect(stored).toEqual(record);
      expect(() => c.schema.parse(stored)).not.toThrow();
    });

    test('get of an unknown id returns null', async (storage) => {
      expect(await inTx(storage, (tx) => repo(tx).get(make.orgId(), make.id()))).toBeNull();
    });

    test('another organization can neither get nor list the record', async (storage) => {
      const [org, other] = [make.orgId(), make.orgId()];
      const record = build(org);
      await inTx(storage, (tx) => repo(tx).create(record));
      await inTx(storage, async (tx) => {
        expect(await repo(tx).get(other, record.id)).toBeNull();
        expect(await repo(tx).list(other)).toEqual([]);
      });
    });

    test('another organization can neither update nor delete the record', async (storage) => {
      const [org, other] = [make.orgId(), make.orgId()];
      const record = build(org);
      await inTx(storage, (tx) => repo(tx).create(record));
      await inTx(storage, async (tx) => {
        expect(await repo(tx).update({ ...c.change(record), organizationId: other })).toBe(false);
        expect(await repo(tx).delete(other, record.id)).toBe(false);
        expect(await repo(tx).get(org, record.id)).toEqual(record);
      });
    });

    test('list returns records in creation order', async (storage) => {
      const org = make.orgId();
      // Ids descending, so an adapter ordering by id instead of creation fails.
      const ids = Array.from({ length: 4 }, make.id).sort().reverse();
      const records = ids.map((recordId) => build(org, { id: recordId } as Partial<T>));
      await inTx(storage, async (tx) => {
        for (const record of records) await repo(tx).create(record);
      });
      expect(await inTx(storage, (tx) => repo(tx).list(org))).toEqual(records);
    });

    test('update replaces the record and keeps its list position', async (storage) => {
      const org = make.orgId();
      const [first, second] = [build(org), build(org)];
      const changed = c.change(first);
      await inTx(storage, async (tx) => {
        await repo(tx).create(first);
        await repo(tx).create(second);
      });
      expect(await inTx(storage, (tx) => repo(tx).update(changed))).toBe(true);
      await inTx(storage, async (tx) => {
        expect(await repo(tx).get(org, first.id)).toEqual(changed);
        expect(await repo(tx).list(org)).toEqual([changed, second]);
      });
    });

    test('update of an unknown record returns false and stores nothing', async (storage) => {
      const org = make.orgId();
      expect(await inTx(storage, (tx) => repo(tx).update(build(org)))).toBe(false);
      expect(await inTx(storage, (tx) => repo(tx).list(org))).toEqual([]);
    });

    test('delete removes the record and returns true, then false', async (storage) => {
      const org = make.orgId();
      const [gone, kept] = [build(org), build(org)];
      await inTx(storage, async (tx) => {
        await repo(tx).create(gone);
        await repo(tx).create(kept);
      });
      expect(await inTx(storage, (tx) => repo(tx).delete(org, gone.id))).toBe(true);
      await inTx(storage, async (tx) => {
        expect(await repo(tx).get(org, gone.id)).toBeNull();
        expect(await repo(tx).list(org)).toEqual([kept]);
        expect(await repo(tx).delete(org, gone.id)).toBe(false);
      });
    });

    test('creating an existing id rejects with StorageError', async (storage) => {
      const org = make.orgId();
      const record = build(org);
      await inTx(storage, (tx) => repo(tx).create(record));
      await expect(inTx(storage, (tx) => repo(tx).create(c.change(record)))).rejects.toBeInstanceOf(
        StorageError,
      );
      expect(await inTx(storage, (tx) => repo(tx).get(org, record.id))).toEqual(record);
    });

    const filters = c.filters ?? [];
    for (const field of filters) {
      test(`list filters by ${field}`, async (storage) => {
        const org = make.orgId();
        const [wanted, unwanted] = [make.id(), make.id()];
        const records = [wanted, unwanted, wanted].map((value) =>
          build(org, { [field]: value } as Partial<T>),
        );
        await inTx(storage, async (tx) => {
          for (const record of records) await repo(tx).create(record);
        });
        const filter = { [field]: wanted } as F;
        await inTx(storage, async (tx) => {
          expect(await repo(tx).list(org, filter)).toEqual([records[0], records[2]]);
          expect(await repo(tx).list(org, { [field]: make.id() } as F)).toEqual([]);
          expect(await repo(tx).list(make.orgId(), filter)).toEqual([]);
        });
      });

      test(`update moves the record to its new ${field}`, async (storage) => {
        const org = make.orgId();
        const [before, after] = [make.id(), make.id()];
        const record = build(org, { [field]: before } as Partial<T>);
        const moved = { ...c.change(record), [field]: after };
        await inTx(storage, (tx) => repo(tx).create(record));
        await inTx(storage, (tx) => repo(tx).update(moved));
        await inTx(storage, async (tx) => {
          expect(await repo(tx).list(org, { [field]: after } as F)).toEqual([moved]);
          expect(await repo(tx).list(org, { [field]: before } as F)).toEqual([]);
        });
      });
    }

    if (filters.length > 0) {
      test('list without a filter or with an empty one returns every record', async (storage) => {
        const org = make.orgId();
        const records = [build(org), build(org)];
        await inTx(storage, async (tx) => {
          for (const record of records) await repo(tx).create(record);
        });
        await inTx(storage, async (tx) => {
          expect(await repo(tx).list(org)).toEqual(records);
          expect(await repo(tx).list(org, {} as F)).toEqual(records);
        });
      });
    }

    const [a, b] = filters;
    if (a !== undefined && b !== undefined) {
      test('list applies every given filter together', async (storage) => {
        const org = make.orgId();
        const [a1, a2, b1, b2] = [make.id(), make.id(), make.id(), make.id()];
        const pairs: Array<[string, string]> = [
          [a1, b1],
          [a1, b2],
          [a2, b1],
        ];
        const records = pairs.map(([va, vb]) => build(org, { [a]: va, [b]: vb } as Partial<T>));
        await inTx(storage, async (tx) => {
          for (const record of records) await repo(tx).create(record);
        });
        expect(await inTx(storage, (tx) => repo(tx).list(org, { [a]: a1, [b]: b1 } as F))).toEqual([
          records[0],
        ]);
      });
    }
  });
}
