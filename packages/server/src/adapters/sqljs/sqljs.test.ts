import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageError } from '../../ports/storage';
import { runStorageConformance } from '../../testing/storage-conformance';
import { createSqlJsStorage } from './index';
import { copyAsCrashed, dumpTables } from '../../../test/support/table-dump';

const quiet = { warn: () => undefined, error: () => undefined };
const directory = mkdtempSync(join(tmpdir(), 'leadbook-sqljs-conformance-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let files = 0;

runStorageConformance({ name: 'sql.js (memory)', create: () => createSqlJsStorage() });

// On a file, every test's database is also replayed from its snapshot and log when the test closes
// it, and must equal the live one row for row.
runStorageConformance({
  name: 'sql.js (file, replay checked)',
  create: async () => {
    const file = join(directory, `db-${++files}.sqlite`);
    const storage = await createSqlJsStorage({ file, logger: quiet });
    let closing: Promise<void> | undefined;
    const checkAndClose = async () => {
      const live = await dumpTables(storage.exportBytes());
      copyAsCrashed(file, `${file}.crash`);
      const replayed = await createSqlJsStorage({ file: `${file}.crash`, logger: quiet });
      const recovered = await dumpTables(replayed.exportBytes());
      await replayed.close();
      await storage.close();
      expect(recovered).toEqual(live);
    };
    return {
      name: storage.name,
      transaction: (fn, options) => storage.transaction(fn, options),
      schemaStatus: () => storage.schemaStatus(),
      close: () => (closing ??= checkAndClose()),
    };
  },
});

describe('sql.js adapter extras', () => {
  it('names itself sqljs', async () => {
    const storage = await createSqlJsStorage();
    expect(storage.name).toBe('sqljs');
    await storage.close();
  });

  it('exportBytes returns a SQLite image that holds the stored values', async () => {
    const storage = await createSqlJsStorage();
    const digest = 'ab'.repeat(32);
    await storage.transaction((tx) =>
      tx.apiTokens.create({
        id: '2b0b8a9e-5c7e-4a5e-9a53-3f5f6b2a1c11',
        organizationId: 'org_1',
        name: 'CRM',
        digest,
        scopes: ['read'],
        createdAt: '2026-01-05T08:00:00.000Z',
        revokedAt: null,
      }),
    );
    const text = Buffer.from(storage.exportBytes()).toString('latin1');
    expect(text.startsWith('SQLite format 3\u0000')).toBe(true);
    expect(text).toContain(digest);
    await storage.close();
  });

  it('exportBytes refuses while a transaction runs and after close', async () => {
    const storage = await createSqlJsStorage();
    await storage.transaction(async () => {
      expect(() => storage.exportBytes()).toThrow(StorageError);
    });
    await storage.close();
    expect(() => storage.exportBytes()).toThrow(/closed/);
  });

  it('a finished transaction names the mistake', async () => {
    const storage = await createSqlJsStorage();
    const leaked = await storage.transaction(async (tx) => tx);
    await expect(leaked.jobs.nextRunAt()).rejects.toThrow(/transaction has already finished/);
    await storage.close();
  });

  it('wraps SQLite failures in StorageError with the cause', async () => {
    const storage = await createSqlJsStorage();
    const job = { key: 'k', runAt: 1, type: 't', payload: null, createdAt: '2026-01-05T08:00:00.000Z' };
    await storage.transaction((tx) => tx.jobs.upsert(job));
    const error = await storage
      .transaction((tx) => tx.idempotency.deleteOlderThan('not a time'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    const duplicate = await storage
      .transaction((tx) =>
        tx.organizations
          .create({ id: 'o', name: 'O', resourcePlanner: false, createdAt: job.createdAt })
          .then(() =>
            tx.organizations.create({ id: 'o', name: 'O', resourcePlanner: false, createdAt: job.createdAt }),
          ),
      )
      .catch((caught: unknown) => caught);
    expect(duplicate).toBeInstanceOf(StorageError);
    expect((duplicate as StorageError).message).toMatch(/UNIQUE constraint failed/);
    expect((duplicate as StorageError).cause).toBeInstanceOf(Error);
    await storage.close();
  });

  it('transactions after close reject with a clear error', async () => {
    const storage = await createSqlJsStorage();
    await storage.close();
    await expect(storage.transaction(async () => 1)).rejects.toThrow(/closed/);
  });
});
