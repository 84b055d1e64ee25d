/**
 * The Express router and the fetch handler answer alike: one table of requests (every surface,
 * successes and each kind of refusal) goes through both, and status, the headers a client reads
 * and the bodies must match. Both only translate for the one pipeline (`http/pipeline.ts`).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type CallOptions, type Harness } from './harness';
import { day } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { ALL_STUDIO_IDS, FORMS, goodSubmission } from './studio';

/** The headers a client acts on; the date, connection and length headers are the host's. */
const COMPARED = [
  'content-type',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'vary',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'www-authenticate',
  'x-request-id',
];

interface Case {
  name: string;
  method: string;
  path: string;
  options?: CallOptions;
}

const origin = { origin: 'https://www.example.com' };
const range = new URLSearchParams({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  start: `${day(1)}T00:00:00Z`,
  end: `${day(8)}T00:00:00Z`,
});
const lead = { tableId: ID.table, leadStateId: ID.leadStateNew, data: { name: 'Ada' } };
const booking = {
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(1)}T08:00:00.000Z`,
  endDateTime: `${day(1)}T09:00:00.000Z`,
};
const write = { token: TOKEN.write };

const CASES: Case[] = [
  { name: 'list calendars', method: 'GET', path: '/connect/calendar/', options: { token: TOKEN.read } },
  { name: 'HEAD of a GET route', method: 'HEAD', path: '/connect/calendar/', options: { token: TOKEN.read } },
  { name: 'one table', method: 'GET', path: `/connect/tables/${ID.table}`, options: { token: TOKEN.read } },
  {
    name: 'unknown calendar',
    method: 'GET',
    path: `/connect/calendar/${ID.otherTable}`,
    options: { token: TOKEN.read },
  },
  { name: 'bad uuid', method: 'GET', path: '/connect/calendar/nope', options: { token: TOKEN.read } },
  {
    name: 'availability',
    method: 'GET',
    path: `/connect/availability/?${range}`,
    options: { token: TOKEN.read },
  },
  {
    name: 'repeated query key',
    method: 'GET',
    path: `/connect/availability/?${range}&start=x`,
    options: { token: TOKEN.read },
  },
  { name: 'no token', method: 'GET', path: '/connect/calendar/' },
  {
    name: 'read token on a write',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { token: TOKEN.read, body: lead },
  },
  {
    name: 'unknown Connect path',
    method: 'GET',
    path: '/connect/nothing/here',
    options: { token: TOKEN.read },
  },
  {
    name: 'create a lead',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, body: lead },
  },
  {
    name: 'gzip body',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, rawBody: gzipSync(JSON.stringify(lead)), headers: { 'content-encoding': 'gzip' } },
  },
  {
    name: 'corrupt gzip',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, rawBody: 'not gzip', headers: { 'content-encoding': 'gzip' } },
  },
  {
    name: 'unknown encoding',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, rawBody: '{}', headers: { 'content-encoding': 'zstd' } },
  },
  {
    name: 'malformed JSON',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, rawBody: '{"tableId":' },
  },
  {
    name: 'not JSON',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, rawBody: 'a=b', headers: { 'content-type': 'text/plain' } },
  },
  {
    name: 'too large',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, body: { ...lead, data: { blob: 'x'.repeat(200_000) } } },
  },
  {
    name: 'too deep',
    method: 'POST',
    path: '/connect/table_entries/',
    options: { ...write, rawBody: `{"data":${'['.repeat(40)}${']'.repeat(40)}}` },
  },
  {
    name: 'patch an unknown lead',
    method: 'PATCH',
    path: `/connect/table_entries/${ID.otherTable}`,
    options: { ...write, body: { data: {} } },
  },
  { name: 'book', method: 'POST', path: '/connect/calendar_bookings/', options: { ...write, body: booking } },
  {
    name: 'book the full slot',
    method: 'POST',
    path: '/connect/calendar_bookings/',
    options: { ...write, body: booking },
  },
  {
    name: 'delete with a write token',
    method: 'DELETE',
    path: `/connect/calendar_bookings/${ID.otherTable}`,
    options: write,
  },
  {
    name: 'preflight',
    method: 'OPTIONS',
    path: `/public/forms/${ID.formGuarded}/submit`,
    options: { headers: { ...origin, 'access-control-request-headers': 'content-type' } },
  },
  {
    name: 'form availability',
    method: 'GET',
    path: `/public/forms/${ID.formGuarded}/availability`,
    options: { headers: origin },
  },
  {
    name: 'origin not allowed',
    method: 'GET',
    path: `/public/forms/${ID.formGuarded}/availability`,
    options: { headers: { origin: 'https://evil.example' } },
  },
  {
    name: 'form id not a uuid',
    method: 'GET',
    path: '/public/forms/%00/availability',
    options: { headers: origin },
  },
  {
    name: 'public slots',
    method: 'GET',
    path: `/public/forms/${ID.formGuarded}/slots?${range}`,
    options: { headers: origin },
  },
  {
    name: 'submit',
    method: 'POST',
    path: `/public/forms/${ID.formGuarded}/submit`,
    options: { headers: origin, body: goodSubmission(`${day(1)}T09:00:00.000Z`, `${day(1)}T10:00:00.000Z`) },
  },
  {
    name: 'telemetry beacon',
    method: 'POST',
    path: `/public/forms/${ID.formGuarded}/telemetry`,
    options: {
      rawBody: '{"events":[{"name":"view"}]}',
      headers: { ...origin, 'content-type': 'text/plain' },
    },
  },
  {
    name: 'unknown public path',
    method: 'GET',
    path: `/public/forms/${ID.formGuarded}/nothing`,
    options: { headers: origin },
  },
  {
    name: 'ingress without a token',
    method: 'POST',
    path: `/public/ingress_webhooks/${ID.table}`,
    options: { body: { data: {} } },
  },
  { name: 'unknown ingress path', method: 'GET', path: '/public/ingress_webhooks/x/y' },
];

/** A body with the ids and times a run made itself replaced, so two services' answers compare. */
function normalise(text: string): unknown {
  if (!text) return text;
  const known = new Set(ALL_STUDIO_IDS);
  return JSON.parse(
    text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) =>
      known.has(id) ? id : '<id>',
    ),
  );
}

describe('the Express router and the fetch handler answer alike', () => {
  const sides: Record<'express' | 'fetch', Harness> = {} as never;
  beforeAll(async () => {
    for (const kind of ['express', 'fetch'] as const) {
      const h = await createHarness(kind, {
        rateLimit: { limits: { read: 3 } },
        captcha: { verify: async ({ token }) => token === 'good-token' },
      });
      await h.service.admin.forms.create(ID.organization, FORMS.guarded);
      await h.service.admin.forms.create(ID.organization, FORMS.newsletter);
      sides[kind] = h;
    }
  });
  afterAll(() => Promise.all(Object.values(sides).map((h) => h.close())));

  it.each(CASES)('$name: $method $path', async ({ method, path, options = {} }) => {
    const answers = [];
    for (const kind of ['express', 'fetch'] as const) {
      const res = await sides[kind].call(method, path, {
        ...options,
        headers: { ...options.headers, 'x-request-id': 'parity-1' },
      });
      const headers = Object.fromEntries(
        COMPARED.flatMap((name) => (res.headers.has(name) ? [[name, res.headers.get(name)]] : [])),
      );
      answers.push({ status: res.status, headers, body: normalise(res.text) });
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('both send a large body whole, with its length (a 90-day availability search)', async () => {
    const long = new URLSearchParams({ ...Object.fromEntries(range), end: `${day(91)}T00:00:00Z` });
    const texts = [];
    for (const kind of ['express', 'fetch'] as const) {
      const res = await sides[kind].call('GET', `/connect/availability/?${long}`, { token: TOKEN.read });
      expect(res.status).toBe(200);
      const length = res.headers.get('content-length');
      if (length !== null) expect(Number(length)).toBe(Buffer.byteLength(res.text));
      texts.push(res.text);
    }
    // Bytes the route writes itself, a chunk at a time: both sides stream them as they are made.
    expect(Buffer.byteLength(texts[0]!)).toBeGreaterThan(256 * 1024);
    expect(texts[1]).toBe(texts[0]);
    expect(JSON.parse(texts[0]!).data.length).toBeGreaterThan(1000);
  });

  it('both rate limit alike: the same RateLimit headers, then the same 429', async () => {
    const answers = [];
    for (const kind of ['express', 'fetch'] as const) {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        // Its own form, so its own count (the cases above count against the booking form's).
        const res = await sides[kind].call('GET', `/public/forms/${ID.formNewsletter}/availability`);
        seen.push({
          status: res.status,
          limit: res.headers.get('ratelimit'),
          retry: res.headers.get('retry-after'),
        });
      }
      answers.push(seen);
    }
    expect(answers[0]!.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[1]).toEqual(answers[0]);
  });
});
