import type { ServiceEvent } from '@leadbook/contract';
import { ServiceEventSchema } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

describe.each(ADAPTERS)('lead events through %s', (kind) => {
  let h: Harness;
  const seen: ServiceEvent[] = [];
  beforeAll(async () => {
    h = await createHarness(kind);
    h.service.events.on('*', (event) => void seen.push(event));
  });
  afterAll(() => h.close());
  const writeTokenId = () => h.seeded.organizations[0]!.tokens.write!.id;

  it('create fires table.entry.added then the initial leadState.changed, with the token in the trigger', async () => {
    seen.length = 0;
    const res = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: { a: 1 } },
    });
    expect(seen.map((e) => e.type)).toEqual(['table.entry.added', 'table.entry.leadState.changed']);
    for (const event of seen) {
      ServiceEventSchema.parse(event);
      expect(event.trigger).toEqual({ source: 'connect', apiTokenId: writeTokenId(), memberId: null });
      expect(event.organizationId).toBe(ID.organization);
    }
    expect(seen[1]!.payload).toMatchObject({
      previousLeadStateId: null,
      leadStateId: ID.leadStateNew,
      entry: { id: res.json.id },
    });
  });

  it('a patch that changes the state fires leadState.changed once; one that does not fires none', async () => {
    const created = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: {} },
    });
    seen.length = 0;
    await h.call('PATCH', `/connect/table_entries/${created.json.id}`, {
      token: TOKEN.write,
      body: { leadStateId: ID.leadStateContacted },
    });
    expect(seen.map((e) => e.type)).toEqual(['table.entry.leadState.changed']);
    expect(seen[0]!.payload).toMatchObject({
      previousLeadStateId: ID.leadStateNew,
      leadStateId: ID.leadStateContacted,
    });
    seen.length = 0;
    await h.call('PATCH', `/connect/table_entries/${created.json.id}`, {
      token: TOKEN.write,
      body: { leadStateId: ID.leadStateContacted, data: { b: 2 } },
    });
    await h.call('PATCH', `/connect/table_entries/${created.json.id}`, {
      token: TOKEN.write,
      body: { data: { c: 3 } },
    });
    expect(seen).toEqual([]);
  });

  it('a failed write fires nothing and logs nothing', async () => {
    seen.length = 0;
    const before = await h.service.admin.activity.list(ID.organization);
    await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateOtherPool, data: {} },
    });
    expect(seen).toEqual([]);
    expect(await h.service.admin.activity.list(ID.organization)).toEqual(before);
  });

  it('writes every event to the activity log with its trigger context', async () => {
    const log = await h.service.admin.activity.list(ID.organization, { limit: 2 });
    expect(log).toHaveLength(2);
    expect(log.every((event) => event.trigger.apiTokenId === writeTokenId())).toBe(true);
  });

  it('a subscriber that throws or rejects never fails the request', async () => {
    const offSync = h.service.events.on('table.entry.added', () => {
      throw new Error('boom');
    });
    const offAsync = h.service.events.on('table.entry.added', async () =>
      Promise.reject(new Error('async boom')),
    );
    const res = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: {} },
    });
    offSync();
    offAsync();
    expect(res.status).toBe(201);
  });

  it('console actions carry apiTokenId null and the memberId', async () => {
    seen.length = 0;
    const entry = await h.service.admin.entries.create(
      ID.organization,
      { tableId: ID.table, leadStateId: ID.leadStateNew, data: {} },
      { memberId: 'member-7' },
    );
    await h.service.admin.entries.update(
      ID.organization,
      entry.id,
      { leadStateId: ID.leadStateWon },
      { memberId: 'member-7' },
    );
    expect(seen.map((e) => e.type)).toEqual([
      'table.entry.added',
      'table.entry.leadState.changed',
      'table.entry.leadState.changed',
    ]);
    expect(
      seen.every(
        (e) =>
          e.trigger.source === 'console' &&
          e.trigger.apiTokenId === null &&
          e.trigger.memberId === 'member-7',
      ),
    ).toBe(true);
  });
});
