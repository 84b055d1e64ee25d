/**
 * Conformance tests of organizations and API tokens.
 *
 * @module
 */
import { expect } from 'vitest';
import type { ConformanceHarness } from './harness';
import { StorageError } from '../../ports/storage';
import * as make from './fixtures';
import { inTx } from './harness';

/** Registers the organization and API token tests. */
export function registerTenantTests(harness: ConformanceHarness): void {
  harness.group('organizations', (test) => {
    test('create then get returns the stored record', async (storage) => {
      const org = make.organization({ resourcePlanner: false });
      await inTx(storage, (tx) => tx.organizations.create(org));
      expect(await inTx(storage, (tx) => tx.organizations.get(org.id))).toEqual(org);
    });

    test('get of an unknown id returns null', async (storage) => {
      expect(await inTx(storage, (tx) => tx.organizations.get(make.orgId()))).toBeNull();
    });

    test('creating an existing id rejects with StorageError', async (storage) => {
      const org = make.organization();
      await inTx(storage, (tx) => tx.organizations.create(org));
      await expect(
        inTx(storage, (tx) => tx.organizations.create({ ...org, name: 'Copy' })),
      ).rejects.toBeInstanceOf(StorageError);
      expect(await inTx(storage, (tx) => tx.organizations.get(org.id))).toEqual(org);
    });
  });

  harness.group('apiTokens', (test) => {
    test('create then get, list and findByDigest return the stored record', async (storage) => {
      const org = make.orgId();
      const token = make.apiToken(org, { scopes: ['admin'] });
      await inTx(storage, (tx) => tx.apiTokens.create(token));
      await inTx(storage, async (tx) => {
        expect(await tx.apiTokens.get(org, token.id)).toEqual(token);
        expect(await tx.apiTokens.list(org)).toEqual([token]);
        expect(await tx.apiTokens.findByDigest(token.digest)).toEqual(token);
      });
    });

    test('unknown ids and digests return null', async (storage) => {
      await inTx(storage, async (tx) => {
        expect(await tx.apiTokens.get(make.orgId(), make.id())).toBeNull();
        expect(await tx.apiTokens.findByDigest('0'.repeat(64))).toBeNull();
      });
    });

    test('findByDigest matches the exact digest only', async (storage) => {
      const token = make.apiToken(make.orgId());
      await inTx(storage, (tx) => tx.apiTokens.create(token));
      await inTx(storage, async (tx) => {
        expect(await tx.apiTokens.findByDigest(token.digest.toUpperCase())).toBeNull();
        expect(await tx.apiTokens.findByDigest(token.digest.slice(0, 32))).toBeNull();
      });
    });

    test('list returns the organization tokens in creation order', async (storage) => {
      const [org, other] = [make.orgId(), make.orgId()];
      const ids = Array.from({ length: 3 }, make.id).sort().reverse();
      const tokens = ids.map((id) => make.apiToken(org, { id }));
      await inTx(storage, async (tx) => {
        await tx.apiTokens.create(make.apiToken(other));
        for (const token of tokens) await tx.apiTokens.create(token);
      });
      expect(await inTx(storage, (tx) => tx.apiTokens.list(org))).toEqual(tokens);
    });

    test('another organization can neither get, list nor revoke the token', async (storage) => {
      const [org, other] = [make.orgId(), make.orgId()];
      const token = make.apiToken(org);
      await inTx(storage, (tx) => tx.apiTokens.create(token));
      await inTx(storage, async (tx) => {
        expect(await tx.apiTokens.get(other, token.id)).toBeNull();
        expect(await tx.apiTokens.list(other)).toEqual([]);
        expect(await tx.apiTokens.revoke(other, token.id, make.later())).toBe(false);
        expect(await tx.apiTokens.get(org, token.id)).toEqual(token);
      });
    });

    test('revoke sets revokedAt and keeps the token findable', async (storage) => {
      const org = make.orgId();
      const token = make.apiToken(org);
      const revokedAt = make.later();
      await inTx(storage, (tx) => tx.apiTokens.create(token));
      expect(await inTx(storage, (tx) => tx.apiTokens.revoke(org, token.id, revokedAt))).toBe(true);
      await inTx(storage, async (tx) => {
        expect(await tx.apiTokens.get(org, token.id)).toEqual({ ...token, revokedAt });
        expect(await tx.apiTokens.findByDigest(token.digest)).toEqual({ ...token, revokedAt });
      });
    });

    test('revoke of an unknown token returns false', async (storage) => {
      expect(await inTx(storage, (tx) => tx.apiTokens.revoke(make.orgId(), make.id(), make.later()))).toBe(
        false,
      );
    });

    test('creating an existing id rejects with StorageError', async (storage) => {
      const org = make.orgId();
      const token = make.apiToken(org);
      await inTx(storage, (tx) => tx.apiTokens.create(token));
      await expect(
        inTx(storage, (tx) => tx.apiTokens.create(make.apiToken(org, { id: token.id }))),
      ).rejects.toBeInstanceOf(StorageError);
    });
  });
}
