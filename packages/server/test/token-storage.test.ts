import { describe, expect, it } from 'vitest';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { digestToken } from '../src/core/tokens';
import { testClock } from '../../../test-support/time';
import { STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { testStudio } from './studio';

describe('token storage', () => {
  it('stores only SHA-256 digests: a dump of the database holds no plaintext token', async () => {
    const storage = await createSqlJsStorage();
    const service = await createConnectService({ storage, clock: testClock() });
    const seeded = await service.admin.seed(testStudio());
    const generated = await service.admin.apiTokens.create(seeded.organizations[0]!.id, {
      name: 'new',
      scopes: ['write'],
    });
    const dump = Buffer.from(storage.exportBytes()).toString('latin1');
    for (const token of [TOKEN.read, TOKEN.write, TOKEN.admin, TOKEN.other, generated.token]) {
      const secret = token.slice('service_live_'.length);
      expect(dump).not.toContain(secret);
      expect(dump).toContain(digestToken(token));
    }
    await service.close();
  });
});
