import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { ErrorMessages } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { countingStorage } from './storage-proxy';
import { day } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { FORMS, goodSubmission } from './studio';

const headers = { origin: 'https://www.example.com' };

describe.each(ADAPTERS)('hostile input through %s', (kind) => {
  let h: Harness;
  let calls: Map<string, number>;
  beforeAll(async () => {
    const counted = await countingStorage();
    calls = counted.calls;
    h = await createHarness(kind, {
      storage: counted.storage,
      rateLimit: { enabled: false },
      captcha: { verify: async ({ token }) => token === 'good-token' },
    });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
  });
  afterAll(() => h.close());

  it('a submit whose slot spans 0000 to 9999 is refused (400) without loading bookings for the range', async () => {
    const bookingReads = () => calls.get('bookings.listOverlapping') ?? 0;
    // A real slot loads the bookings of its one interval.
    const before = bookingReads();
    const fine = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: goodSubmission(),
      headers,
    });
    expect(fine.status).toBe(200);
    expect(bookingReads()).toBeGreaterThan(before);

    const reads = bookingReads();
    const hostile = goodSubmission('0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z');
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, { body: hostile, headers });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      message: 'The selected time slot is not offered by this form',
    });
    expect(bookingReads()).toBe(reads);
    // The service still answers, and the refused submit wrote nothing.
    const submissions = await h.service.admin.forms.submissions(ID.organization, ID.formGuarded);
    expect(submissions).toHaveLength(1);
  });

  it('a date-time whose offset names no instant (+99:99) is a 400 on every surface it enters', async () => {
    const bad = `${day(1)}T08:00:00+99:99`;
    const range = (start: string) =>
      new URLSearchParams({
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        start,
        end: `${day(2)}T00:00:00Z`,
      });
    const connect = await h.call('GET', `/connect/availability/?${range(bad)}`, { token: TOKEN.read });
    expect(connect.status).toBe(400);
    expect(connect.json.details).toEqual([{ path: 'query.start', message: 'Must be a valid date-time' }]);

    const booking = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: {
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        resourceId: ID.resourceCoach,
        startDateTime: bad,
        endDateTime: `${day(1)}T09:00:00Z`,
      },
    });
    expect(booking.status).toBe(400);
    expect(booking.json.details).toEqual([{ path: 'startDateTime', message: 'Must be a valid date-time' }]);

    const slots = await h.call('GET', `/public/forms/${ID.formGuarded}/slots?${range(bad)}`, { headers });
    expect(slots.status).toBe(400);
    expect(slots.json).toMatchObject({ statusCode: 400, message: expect.stringContaining('date-time') });
  });

  it('decodes gzip, deflate and br bodies alike on both adapters; an undecodable body is a 400, a bomb a 413', async () => {
    const lead = JSON.stringify({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { email: 'z@example.com' },
    });
    const post = (encoding: string, rawBody: Uint8Array, path = '/connect/table_entries/') =>
      h.call('POST', path, {
        token: TOKEN.write,
        rawBody,
        headers: { 'content-encoding': encoding, 'content-type': 'application/json', ...headers },
      });
    for (const [encoding, encode] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      expect((await post(encoding, encode(lead))).status).toBe(201);
      const corrupt = await post(encoding, Buffer.from('not compressed at all'));
      expect(corrupt.status).toBe(400);
      expect(corrupt.json).toMatchObject({ error: 'VALIDATION_ERROR', message: ErrorMessages.malformedJson });
    }
    // An encoding the service does not decode is refused, not read as if it were plain.
    expect((await post('x-unknown', Buffer.from(lead))).status).toBe(400);
    // A small gzip that expands past the body limit (100 KiB) stops at the limit.
    const bomb = await post('gzip', gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));
    expect(bomb.status).toBe(413);
    // The public surfaces answer in their own envelope.
    const submit = await post('gzip', Buffer.from('garbage'), `/public/forms/${ID.formGuarded}/submit`);
    expect(submit.json).toMatchObject({
      statusCode: 400,
      message: ErrorMessages.malformedJson,
      details: [{ path: 'body', message: ErrorMessages.malformedJson }, { path: 'body' }],
    });
  });

  it('a body nested more than 32 levels deep is a 400 naming the limit on every surface; 32 levels pass', async () => {
    const message = 'Request body nests objects and arrays more than 32 levels deep';
    const nested = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = { deeper: value };
      return value;
    };
    // The body is level 1 and `data` level 2: `data` may hold 30 more levels.
    const lead = (levels: number) =>
      h.call('POST', '/connect/table_entries/', {
        token: TOKEN.write,
        body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: { deep: nested(levels) } },
      });
    expect((await lead(30)).status).toBe(201);
    const deep = await lead(31);
    expect(deep.status).toBe(400);
    expect(deep.json).toMatchObject({
      error: 'VALIDATION_ERROR',
      message,
      details: [{ path: 'body', message }],
    });
    // 50,000 levels in 100 KB, the shape that overflowed the stack in JSON.stringify.
    const brackets = '['.repeat(50_000) + ']'.repeat(50_000);
    const patch = await h.call('PATCH', `/connect/table_entries/${randomUUID()}`, {
      token: TOKEN.write,
      rawBody: brackets,
    });
    expect(patch.json).toMatchObject({ statusCode: 400, message });
    const submit = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      rawBody: brackets,
      headers,
    });
    expect(submit.json).toMatchObject({ statusCode: 400, message, details: [{ path: 'body', message }, {}] });
    const webhook = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'deep',
    });
    const ingress = await h.call('POST', `/public/ingress_webhooks/${webhook.id}`, {
      rawBody: brackets,
      headers: { 'x-service-ingress-token': webhook.token },
    });
    expect(ingress.json).toMatchObject({ statusCode: 400, message: 'Validation failed' });
  });

  it('ids that cannot be UUIDs never reach storage, and text no storage can keep is a 400', async () => {
    const lookups = () => (calls.get('forms.find') ?? 0) + (calls.get('ingressWebhooks.find') ?? 0);
    const before = lookups();
    const form = await h.call('GET', '/public/forms/abc%00def/config', { headers });
    expect(form.json).toEqual({ statusCode: 404, message: 'Form not found' });
    const ingress = await h.call('POST', '/public/ingress_webhooks/%00', {
      body: { data: { email: 'a@b.c' } },
      headers: { 'x-service-ingress-token': 'ab'.repeat(32) },
    });
    expect(ingress.json).toMatchObject({ statusCode: 404, message: 'Webhook not found' });
    expect(lookups()).toBe(before);

    const message = 'Request body contains a NUL character or an unpaired surrogate';
    for (const name of ['"a\\u0000b"', '"\\ud800"', '"\\udc00x"']) {
      const telemetry = await h.call('POST', `/public/forms/${ID.formGuarded}/telemetry`, {
        rawBody: `{"events":[{"name":${name}}]}`,
        headers: { ...headers, 'content-type': 'text/plain' },
      });
      expect(telemetry.json).toMatchObject({
        statusCode: 400,
        message,
        details: [{ path: 'body', message }, {}],
      });
    }
    // A paired surrogate (an emoji) is text like any other.
    const emoji = await h.call('POST', `/public/forms/${ID.formGuarded}/telemetry`, {
      rawBody: '{"events":[{"name":"\\ud83d\\ude00"}]}',
      headers,
    });
    expect(emoji.status).toBe(204);
    const lead = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      rawBody: `{"tableId":"${ID.table}","leadStateId":"${ID.leadStateNew}","data":{"n\\u0000":"x"}}`,
    });
    expect(lead.json).toMatchObject({ statusCode: 400, message, details: [{ path: 'body', message }] });
  });

  it('caps keys per lead document (200) and fields per pool schema (1000), with a 400 naming the limit', async () => {
    const pool = await h.service.admin.tables.create(ID.organization, {
      name: 'Capped',
      leadStates: [{ name: 'New', category: 'new', default: true }],
    });
    const state = pool.leadStates[0]!.id;
    const keys = (prefix: string, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));
    const create = (data: Record<string, unknown>) =>
      h.call('POST', '/connect/table_entries/', {
        token: TOKEN.write,
        body: { tableId: pool.table.id, leadStateId: state, data },
      });
    const tooMany = await create(keys('k', 201));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.details).toEqual([{ path: 'data', message: 'data may hold at most 200 keys' }]);
    for (const batch of ['a', 'b', 'c', 'd', 'e']) expect((await create(keys(batch, 200))).status).toBe(201);
    const full = await create({ ...keys('a', 10), fresh: 1 });
    expect(full.status).toBe(400);
    expect(full.json.message).toBe(
      "The lead pool's schema may hold at most 1000 fields (1 new keys would make 1001)",
    );
    // Known keys still write; nothing of the refused lead was stored.
    expect((await create(keys('e', 5))).status).toBe(201);
    const schema = await h.call('GET', `/connect/tables/${pool.table.id}`, { token: TOKEN.read });
    expect(schema.status).toBe(200);
    expect(JSON.stringify(schema.json)).not.toContain('"fresh"');
    // A merge patch cannot grow a document past the cap either.
    const entry = (await create(keys('a', 150))).json;
    const patched = await h.call('PATCH', `/connect/table_entries/${entry.id}`, {
      token: TOKEN.write,
      body: { data: keys('b', 51) },
    });
    expect(patched.json.details).toEqual([{ path: 'data', message: 'data may hold at most 200 keys' }]);
  });

  it('Connect reads only JSON bodies: another Content-Type is a 415 in the Connect envelope', async () => {
    const lead = JSON.stringify({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { email: 'j@example.com' },
    });
    const post = (contentType: string) =>
      h.call('POST', '/connect/table_entries/', {
        token: TOKEN.write,
        rawBody: lead,
        headers: { 'content-type': contentType },
      });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const refused = await post(type);
      expect(refused.status).toBe(415);
      expect(refused.json).toEqual({
        statusCode: 415,
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: ErrorMessages.unsupportedMediaType,
      });
    }
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/merge-patch+json',
    ]) {
      expect((await post(type)).status).toBe(201);
    }
  });
});
