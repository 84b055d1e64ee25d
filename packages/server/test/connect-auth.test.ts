import { ConnectAuthErrorSchema, ErrorMessages } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

describe.each(ADAPTERS)('Connect authentication through %s', (kind) => {
  let h: Harness;
  let revoked: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    const created = await h.service.admin.apiTokens.create(ID.organization, {
      name: 'temp',
      scopes: ['admin'],
    });
    revoked = created.token;
    await h.service.admin.apiTokens.revoke(ID.organization, created.id);
  });
  afterAll(() => h.close());

  it('answers a byte-identical 401 for a missing, malformed, unknown or revoked token', async () => {
    const cases = [
      await h.call('GET', '/connect/calendar/'),
      await h.call('GET', '/connect/calendar/', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      await h.call('GET', '/connect/calendar/', { token: 'service_live_123' }),
      await h.call('GET', '/connect/calendar/', { token: `service_live_${'e'.repeat(64)}` }),
      await h.call('GET', '/connect/calendar/', { token: revoked }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(401);
      expect(res.text).toBe(cases[0]!.text);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(ConnectAuthErrorSchema.parse(cases[0]!.json)).toEqual({
      error: 'Unauthorized',
      message: ErrorMessages.unauthorized,
    });
    expect(ErrorMessages.unauthorized).toContain('Authorization: Bearer');
  });

  it('authenticates before reading the body: an unauthenticated 200 KB POST is a 401 at the default limit', async () => {
    const body = { tableId: ID.table, leadStateId: ID.leadStateNew, data: { blob: 'x'.repeat(200_000) } };
    for (const path of ['/connect/table_entries/', '/connect/calendar_bookings/']) {
      const res = await h.call('POST', path, { body });
      expect([path, res.status]).toEqual([path, 401]);
      expect(ConnectAuthErrorSchema.parse(res.json).error).toBe('Unauthorized');
    }
    // The same body with a valid token is over the default 100 KiB limit.
    expect((await h.call('POST', '/connect/table_entries/', { body, token: TOKEN.write })).status).toBe(413);
  });

  it('a token works until it is revoked', async () => {
    const created = await h.service.admin.apiTokens.create(ID.organization, {
      name: 'short-lived',
      scopes: ['read'],
    });
    expect(created.token).toMatch(/^service_live_[0-9a-f]{64}$/);
    expect((await h.call('GET', '/connect/tables/', { token: created.token })).status).toBe(200);
    await h.service.admin.apiTokens.revoke(ID.organization, created.id);
    expect((await h.call('GET', '/connect/tables/', { token: created.token })).status).toBe(401);
  });

  it('answers 403 Forbidden when a read token POSTs or PATCHes', async () => {
    const post = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.read,
      body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: {} },
    });
    expect(post.status).toBe(403);
    expect(ConnectAuthErrorSchema.parse(post.json).error).toBe('Forbidden');
    expect(Object.keys(post.json)).toEqual(['error', 'message']);
    const patch = await h.call('PATCH', `/connect/table_entries/${ID.leadStateNew}`, {
      token: TOKEN.read,
      body: {},
    });
    expect(patch.status).toBe(403);
  });

  it('admin includes write and write includes read', async () => {
    expect((await h.call('GET', '/connect/tables/', { token: TOKEN.write })).status).toBe(200);
    expect((await h.call('GET', '/connect/tables/', { token: TOKEN.admin })).status).toBe(200);
    const body = { tableId: ID.table, leadStateId: ID.leadStateNew, data: { via: 'admin' } };
    expect((await h.call('POST', '/connect/table_entries/', { token: TOKEN.admin, body })).status).toBe(201);
  });

  it('accepts the Bearer scheme in any case', async () => {
    const res = await h.call('GET', '/connect/tables/', {
      headers: { authorization: `bearer ${TOKEN.read}` },
    });
    expect(res.status).toBe(200);
  });
});
