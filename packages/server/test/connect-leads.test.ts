import {
  ConnectAuthErrorSchema,
  ConnectErrorSchema,
  ErrorMessages,
  TableDetailSchema,
  TableEntrySchema,
} from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@leadbook/server';
import { NOW } from '../../../test-support/time';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

describe.each(ADAPTERS)('Connect lead writes through %s', (kind) => {
  let h: Harness;
  const clock = createManualClock(NOW);
  beforeAll(async () => {
    h = await createHarness(kind, { bodyLimit: '16kb', clock });
  });
  afterAll(() => h.close());
  const post = (body: unknown, token = TOKEN.write) =>
    h.call('POST', '/connect/table_entries/', { token, body });
  const patch = (id: string, body: unknown, token = TOKEN.write) =>
    h.call('PATCH', `/connect/table_entries/${id}`, { token, body });
  const create = async (data: Record<string, unknown> = {}) => {
    const res = await post({ tableId: ID.table, leadStateId: ID.leadStateNew, data });
    expect(res.status).toBe(201);
    return TableEntrySchema.parse(res.json);
  };

  it('creates a lead (201) and infers the pool schema with frequency and lastSeen', async () => {
    const res = await post({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { email: 'ada@example.com', age: 36, tags: ['vip'] },
      customFieldData: { [ID.customFieldBudget]: 1200, [ID.customFieldPlan]: 'premium' },
      interestedInAppointmentTypeId: ID.appointmentTypeTrial,
    });
    expect(res.status).toBe(201);
    const entry = TableEntrySchema.parse(res.json);
    expect(entry).toMatchObject({
      tableId: ID.table,
      organizationId: ID.organization,
      leadStateId: ID.leadStateNew,
      archived: false,
      data: { email: 'ada@example.com', age: 36, tags: ['vip'] },
      customFieldData: { [ID.customFieldBudget]: 1200, [ID.customFieldPlan]: 'premium' },
      interestedInAppointmentTypeId: ID.appointmentTypeTrial,
      firstOpenedAt: null,
    });
    const table = TableDetailSchema.parse(
      (await h.call('GET', `/connect/tables/${ID.table}`, { token: TOKEN.read })).json,
    );
    expect(table.schema.fields.email).toMatchObject({ type: 'string', specialType: 'email', frequency: 1 });
    expect(table.schema.fields.age).toMatchObject({
      type: 'number',
      frequency: 1,
      lastSeen: expect.any(String),
    });
    expect(table.schema.fields.tags?.type).toBe('string[]');
    expect(table.leadStates.find((s) => s.id === ID.leadStateNew)?.count).toBeGreaterThan(0);
  });

  it('rejects a bad body with 400 VALIDATION_ERROR and the issue paths', async () => {
    const res = await post({ tableId: 'x', data: 'nope' });
    expect(res.status).toBe(400);
    const error = ConnectErrorSchema.parse(res.json);
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.details?.map((d) => d.path)).toEqual(['tableId', 'data', 'leadStateId']);
  });

  it('rejects an unknown custom-field id with 400 and the id in the message', async () => {
    const unknown = '12345678-1234-4234-8234-123456789012';
    const res = await post({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: {},
      customFieldData: { [unknown]: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(`${ErrorMessages.unknownCustomField}: ${unknown}`);
    expect(res.json.details).toEqual([{ path: `customFieldData.${unknown}`, message: res.json.message }]);
  });

  it('rejects a custom-field value of the wrong type', async () => {
    const res = await post({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: {},
      customFieldData: { [ID.customFieldPlan]: 'gold' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Plan must be one of: basic, premium');
  });

  it('rejects a lead state of another pool with 400', async () => {
    const res = await post({ tableId: ID.table, leadStateId: ID.leadStateOtherPool, data: {} });
    expect(res.status).toBe(400);
    expect(res.json.details).toEqual([
      { path: 'leadStateId', message: 'The lead state does not belong to the lead pool' },
    ]);
  });

  it("answers 404 for another organization's pool or entry", async () => {
    expect((await post({ tableId: ID.otherTable, leadStateId: ID.otherLeadState, data: {} })).status).toBe(
      404,
    );
    const other = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.other,
      body: { tableId: ID.otherTable, leadStateId: ID.otherLeadState, data: {} },
    });
    expect(other.status).toBe(201);
    expect((await patch(other.json.id, { data: { x: 1 } })).status).toBe(404);
  });

  it('stores data as sent on keys the pool already typed, and keeps inferring (SPEC 2.3)', async () => {
    const schemaFields = async () =>
      TableDetailSchema.parse(
        (await h.call('GET', `/connect/tables/${ID.table}`, { token: TOKEN.read })).json,
      ).schema.fields;
    await create({ age: 33, vip: false, name: 'Ada', tags: ['a', 'b'] });
    const before = await schemaFields();
    const sent = { age: '34', vip: 'true', name: 42, tags: 'solo' };
    const created = await post({ tableId: ID.table, leadStateId: ID.leadStateNew, data: sent });
    expect(created.status).toBe(201);
    expect(created.json.data).toStrictEqual(sent);
    // A value no coercion could turn into the key's type is stored as sent too.
    const patched = await patch(created.json.id, { data: { age: 'thirty-five', sinceYear: 2020 } });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toStrictEqual({ ...sent, age: 'thirty-five', sinceYear: 2020 });
    const stored = await h.service.storage.transaction((tx) =>
      tx.entries.get(ID.organization, created.json.id),
    );
    expect(stored!.data).toStrictEqual(patched.json.data);
    // The first value fixed each type; later writes count, and new keys are typed.
    const after = await schemaFields();
    const seen = (key: string) => [after[key]?.type, after[key]!.frequency - (before[key]?.frequency ?? 0)];
    expect(['age', 'vip', 'name', 'tags', 'sinceYear'].map(seen)).toEqual([
      ['number', 2],
      ['boolean', 1],
      ['string', 1],
      ['string[]', 1],
      ['number', 1],
    ]);
  });

  it('merge-patches data deeply (RFC 7396 rules 1-4) and keeps other fields', async () => {
    const entry = await create({ name: 'Ada', address: { city: 'Berlin', zip: '10115' }, drop: 'me' });
    const res = await patch(entry.id, {
      data: { name: 'Ada L.', address: { zip: null, street: 'Unter den Linden' }, drop: null, added: true },
      firstOpenedAt: '2025-03-30T10:00:00+02:00',
    });
    expect(res.status).toBe(200);
    const updated = TableEntrySchema.parse(res.json);
    expect(updated.data).toEqual({
      name: 'Ada L.',
      address: { city: 'Berlin', street: 'Unter den Linden' },
      added: true,
    });
    expect(updated.firstOpenedAt).toBe('2025-03-30T08:00:00.000Z');
    expect(updated.leadStateId).toBe(ID.leadStateNew);
    expect(updated.createdAt).toBe(entry.createdAt);
  });

  it('applies all changes of a request atomically: a failing patch changes nothing', async () => {
    const entry = await create({ keep: 'yes' });
    const res = await patch(entry.id, { data: { keep: 'no', more: 1 }, leadStateId: ID.leadStateOtherPool });
    expect(res.status).toBe(400);
    const after = await patch(entry.id, {});
    expect(after.json.data).toEqual({ keep: 'yes' });
    expect(after.json.leadStateId).toBe(ID.leadStateNew);
  });

  it('clears interestedInAppointmentTypeId with null, and custom-field values key by key', async () => {
    const res = await post({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: {},
      customFieldData: { [ID.customFieldBudget]: 5 },
      interestedInAppointmentTypeId: ID.appointmentTypeClass,
    });
    const updated = await patch(res.json.id, {
      customFieldData: { [ID.customFieldBudget]: null },
      interestedInAppointmentTypeId: null,
    });
    expect(updated.json).toMatchObject({ customFieldData: {}, interestedInAppointmentTypeId: null });
  });

  it('takes data: null and customFieldData: null as "no change", like an empty patch (merge rule 6)', async () => {
    const created = await post({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { keep: 'me', also: 1 },
      customFieldData: { [ID.customFieldBudget]: 7 },
    });
    const entry = TableEntrySchema.parse(created.json);
    const events = () =>
      h.service.storage.transaction(
        async (tx) => (await tx.activity.list(ID.organization, { limit: 1000 })).length,
      );
    for (const body of [{ data: null }, { customFieldData: null }, { data: null, customFieldData: null }]) {
      clock.advance(60_000);
      const before = await events();
      const res = await patch(entry.id, body);
      expect(res.status).toBe(200);
      // Nothing changed but `updatedAt`, which every patch sets, the empty one included.
      expect(TableEntrySchema.parse(res.json)).toEqual({
        ...entry,
        updatedAt: new Date(clock.now()).toISOString(),
      });
      expect(await events()).toBe(before);
      clock.advance(60_000);
      expect(TableEntrySchema.parse((await patch(entry.id, {})).json)).toEqual({
        ...entry,
        updatedAt: new Date(clock.now()).toISOString(),
      });
    }
    // Beside other fields, null leaves its object alone and the rest of the patch applies.
    const moved = await patch(entry.id, {
      data: null,
      customFieldData: null,
      leadStateId: ID.leadStateContacted,
    });
    expect(moved.json).toMatchObject({
      data: { keep: 'me', also: 1 },
      customFieldData: { [ID.customFieldBudget]: 7 },
      leadStateId: ID.leadStateContacted,
    });
    // Keys are deleted one by one.
    const emptied = await patch(entry.id, { data: { keep: null, also: null } });
    expect(emptied.json.data).toEqual({});
  });

  it('never lets __proto__, constructor or prototype keys reach Object.prototype', async () => {
    const entry = await create({});
    const rawBody =
      '{"data":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}';
    const res = await h.call('PATCH', `/connect/table_entries/${entry.id}`, { token: TOKEN.write, rawBody });
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // zod drops `__proto__` keys while parsing; `constructor` is stored as plain data.
    expect(Object.keys(res.json.data)).toEqual(['constructor']);
    expect(res.json.data.constructor).toEqual({ prototype: { polluted: 'yes' } });
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const bad = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      rawBody: '{"tableId": ',
    });
    expect(bad.status).toBe(400);
    expect(ConnectErrorSchema.parse(bad.json)).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: ErrorMessages.malformedJson,
    });
    const big = await post({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { blob: 'x'.repeat(20_000) },
    });
    expect(big.status).toBe(413);
    expect(ConnectErrorSchema.parse(big.json)).toMatchObject({ statusCode: 413, error: 'PAYLOAD_TOO_LARGE' });
    expect(big.text).not.toMatch(/at .*\.ts|stack/i);
  });

  it('authenticates before it reads the body: an oversized body without a valid token is a 401, not a 413', async () => {
    const oversized = {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { blob: 'x'.repeat(200_000) },
    };
    for (const token of [undefined, 'not-a-token']) {
      const res = await h.call('POST', '/connect/table_entries/', { token, body: oversized });
      expect(res.status).toBe(401);
      expect(ConnectAuthErrorSchema.parse(res.json)).toEqual({
        error: 'Unauthorized',
        message: ErrorMessages.unauthorized,
      });
    }
    // A token without the write scope is refused before the body too.
    const readOnly = await post(oversized, TOKEN.read);
    expect(readOnly.status).toBe(403);
    expect((await post(oversized)).status).toBe(413);
  });
});
