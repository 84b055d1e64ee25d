import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { day } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';
import { FORMS, goodSubmission } from './studio';
import { registerInMemoryOtel, type InMemoryOtel, type Point } from './support/otel';

const slot = (days: number, hour: number) => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
  endDateTime: `${day(days)}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
});

// What a user sent or holds that no span or metric may carry.
const HOOK_QUERY_TOKEN = 'receiver-query-token-5f1c';
const LEAD_NOTE = 'lead-note-the-customer-wrote-9c2e';
const LEAD_EMAIL = 'grace.hopper@example.org';

/**
 * One workload for both describes: a Connect booking, a hold and a lead with data, and a public form
 * submission (a booking, a lead with an email, a signed webhook to a URL with a token in its query).
 */
describe('OpenTelemetry metrics, and what telemetry never carries', { timeout: 60_000 }, () => {
  let otel: InMemoryOtel;
  let h: Harness;
  let webhookSecret: string;
  const delivered: string[] = [];
  let sent: Record<string, number>;

  beforeAll(async () => {
    otel = registerInMemoryOtel();
    h = await createHarness('fetch', {
      rateLimit: { enabled: false },
      captcha: { verify: async () => true },
      webhooks: {
        // A public receiver, reached through a stand-in fetch: no network in this test.
        lookup: async () => ['93.184.216.34'],
        fetch: async (url) => {
          delivered.push(String(url));
          return new Response(null, { status: 204 });
        },
      },
    });
    const form = await h.service.admin.forms.create(ID.organization, {
      ...FORMS.guarded,
      webhookUrl: `https://hooks.example.test/leadbook?token=${HOOK_QUERY_TOKEN}`,
    });
    webhookSecret = form.webhookSecret;
    const lead = await h.call('POST', '/connect/table_entries/', {
      token: TOKEN.write,
      body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: { note: LEAD_NOTE, email: LEAD_EMAIL } },
    });
    const booking = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: slot(1, 9),
    });
    const hold = await h.call('POST', '/connect/booking_holds/', { token: TOKEN.write, body: slot(1, 10) });
    // The coach has room for one: a second hold of the same hour finds none.
    const full = await h.call('POST', '/connect/booking_holds/', { token: TOKEN.write, body: slot(1, 10) });
    const submission = goodSubmission(`${day(2)}T08:00:00.000Z`, `${day(2)}T09:00:00.000Z`);
    const submit = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: { ...submission, data: { ...submission.data, [Object.keys(submission.data)[1]!]: LEAD_EMAIL } },
      headers: { origin: 'https://www.example.com' },
    });
    sent = {
      lead: lead.status,
      booking: booking.status,
      hold: hold.status,
      full: full.status,
      submit: submit.status,
    };
    await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 20_000 });
    await vi.waitFor(
      () => expect(otel.spans().some((s) => s.attributes['leadbook.webhook.outcome'])).toBe(true),
      { timeout: 20_000 },
    );
  });
  afterAll(async () => {
    await h.close();
    await otel.shutdown();
  });

  const points = async (name: string): Promise<Point[]> => (await otel.metrics()).get(name) ?? [];
  const total = (list: Point[], attributes: Record<string, unknown>) =>
    list
      .filter((p) => Object.entries(attributes).every(([key, value]) => p.attributes[key] === value))
      .reduce((sum, p) => sum + (typeof p.value === 'number' ? p.value : p.value.count), 0);

  it('the workload went through', () => {
    expect(sent).toEqual({ lead: 201, booking: 201, hold: 201, full: 400, submit: 200 });
  });

  it('counts committed bookings by where they came from', async () => {
    const created = await points('leadbook.bookings.created');
    expect(total(created, { 'leadbook.trigger.source': 'connect' })).toBe(1);
    expect(total(created, { 'leadbook.trigger.source': 'form' })).toBe(1);
  });

  it('measures request durations by method, route template and status', async () => {
    const durations = await points('http.server.request.duration');
    const bookings = durations.filter((p) => p.attributes['http.route'] === '/connect/calendar_bookings/');
    expect(bookings).toEqual([
      {
        attributes: {
          'http.request.method': 'POST',
          'http.route': '/connect/calendar_bookings/',
          'http.response.status_code': 201,
        },
        value: { count: 1, sum: expect.any(Number) },
      },
    ]);
    expect(
      total(durations, { 'http.route': '/public/forms/:id/submit', 'http.response.status_code': 200 }),
    ).toBe(1);
  });

  it('counts holds, webhook attempts by outcome, scheduler lag and transactions', async () => {
    const holds = await points('leadbook.holds.placed');
    expect(total(holds, { 'leadbook.hold.outcome': 'placed' })).toBe(1);
    expect(total(holds, { 'leadbook.hold.outcome': 'unavailable' })).toBe(1);
    expect(
      total(await points('leadbook.webhook.attempts'), { 'leadbook.webhook.outcome': 'succeeded' }),
    ).toBe(1);
    expect(
      total(await points('leadbook.webhook.attempt.duration'), { 'leadbook.webhook.outcome': 'succeeded' }),
    ).toBe(1);
    // The delivery's job ran when it was due, on the service's clock.
    const lag = await points('leadbook.scheduler.lag');
    expect(total(lag, { 'leadbook.job.type': 'webhook.delivery' })).toBeGreaterThanOrEqual(1);
    const transactions = await points('leadbook.storage.transaction.duration');
    const commit = { 'db.system': 'sqlite', 'leadbook.transaction.outcome': 'commit' };
    expect(total(transactions, { ...commit, 'leadbook.transaction.read_only': false })).toBeGreaterThan(0);
    expect(total(transactions, { ...commit, 'leadbook.transaction.read_only': true })).toBeGreaterThan(0);
  });

  it('the webhook attempt is a client span naming only the receiver host', () => {
    const attempt = otel.spans().find((s) => s.attributes['leadbook.webhook.outcome'])!;
    expect(attempt.kind).toBe(SpanKind.CLIENT);
    expect(attempt.name).toBe('POST');
    expect(attempt.attributes).toEqual({
      'http.request.method': 'POST',
      'server.address': 'hooks.example.test',
      'leadbook.webhook.outcome': 'succeeded',
      'http.response.status_code': 204,
    });
    // The attempt runs in the background of the delivery job's run, which it outlives.
    const job = otel.spans().find((s) => s.spanContext().spanId === attempt.parentSpanContext?.spanId);
    expect(job?.name).toBe('job webhook.delivery');
  });

  it('no span or metric carries a token, a secret, an email or lead data', async () => {
    const submission = goodSubmission();
    const forbidden = [
      TOKEN.write,
      TOKEN.read,
      webhookSecret,
      webhookSecret.replace(/^whsec_/, ''),
      HOOK_QUERY_TOKEN,
      LEAD_NOTE,
      LEAD_EMAIL,
      submission.captchaToken,
      ...Object.values(submission.data).filter((v): v is string => typeof v === 'string' && v.length > 5),
      '@',
    ];
    const texts: string[] = [];
    for (const span of otel.spans()) {
      texts.push(span.name, JSON.stringify(span.attributes), JSON.stringify(span.events));
      texts.push(span.status.message ?? '');
    }
    for (const [name, list] of await otel.metrics()) {
      texts.push(name, ...list.map((p) => JSON.stringify(p.attributes)));
    }
    expect(otel.spans().length).toBeGreaterThan(20);
    for (const text of texts) {
      for (const secret of forbidden) expect(text).not.toContain(secret);
    }
    // Nor any attribute that would carry a whole URL, a query or a statement's text.
    const keys = new Set(otel.spans().flatMap((s) => Object.keys(s.attributes)));
    for (const key of ['url.full', 'url.query', 'http.url', 'db.statement', 'db.query.text', 'enduser.id']) {
      expect(keys).not.toContain(key);
    }
  });
});
