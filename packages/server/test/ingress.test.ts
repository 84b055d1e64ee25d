import {
  ErrorMessages,
  INGRESS_TOKEN_HEADER,
  IngressErrorSchema,
  ServiceEventSchema,
  TableEntrySchema,
  type ServiceEvent,
} from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedIngressWebhook } from '@leadbook/server';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

const UNKNOWN_ID = '12345678-1234-4234-8234-123456789012';
const validation = { statusCode: 400, message: ErrorMessages.validationFailed };
const notFound = { statusCode: 404, message: ErrorMessages.webhookNotFound };
const unauthorized = { statusCode: 401, message: ErrorMessages.invalidWebhookToken };

describe.each(ADAPTERS)('ingress webhook POST through %s', (kind) => {
  let h: Harness;
  let hook: CreatedIngressWebhook;
  const seen: ServiceEvent[] = [];
  beforeAll(async () => {
    h = await createHarness(kind, { bodyLimit: '16kb' });
    h.service.events.on('*', (event) => void seen.push(event));
    hook = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Website',
    });
  });
  afterAll(() => h.close());

  const push = (id: string, body: unknown, token?: string, rawBody?: string) =>
    h.call('POST', `/public/ingress_webhooks/${id}`, {
      body,
      ...(rawBody === undefined ? {} : { rawBody }),
      headers: token === undefined ? {} : { [INGRESS_TOKEN_HEADER]: token },
    });
  const countEntries = async (tableId: string) =>
    (
      await h.service.storage.transaction((tx) => tx.entries.countByTable(ID.organization), {
        readOnly: true,
      })
    ).get(tableId) ?? 0;

  it('201: creates an entry in the pool default lead state and answers with it', async () => {
    const res = await push(
      hook.id,
      {
        data: { email: 'ada@example.com', tags: ['vip'], age: 36 },
        customFieldData: { [ID.customFieldBudget]: 500 },
      },
      hook.token,
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const entry = TableEntrySchema.parse(res.json);
    expect(entry).toMatchObject({
      tableId: ID.table,
      organizationId: ID.organization,
      leadStateId: ID.leadStateNew,
      data: { email: 'ada@example.com', tags: ['vip'], age: 36 },
      customFieldData: { [ID.customFieldBudget]: 500 },
    });
  });

  it('fires only table.entry.added, with the ingress trigger context, after commit', async () => {
    seen.length = 0;
    const res = await push(hook.id, { data: { name: 'Grace' } }, hook.token);
    expect(res.status).toBe(201);
    expect(seen.map((event) => event.type)).toEqual(['table.entry.added']);
    const event = ServiceEventSchema.parse(seen[0]);
    expect(event.trigger).toEqual({
      source: 'ingress',
      apiTokenId: null,
      memberId: null,
      ingressWebhookId: hook.id,
    });
    expect(event.organizationId).toBe(ID.organization);
    expect(event.payload).toMatchObject({ entry: { id: res.json.id, leadStateId: ID.leadStateNew } });
    const [logged] = await h.service.admin.activity.list(ID.organization, { limit: 1 });
    expect(logged).toMatchObject({ id: event.id, trigger: { source: 'ingress', ingressWebhookId: hook.id } });
  });

  it('404 Webhook not found for an unknown id, a non-UUID id and a deleted webhook', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid', 'x'.repeat(300)]) {
      const res = await push(id, { data: {} }, hook.token);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(notFound);
    }
    const doomed = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Old',
    });
    expect((await push(doomed.id, { data: {} }, doomed.token)).status).toBe(201);
    await h.service.admin.ingressWebhooks.delete(ID.organization, doomed.id);
    const res = await push(doomed.id, { data: {} }, doomed.token);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(notFound);
  });

  it('401 Invalid webhook token for a missing, wrong, malformed or foreign token', async () => {
    const other = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.tableOtherPool,
      name: 'Other',
    });
    const before = await countEntries(ID.table);
    seen.length = 0;
    for (const token of [undefined, 'f'.repeat(64), 'not-hex', '', hook.token.toUpperCase(), other.token]) {
      const res = await push(hook.id, { data: { a: 'b' } }, token);
      expect(res.status, String(token)).toBe(401);
      expect(res.json).toEqual(unauthorized);
    }
    expect(await countEntries(ID.table)).toBe(before);
    expect(seen).toEqual([]);
  });

  it('checks 404 before 401 before the body', async () => {
    expect((await push(UNKNOWN_ID, { nope: 1 })).json).toEqual(notFound);
    expect((await push(hook.id, { nope: 1 })).json).toEqual(unauthorized);
    expect((await push(hook.id, { nope: 1 }, 'f'.repeat(64))).json).toEqual(unauthorized);
    expect((await push(hook.id, { nope: 1 }, hook.token)).json).toMatchObject(validation);
  });

  it.each([
    ['no body', undefined],
    ['data missing', { customFieldData: {} }],
    ['data not an object', { data: 'x' }],
    ['data an array', { data: ['x'] }],
    ['a nested object value', { data: { address: { city: 'Berlin' } } }],
    ['an array with a number', { data: { tags: ['a', 1] } }],
    ['an unknown top-level key', { data: {}, extra: true }],
    ['customFieldData not an object', { data: {}, customFieldData: [] }],
  ])('400 Validation failed for a bad body shape: %s', async (_label, body) => {
    const res = await push(hook.id, body, hook.token);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject(validation);
  });

  it('400 Validation failed for a body that is not JSON, in the ingress envelope, details saying why', async () => {
    const res = await push(hook.id, undefined, hook.token, '{"data":');
    expect(res.status).toBe(400);
    expect(IngressErrorSchema.strict().parse(res.json)).toEqual({
      statusCode: 400,
      message: 'Validation failed',
      details: [
        { path: 'body', message: ErrorMessages.malformedJson },
        { path: 'body', message: expect.stringContaining('{"data": {...}') },
      ],
    });
  });

  it('400 details of a natural but wrong payload: what is missing and the body expected, no secret', async () => {
    const res = await push(hook.id, { firstName: 'Grace', email: 'grace.hopper@navy.example' }, hook.token);
    expect(res.status).toBe(400);
    const error = IngressErrorSchema.strict().parse(res.json);
    expect(error.message).toBe('Validation failed');
    expect(error.details).toEqual([
      { path: 'data', message: 'Required' },
      { path: 'body', message: "Unrecognized key(s) in object: 'firstName', 'email'" },
      { path: 'body', message: expect.stringMatching(/^Expected a JSON object \{"data": \{\.\.\.\}/) },
    ]);
    // The hint ends with a sample body; the request's values and its token never come back.
    expect(error.details!.at(-1)!.message).toMatch(/Example: \{"data": \{"firstName": "Grace", .*\}\}$/);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain(hook.token);
    expect(text).not.toContain('grace.hopper@navy.example');
  });

  it('404 Webhook not found for a path that names no webhook', async () => {
    for (const path of ['/public/ingress_webhooks/', `/public/ingress_webhooks/${hook.id}/extra`]) {
      const res = await h.call('POST', path, { body: { data: {} } });
      expect([path, res.status, res.json]).toEqual([
        path,
        404,
        { statusCode: 404, message: 'Webhook not found' },
      ]);
    }
  });

  it('400 Validation failed for an unknown custom-field id or a bad custom-field value', async () => {
    for (const customFieldData of [{ [UNKNOWN_ID]: 1 }, { [ID.customFieldBudget]: 'lots' }]) {
      const res = await push(hook.id, { data: {}, customFieldData }, hook.token);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(validation);
    }
  });

  it('400 No default lead state for a pool without lead states, after the body check', async () => {
    const { table } = await h.service.admin.tables.create(ID.organization, {
      name: 'Stateless',
      leadStates: [],
    });
    const bare = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: table.id,
      name: 'Bare',
    });
    const noState = { statusCode: 400, message: ErrorMessages.noDefaultLeadState };
    expect((await push(bare.id, { data: { a: 'b' } }, bare.token)).json).toMatchObject(noState);
    const unknownField = { data: {}, customFieldData: { [UNKNOWN_ID]: 1 } };
    expect((await push(bare.id, unknownField, bare.token)).json).toMatchObject(noState);
    expect((await push(bare.id, { data: 'x' }, bare.token)).json).toMatchObject(validation);
    expect(await countEntries(table.id)).toBe(0);
  });

  it('413 for a body over the limit, in the ingress envelope', async () => {
    const res = await push(hook.id, { data: { blob: 'x'.repeat(20_000) } }, hook.token);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ statusCode: 413, message: ErrorMessages.payloadTooLarge });
  });

  it('checks the webhook id and token before it reads the body: an oversized body is a 404 or a 401 first', async () => {
    const oversized = { data: { blob: 'x'.repeat(200_000) } };
    const unknown = await push(UNKNOWN_ID, oversized, hook.token);
    expect(unknown.status).toBe(404);
    const wrongToken = await push(hook.id, oversized, 'wrong-token');
    expect(wrongToken.status).toBe(401);
  });

  it('100 concurrent POSTs create 100 distinct entries', async () => {
    const { table } = await h.service.admin.tables.create(ID.organization, {
      name: 'Burst',
      leadStates: [{ name: 'Inbox', category: 'new' }],
    });
    const burst = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: table.id,
      name: 'Burst',
    });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        push(burst.id, { data: { n: i, label: `lead ${i}` } }, burst.token),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(100).fill(201));
    expect(new Set(responses.map((res) => res.json.id)).size).toBe(100);
    expect(new Set(responses.map((res) => res.json.data.n)).size).toBe(100);
    expect(await countEntries(table.id)).toBe(100);
  });

  it('rotation: the old token gets 401 right away, the new one works', async () => {
    const hook2 = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Rotating',
    });
    expect((await push(hook2.id, { data: {} }, hook2.token)).status).toBe(201);
    const rotated = await h.service.admin.ingressWebhooks.rotate(ID.organization, hook2.id);
    expect(rotated).toEqual({ id: hook2.id, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(rotated.token).not.toBe(hook2.token);
    const old = await push(hook2.id, { data: {} }, hook2.token);
    expect(old.status).toBe(401);
    expect(old.json).toEqual(unauthorized);
    expect((await push(hook2.id, { data: {} }, rotated.token)).status).toBe(201);
    const [summary] = (await h.service.admin.ingressWebhooks.list(ID.organization)).filter(
      (w) => w.id === hook2.id,
    );
    expect(summary?.rotatedAt).toEqual(expect.any(String));
  });

  it('does not mix the webhook up with the Connect API: a Bearer token is no ingress token', async () => {
    const res = await h.call('POST', `/public/ingress_webhooks/${hook.id}`, {
      token: TOKEN.admin,
      body: { data: {} },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthorized);
  });
});

describe('ingress webhook console API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('fetch');
  });
  afterAll(() => h.close());
  const admin = () => h.service.admin.ingressWebhooks;

  it('create returns the id and a 64-hex token once; list and get never show a token or digest', async () => {
    const created = await admin().create(ID.organization, { tableId: ID.table, name: 'Website' });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationId: ID.organization,
      tableId: ID.table,
      name: 'Website',
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      createdAt: expect.any(String),
    });
    const summary = {
      id: created.id,
      organizationId: ID.organization,
      tableId: ID.table,
      name: 'Website',
      createdAt: created.createdAt,
      rotatedAt: null,
    };
    expect(await admin().get(ID.organization, created.id)).toEqual(summary);
    expect(await admin().list(ID.organization, { tableId: ID.table })).toContainEqual(summary);
    expect(await admin().list(ID.organization, { tableId: ID.tableOtherPool })).not.toContainEqual(summary);
    expect(await admin().get(ID.otherOrganization, created.id)).toBeNull();
    expect(await admin().list(ID.otherOrganization)).toEqual([]);
  });

  it('create accepts a fixed id and token; an id already in use is a 400', async () => {
    const id = 'dddddddd-dddd-4ddd-8ddd-ddddddddddd1';
    const token = 'e'.repeat(64);
    expect(
      await admin().create(ID.organization, { id, tableId: ID.table, name: 'Fixed', token }),
    ).toMatchObject({
      id,
      token,
    });
    await expect(
      admin().create(ID.otherOrganization, { id, tableId: ID.otherTable, name: 'Again' }),
    ).rejects.toMatchObject({
      status: 400,
      message: `Id ${id} is already in use`,
    });
  });

  it('rejects bad input with 400 and unknown things with 404', async () => {
    await expect(admin().create(ID.organization, { tableId: ID.table, name: '' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid ingress webhook: name'),
    });
    await expect(
      admin().create(ID.organization, { tableId: ID.table, name: 'x', token: 'short' }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('token') });
    await expect(admin().create(ID.organization, { tableId: UNKNOWN_ID, name: 'x' })).rejects.toMatchObject({
      status: 404,
      message: `Lead pool ${UNKNOWN_ID} not found`,
    });
    await expect(
      admin().create(ID.organization, { tableId: ID.otherTable, name: 'x' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(admin().create('org-none', { tableId: ID.table, name: 'x' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(admin().rotate(ID.organization, UNKNOWN_ID)).rejects.toMatchObject({ status: 404 });
    await expect(admin().delete(ID.organization, UNKNOWN_ID)).rejects.toMatchObject({ status: 404 });
  });

  it("an organization cannot rotate or delete another organization's webhook", async () => {
    const created = await admin().create(ID.organization, { tableId: ID.table, name: 'Mine' });
    await expect(admin().rotate(ID.otherOrganization, created.id)).rejects.toMatchObject({ status: 404 });
    await expect(admin().delete(ID.otherOrganization, created.id)).rejects.toMatchObject({ status: 404 });
    await admin().delete(ID.organization, created.id);
    expect(await admin().get(ID.organization, created.id)).toBeNull();
    await expect(admin().delete(ID.organization, created.id)).rejects.toMatchObject({ status: 404 });
  });
});
