/**
 * Events delivered to webhook subscriptions, through the same machinery as form webhooks: which
 * subscriptions get which events, signatures, retries with one `webhook-id`, the subscription's URL
 * at each attempt, 410 and 5 days of failures disabling it, re-enabling, rotation, redelivery and
 * ping. The end-to-end run against the SDK's `verifyWebhook` is in `examples/webhook-receiver`.
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhookEventSchema, type ServiceEvent, type WebhookEvent } from '@leadbook/contract';
import { createConnectService, type ConnectService } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { DAY_MS, NOW } from '../../../test-support/time';
import { WEBHOOK_RETRY_DELAYS_MS } from '../src/domain/webhooks';
import { runUnit } from '../src/core/unit-of-work';
import {
  createContext,
  settle,
  startReceiver,
  until,
  type Answer,
  type Receiver,
} from './webhook-delivery-harness';
import { testStudio } from './studio';

const ORG = ID.organization;
const FIRST_RETRY_MS = WEBHOOK_RETRY_DELAYS_MS[0]!;
/** A fixed secret for the subscriptions whose receivers verify at receipt. */
const SECRET = `whsec_${Buffer.alloc(24, 42).toString('base64')}`;

interface Log {
  level: string;
  message: string;
  meta?: Record<string, unknown>;
}

describe('events delivered to webhook subscriptions', () => {
  const cleanups: Array<() => Promise<void>> = [];
  let service: ConnectService;
  let logs: Log[];
  const events: ServiceEvent[] = [];

  beforeEach(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    logs = [];
    events.length = 0;
    const log = (level: string) => (message: string, meta?: Record<string, unknown>) =>
      void logs.push({ level, message, ...(meta ? { meta } : {}) });
    service = await createConnectService({
      webhooks: { allowPrivateUrls: true, timeoutMs: 2_000 },
      logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    });
    cleanups.push(() => service.close());
    service.events.on('*', (event) => void events.push(event));
    await service.admin.seed(testStudio());
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.useRealTimers();
  });

  const api = () => service.admin.webhookSubscriptions;

  /** A receiver that verifies each request at receipt with {@link SECRET} (see `Received.verified`). */
  async function receiver(answer: (n: number, path: string) => Answer = () => 204): Promise<Receiver> {
    const started = await startReceiver(SECRET, answer);
    cleanups.push(() => started.close());
    return started;
  }

  /** A lead in the studio's pool: `table.entry.added` and `table.entry.leadState.changed`. */
  const createLead = (organizationId = ORG) =>
    service.admin.entries.create(
      organizationId,
      organizationId === ORG
        ? { tableId: ID.table, leadStateId: ID.leadStateNew, data: { email: 'ada@example.com' } }
        : { tableId: ID.otherTable, leadStateId: ID.otherLeadState, data: { email: 'bob@example.com' } },
    );

  /** Fires due jobs and waits (in real time) until `target` holds `n` requests. */
  async function received(target: Receiver, n: number) {
    await vi.advanceTimersByTimeAsync(0);
    await until(`${n} requests`, () => target.requests.length >= n);
    await settle();
  }

  const verify = (secret: string, request: Receiver['requests'][number]) =>
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookEvent;

  /** Waits until every delivery of the subscription has left `pending`. */
  const untilSettled = (id: string) =>
    until('the deliveries to settle', async () =>
      (await api().deliveries(ORG, id)).every((d) => d.status !== 'pending'),
    );

  it('delivers calendar.appointment.rescheduled to a subscription that selects it, with the old and new times', async () => {
    const target = await receiver();
    await api().create(ORG, {
      url: target.url('/moved'),
      eventTypes: ['calendar.appointment.rescheduled'],
      secret: SECRET,
    });
    const connect = (method: string, path: string, body: unknown) =>
      service.fetch(
        new Request(`http://x${path}`, {
          method,
          headers: { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const slot = (hour: number) => ({
      startDateTime: new Date(NOW + DAY_MS + (hour - 12) * 3_600_000).toISOString(),
      endDateTime: new Date(NOW + DAY_MS + (hour - 11) * 3_600_000).toISOString(),
    });
    const created = await connect('POST', '/connect/calendar_bookings/', {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      ...slot(8),
    });
    const booking = (await created.json()) as { id: string };
    expect((await connect('PATCH', `/connect/calendar_bookings/${booking.id}`, slot(10))).status).toBe(200);
    await received(target, 1);
    await settle();
    expect(target.requests).toHaveLength(1);
    const body = target.requests[0]!.verified as WebhookEvent;
    expect(WebhookEventSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      type: 'calendar.appointment.rescheduled',
      data: { payload: { booking: { id: booking.id, ...slot(10) }, previous: slot(8) } },
    });
  });

  it('sends each committed event once to every active subscription that lists its type, signed, in the envelope', async () => {
    const target = await receiver();
    const all = await api().create(ORG, { url: target.url('/all'), eventTypes: ['*'], secret: SECRET });
    await api().create(ORG, { url: target.url('/added'), eventTypes: ['table.entry.added'], secret: SECRET });
    await api().create(ORG, { url: target.url('/off'), eventTypes: ['*'], active: false });
    await api().create(ORG, { url: target.url('/booked'), eventTypes: ['calendar.appointment.booked'] });

    const entry = await createLead();
    await received(target, 3);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await settle();

    const paths = target.requests.map((r) => r.path).sort();
    expect(paths).toEqual(['/added', '/all', '/all']);
    for (const request of target.requests) {
      const body = request.verified as WebhookEvent;
      const event = events.find((e) => 'id' in body.data && e.id === body.data.id);
      expect(WebhookEventSchema.parse(body)).toEqual(body);
      expect(body).toEqual({ type: event!.type, version: 1, timestamp: event!.occurredAt, data: event });
      expect(request.headers['user-agent']).toBe('Leadbook-Webhooks/1');
    }
    const types = target.requests.filter((r) => r.path === '/all').map((r) => JSON.parse(r.body).type);
    expect(types.sort()).toEqual(['table.entry.added', 'table.entry.leadState.changed']);
    expect(JSON.parse(target.requests.find((r) => r.path === '/added')!.body).data.payload.entry.id).toBe(
      entry.id,
    );
    // One webhook-id per delivery, the id the delivery log shows.
    const ids = target.requests.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(3);
    const log = await api().deliveries(ORG, all.id);
    expect(log.map((d) => d.id).sort()).toEqual(
      target.requests
        .filter((r) => r.path === '/all')
        .map((r) => r.headers['webhook-id'])
        .sort(),
    );
    expect(log[0]).toMatchObject({
      subscriptionId: all.id,
      status: 'succeeded',
      nextAttemptAt: null,
      attempts: [
        { at: new Date(NOW).toISOString(), status: 204, error: null, durationMs: expect.any(Number) },
      ],
    });
  });

  it("never sends one organization's events to another organization's subscriptions", async () => {
    const target = await receiver();
    await api().create(ORG, { url: target.url('/studio'), eventTypes: ['*'] });
    await api().create(ID.otherOrganization, { url: target.url('/other'), eventTypes: ['*'] });
    await createLead(ORG);
    await createLead(ID.otherOrganization);
    await createLead(ORG);
    await received(target, 6);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await settle();
    expect(target.requests).toHaveLength(6);
    for (const request of target.requests) {
      const { data } = JSON.parse(request.body) as WebhookEvent;
      expect(data.organizationId).toBe(request.path === '/studio' ? ORG : ID.otherOrganization);
    }
    expect(target.requests.filter((r) => r.path === '/other')).toHaveLength(2);
  });

  it('retries a failing receiver with the same webhook-id and body, at the URL the subscription has then', async () => {
    const target = await receiver((n) => (n <= 2 ? 503 : 200));
    const { id } = await api().create(ORG, {
      url: target.url('/old'),
      eventTypes: ['table.entry.added'],
      secret: SECRET,
    });
    await createLead();
    await received(target, 1);
    // The receiver moved: the retries go to the subscription's new URL.
    await api().update(ORG, id, { url: target.url('/new') });
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await received(target, 2);
    await vi.advanceTimersByTimeAsync(WEBHOOK_RETRY_DELAYS_MS[1]!);
    await received(target, 3);
    await untilSettled(id);

    expect(target.requests.map((r) => r.path)).toEqual(['/old', '/new', '/new']);
    expect(new Set(target.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(target.requests.map((r) => r.body)).size).toBe(1);
    for (const request of target.requests) {
      expect((request.verified as WebhookEvent).type).toBe('table.entry.added');
    }
    const [delivery] = await api().deliveries(ORG, id);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      url: target.url('/new'),
      attempts: [
        { at: new Date(NOW).toISOString(), status: 503, error: 'HTTP 503' },
        { at: new Date(NOW + FIRST_RETRY_MS).toISOString(), status: 503, error: 'HTTP 503' },
        { at: new Date(NOW + FIRST_RETRY_MS + WEBHOOK_RETRY_DELAYS_MS[1]!).toISOString(), status: 200 },
      ],
    });
    // The failures opened a failing stretch; the success closed it.
    expect((await api().get(ORG, id))!.failingSince).toBeNull();
  });

  it('stores no delivery of an event whose unit rolls back', async () => {
    const target = await receiver();
    const harness = await createContext({ allowPrivateUrls: true });
    cleanups.push(() => harness.close());
    const { ctx } = harness;
    await ctx.storage.transaction((tx) =>
      tx.webhookSubscriptions.create({
        id: '00000000-0000-4000-8000-000000000001',
        organizationId: ORG,
        url: target.url(),
        eventTypes: ['*'],
        description: '',
        active: true,
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
        previousSecrets: [],
        createdAt: new Date(NOW).toISOString(),
        updatedAt: new Date(NOW).toISOString(),
      }),
    );
    const entry = (await createLead()) as never;
    const trigger = { source: 'console', apiTokenId: null, memberId: null } as const;
    const emitThenFail = runUnit(ctx, async (_tx, emit) => {
      await emit('table.entry.added', ORG, trigger, { entry });
      throw new Error('the rest of the unit failed');
    });
    await expect(emitThenFail).rejects.toThrow('the rest of the unit failed');
    const committed = runUnit(ctx, (_tx, emit) => emit('table.entry.added', ORG, trigger, { entry }));
    await committed;
    await received(target, 1);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await settle();
    expect(target.requests).toHaveLength(1);
    expect(await ctx.storage.transaction((tx) => tx.webhookDeliveries.list(ORG))).toHaveLength(1);
  });

  it('a 410 disables the subscription with a log line; re-enabled, it receives new events only', async () => {
    let gone = true;
    const target = await receiver(() => (gone ? 410 : 200));
    const { id } = await api().create(ORG, { url: target.url(), eventTypes: ['table.entry.added'] });
    await createLead();
    await received(target, 1);
    await untilSettled(id);
    expect(await api().get(ORG, id)).toMatchObject({
      active: false,
      disabledReason: 'gone',
      disabledAt: new Date(NOW).toISOString(),
    });
    expect(logs).toContainEqual({
      level: 'warn',
      message: 'webhook subscription disabled: its receiver answered 410 Gone',
      meta: expect.objectContaining({ subscriptionId: id, reason: 'gone' }),
    });
    await createLead(); // missed while disabled
    gone = false;
    await api().update(ORG, id, { active: true });
    expect(await api().get(ORG, id)).toMatchObject({ active: true, disabledReason: null, disabledAt: null });
    const last = await createLead();
    await received(target, 2);
    await untilSettled(id);
    expect(target.requests).toHaveLength(2);
    expect(JSON.parse(target.requests[1]!.body).data.payload.entry.id).toBe(last.id);
    expect((await api().deliveries(ORG, id)).map((d) => d.status)).toEqual(['succeeded', 'gone']);
  });

  it('5 days of failing deliveries disable the subscription (not 4); its pending retries are abandoned', async () => {
    const target = await receiver(() => 500);
    const { id } = await api().create(ORG, { url: target.url(), eventTypes: ['table.entry.added'] });
    await createLead();
    await received(target, 1);
    expect((await api().get(ORG, id))!.failingSince).toBe(new Date(NOW).toISOString());

    // The receiver stays down: the first retry comes 4 days later (the service was stopped, say).
    vi.setSystemTime(NOW + 4 * DAY_MS);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await received(target, 2);
    expect(await api().get(ORG, id)).toMatchObject({
      active: true,
      failingSince: new Date(NOW).toISOString(),
    });

    vi.setSystemTime(NOW + 5 * DAY_MS);
    await vi.advanceTimersByTimeAsync(WEBHOOK_RETRY_DELAYS_MS[1]!);
    await received(target, 3);
    await until('the subscription to be disabled', async () => !(await api().get(ORG, id))!.active);
    const disabled = await api().get(ORG, id);
    expect(disabled).toMatchObject({
      active: false,
      disabledReason: 'failing',
      failingSince: new Date(NOW).toISOString(),
    });
    expect(logs).toContainEqual({
      level: 'warn',
      message: 'webhook subscription disabled: its deliveries failed for 5 days',
      meta: expect.objectContaining({ subscriptionId: id, reason: 'failing' }),
    });
    // The delivery's next retry finds the subscription disabled: abandoned, not sent.
    await vi.advanceTimersByTimeAsync(WEBHOOK_RETRY_DELAYS_MS[2]!);
    await untilSettled(id);
    const [delivery] = await api().deliveries(ORG, id);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts.at(-1)).toMatchObject({
      status: null,
      error: 'the webhook subscription is disabled; delivery abandoned',
    });
    await createLead();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await settle();
    expect(target.requests).toHaveLength(3);
    expect(await api().deliveries(ORG, id)).toHaveLength(1);
  });

  it('signs with the old and the new secret during the grace period of a rotation, then with the new one only', async () => {
    const target = await receiver();
    const { id, secret: old } = await api().create(ORG, {
      url: target.url(),
      eventTypes: ['table.entry.added'],
    });
    const { secret: fresh } = await api().rotateSecret(ORG, id, { gracePeriodMs: 60 * 60_000 });
    await createLead();
    await received(target, 1);
    const during = target.requests[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(old, during).type).toBe('table.entry.added');
    expect(verify(fresh, during).type).toBe('table.entry.added');

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await createLead();
    await received(target, 2);
    const after = target.requests[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(fresh, after).type).toBe('table.entry.added');
    expect(() => verify(old, after)).toThrow('No matching signature found');
  });

  it('redelivers a delivery with the same webhook-id and body, and pings a subscription', async () => {
    const target = await receiver();
    const { id, secret } = await api().create(ORG, { url: target.url(), eventTypes: ['table.entry.added'] });
    await createLead();
    await received(target, 1);
    await untilSettled(id);
    const [first] = await api().deliveries(ORG, id);
    const again = await api().redeliver(ORG, first!.id);
    expect(again).toMatchObject({ id: first!.id, status: 'pending', nextAttemptAt: NOW });
    await received(target, 2);
    await untilSettled(id);
    expect(target.requests[1]!.headers['webhook-id']).toBe(first!.id);
    expect(target.requests[1]!.body).toBe(target.requests[0]!.body);
    expect((await api().deliveries(ORG, id))[0]!.attempts).toHaveLength(2);

    const ping = await api().ping(ORG, id);
    await received(target, 3);
    const body = verify(secret, target.requests[2]!);
    expect(body).toEqual({
      type: 'webhook.ping',
      version: 1,
      timestamp: new Date(NOW).toISOString(),
      data: { organizationId: ORG, subscriptionId: id, message: expect.any(String) },
    });
    expect(target.requests[2]!.headers['webhook-id']).toBe(ping.id);
    await untilSettled(id);
    expect((await api().deliveries(ORG, id, { limit: 1 }))[0]).toMatchObject({
      id: ping.id,
      eventType: 'webhook.ping',
      status: 'succeeded',
    });
  });
});
