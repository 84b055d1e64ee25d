import { afterEach, describe, expect, it } from 'vitest';
import type { ApiTokenRecord } from '../../ports/records';
import { createSqlJsStorage, type SqlJsStorage } from './index';

const token = (digest: string): ApiTokenRecord => ({
  id: `tok_${digest}`,
  organizationId: 'org_1',
  name: 'test',
  digest,
  scopes: ['read'],
  createdAt: '2026-01-01T00:00:00.000Z',
  revokedAt: null,
});

const find = (storage: SqlJsStorage, digest: string) =>
  storage.transaction((tx) => tx.apiTokens.findByDigest(digest), { readOnly: true });

describe('sql.js token lookups across transactions', () => {
  let storage: SqlJsStorage;
  afterEach(() => storage.close());

  it('a revocation is seen by the next lookup of a token looked up before', async () => {
    storage = await createSqlJsStorage();
    await storage.transaction((tx) => tx.apiTokens.create(token('aa')));
    expect((await find(storage, 'aa'))?.revokedAt).toBeNull();
    await storage.transaction((tx) => tx.apiTokens.revoke('org_1', 'tok_aa', '2026-02-01T00:00:00.000Z'));
    expect((await find(storage, 'aa'))?.revokedAt).toBe('2026-02-01T00:00:00.000Z');
  });

  it('a token of a rolled-back transaction is never found, even after it was read inside it', async () => {
    storage = await createSqlJsStorage();
    await expect(
      storage.transaction(async (tx) => {
        await tx.apiTokens.create(token('bb'));
        expect(await tx.apiTokens.findByDigest('bb')).not.toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await find(storage, 'bb')).toBeNull();
  });

  it('a revocation that rolls back leaves the token usable', async () => {
    storage = await createSqlJsStorage();
    await storage.transaction((tx) => tx.apiTokens.create(token('cc')));
    await find(storage, 'cc');
    await expect(
      storage.transaction(async (tx) => {
        await tx.apiTokens.revoke('org_1', 'tok_cc', '2026-02-01T00:00:00.000Z');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await find(storage, 'cc'))?.revokedAt).toBeNull();
  });

  it('hands out records callers cannot change for the next caller', async () => {
    storage = await createSqlJsStorage();
    await storage.transaction((tx) => tx.apiTokens.create(token('dd')));
    const first = (await find(storage, 'dd'))!;
    const second = (await find(storage, 'dd'))!;
    expect(() => first.scopes.push('admin')).toThrow(TypeError);
    expect(second.scopes).toEqual(['read']);
  });
});
