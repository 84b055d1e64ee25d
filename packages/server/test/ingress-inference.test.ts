/**
 * Schema inference through the ingress webhook: every row of the coercion table of
 * `src/domain/leads/schema-inference.ts` (`coerceValue`), each on a fresh key: the first POST fixes
 * the type, the second one is coerced or rejected with an exact `typeErrors` block.
 */
import { ErrorMessages, INGRESS_TOKEN_HEADER, TableDetailSchema } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedIngressWebhook } from '@leadbook/server';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

type Row = [row: string, first: unknown, then: unknown, outcome: { value: unknown } | { received: string }];

/** `[coercion-table row, value that fixes the type, later value, coerced value or received type]`. */
const ROWS: Row[] = [
  ['number <- string holding a JSON number', 1, '42', { value: 42 }],
  ['number <- negative decimal string', 1, '-3.5', { value: -3.5 }],
  ['number <- exponent string', 1, '1e3', { value: 1000 }],
  ['number <- string with spaces (trimmed)', 1, ' 42 ', { value: 42 }],
  ['number <- number (unchanged)', 1, 7.25, { value: 7.25 }],
  ['number <- non-numeric string', 1, 'forty', { received: 'string' }],
  ['number <- hex string', 1, '0x10', { received: 'string' }],
  ['number <- string with a leading plus', 1, '+5', { received: 'string' }],
  ['number <- empty string', 1, '', { received: 'string' }],
  ['number <- boolean', 1, true, { received: 'boolean' }],
  ['number <- string[]', 1, ['1'], { received: 'string[]' }],
  ['string <- finite number', 'a', 42, { value: '42' }],
  ['string <- boolean true', 'a', true, { value: 'true' }],
  ['string <- boolean false', 'a', false, { value: 'false' }],
  ['string <- string[] with exactly one element', 'a', ['only'], { value: 'only' }],
  ['string <- string[] with two elements', 'a', ['x', 'y'], { received: 'string[]' }],
  ['string <- empty string[]', 'a', [], { received: 'string[]' }],
  ['boolean <- "true"', true, 'true', { value: true }],
  ['boolean <- "FALSE" (any letter case)', true, 'FALSE', { value: false }],
  ['boolean <- " True " (trimmed)', false, ' True ', { value: true }],
  ['boolean <- other string', true, 'yes', { received: 'string' }],
  ['boolean <- number', true, 1, { received: 'number' }],
  ['boolean <- string[]', true, ['true'], { received: 'string[]' }],
  ['string[] <- string', ['a'], 'solo', { value: ['solo'] }],
  ['string[] <- finite number', ['a'], 42, { value: ['42'] }],
  ['string[] <- empty string[] (unchanged)', ['a'], [], { value: [] }],
  ['string[] <- boolean', ['a'], true, { received: 'boolean' }],
];

describe.each(ADAPTERS)('ingress schema inference through %s', (kind) => {
  let h: Harness;
  let hook: CreatedIngressWebhook;
  beforeAll(async () => {
    h = await createHarness(kind);
    hook = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Inference',
    });
  });
  afterAll(() => h.close());

  const push = (data: Record<string, unknown>) =>
    h.call('POST', `/public/ingress_webhooks/${hook.id}`, {
      body: { data },
      headers: { [INGRESS_TOKEN_HEADER]: hook.token },
    });
  const connectPost = (data: Record<string, unknown>) =>
    h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateNew, data },
    });
  const fields = async () =>
    TableDetailSchema.parse((await h.call('GET', `/connect/tables/${ID.table}`, { token: TOKEN.read })).json)
      .schema.fields;
  const typeErrorBody = (key: string, expected: string, received: string) => ({
    statusCode: 400,
    message: ErrorMessages.validationFailed,
    typeErrors: [{ key, expected, received }],
  });

  it.each(ROWS.map((row, index) => [...row, `row${index}`] as const))(
    '%s',
    async (_row, first, then, outcome, key) => {
      const fixed = await push({ [key]: first });
      expect(fixed.status).toBe(201);
      const expected = (await fields())[key]!.type;
      const res = await push({ [key]: then });
      if ('value' in outcome) {
        expect(res.status).toBe(201);
        expect(res.json.data[key]).toEqual(outcome.value);
        expect((await fields())[key]).toMatchObject({ type: expected, frequency: 2 });
      } else {
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject(typeErrorBody(key, expected, outcome.received));
        expect((await fields())[key]).toMatchObject({ type: expected, frequency: 1 });
      }
    },
  );

  it('object and array rows: keys typed by Connect writes bind ingress writes (one shared schema)', async () => {
    expect((await connectPost({ meta: { a: 1 }, mixed: [1, 'a'] })).status).toBe(201);
    expect(await fields()).toMatchObject({ meta: { type: 'object' }, mixed: { type: 'array' } });
    // object <- plain object: unchanged (ingress rejects nested objects, so through Connect).
    const object = await connectPost({ meta: { b: 2 } });
    expect(object.status).toBe(201);
    expect(object.json.data.meta).toEqual({ b: 2 });
    // array <- array (of any items): unchanged.
    const array = await push({ mixed: ['x', 'y'] });
    expect(array.status).toBe(201);
    expect(array.json.data.mixed).toEqual(['x', 'y']);
    // object / array <- anything else: error.
    expect((await push({ meta: 'flat' })).json).toMatchObject(typeErrorBody('meta', 'object', 'string'));
    expect((await push({ mixed: 3 })).json).toMatchObject(typeErrorBody('mixed', 'array', 'number'));
  });

  it('a type fixed by an ingress POST binds later ingress POSTs; Connect writes store as sent', async () => {
    expect((await push({ shared: 5 })).status).toBe(201);
    const res = await connectPost({ shared: 'five' });
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({ shared: 'five' });
    expect((await fields()).shared).toMatchObject({ type: 'number', frequency: 2 });
    expect((await push({ shared: 'five' })).json).toMatchObject(typeErrorBody('shared', 'number', 'string'));
  });

  it('null is skipped: it fixes no type, and is accepted on a typed key', async () => {
    const first = await push({ late: null });
    expect(first.status).toBe(201);
    expect(first.json.data).toEqual({ late: null });
    expect((await fields()).late).toBeUndefined();
    expect((await push({ late: true })).status).toBe(201);
    expect((await push({ late: 'maybe' })).json).toMatchObject(typeErrorBody('late', 'boolean', 'string'));
    expect((await push({ late: null })).status).toBe(201);
    expect((await fields()).late).toMatchObject({ type: 'boolean', frequency: 1 });
  });

  it('prototype-named keys: __proto__ is dropped, constructor and toString are plain data keys', async () => {
    const res = await h.call('POST', `/public/ingress_webhooks/${hook.id}`, {
      rawBody: '{"data":{"__proto__":"p","constructor":"c","toString":"t"}}',
      headers: { [INGRESS_TOKEN_HEADER]: hook.token },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({ constructor: 'c', toString: 't' });
    expect(await fields()).toMatchObject({ constructor: { type: 'string' }, toString: { type: 'string' } });
  });

  it('reports every conflict of a POST, sorted by key, and writes nothing', async () => {
    expect((await push({ zeta: 1, alpha: true, keep: 'k' })).status).toBe(201);
    const before = await fields();
    const res = await push({ zeta: 'z', keep: 'fine', alpha: ['a', 'b'], fresh: 'new' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      statusCode: 400,
      message: ErrorMessages.validationFailed,
      typeErrors: [
        { key: 'alpha', expected: 'boolean', received: 'string[]' },
        { key: 'zeta', expected: 'number', received: 'string' },
      ],
    });
    // `details` says the same in words, key by key; it never repeats the values sent.
    expect(res.json.details.map((d: { path: string }) => d.path)).toEqual(['data.alpha', 'data.zeta']);
    expect(JSON.stringify(res.json.details)).not.toContain('"z"');
    expect(await fields()).toEqual(before);
  });
});
