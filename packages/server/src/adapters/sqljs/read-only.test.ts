import { describe, expect, it } from 'vitest';
import { StorageError } from '../../ports/storage';
import { createSqlJsStorage } from './index';

const org = { id: 'org-ro', name: 'Read only', resourcePlanner: true, createdAt: '2026-01-01T00:00:00.000Z' };

describe('sql.js read-only transactions', () => {
  it('read committed data without BEGIN/COMMIT and refuse writes, which leave nothing behind', async () => {
    const storage = await createSqlJsStorage();
    await storage.transaction((tx) => tx.organizations.create(org));
    const before = storage.statementCount();
    expect(await storage.transaction((tx) => tx.organizations.get(org.id), { readOnly: true })).toEqual(org);
    expect(storage.statementCount() - before).toBe(1);
    const write = storage.transaction((tx) => tx.organizations.create({ ...org, id: 'org-2' }), {
      readOnly: true,
    });
    await expect(write).rejects.toThrow(StorageError);
    await expect(write).rejects.toThrow('read-only transaction cannot write');
    expect(await storage.transaction((tx) => tx.organizations.get('org-2'))).toBeNull();
    await storage.close();
  });
});
