import { describe, expect, it } from 'vitest';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { digestToken } from '../src/core/tokens';
import { fixture, TOKEN } from './fixture';
import { testClock } from '../../../test-support/time';

describe('token storage', () => {
  it('stores only SHA-256 digests: a dump of the database holds no plaintext token', async () => {
    const storage = await createSqlJsStorage();
    const service = await createConnectService({ storage, clock: testClock() });
    const seeded = await service.admin.seed(fixture);
    const generated = await service.admin.apiTokens.create(seeded.organizations[0]!.id, {
      name: 'new',
      scopes: ['write'],
    });
    const dump = Buffer.from(storage.exportBytes()).toString('latin1');
    for (const token of [TOKEN.read, TOKEN.write, TOKEN.admin, TOKEN.orgB, generated.token]) {
      const secret = token.slice('service_live_'.length);
      expect(dump).not.toContain(secret);
      expect(dump).toContain(digestToken(token));
    }
    await service.close();
  });
});
