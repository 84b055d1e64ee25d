/**
 * The acceptance run of webhook subscriptions, end to end: a service subscribes this example's
 * receiver to every event; a lead, two bookings and the deletion of one, then the kept booking's
 * start and end (fake timers drive the service's clock and scheduler) reach the receiver once
 * each, every one verified by `verifyWebhook`; and a receiver failing three times gets the fourth
 * attempt with the same `webhook-id`. The kill -9 runs are in the server and storage-postgres
 * packages (`webhook-crash.test.ts`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTableEntryAdded, type WebhookEventType } from '@leadbook/sdk';
import { WEBHOOK_RETRY_DELAYS_MS } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { day, NOW } from '../../../test-support/time';
import { startReceiverAndService, until, type ReceiverHarness } from './harness';

/** Monday 09:00 and 10:00 in Berlin (UTC+1 in January): two trial sessions with the coach. */
const KEPT = { start: Date.parse(`${day(1)}T08:00:00Z`), end: Date.parse(`${day(1)}T09:00:00Z`) };
const DROPPED = { start: Date.parse(`${day(1)}T09:00:00Z`), end: Date.parse(`${day(1)}T10:00:00Z`) };

describe('webhook subscriptions, end to end with the example receiver', () => {
  let harness: ReceiverHarness;

  beforeEach(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    harness = await startReceiverAndService();
  });
  afterEach(async () => {
    await harness.close();
    vi.useRealTimers();
  });

  const book = (slot: { start: number; end: number }, entryId: string) =>
    harness.call('POST', '/connect/calendar_bookings/', TOKEN.write, {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      startDateTime: new Date(slot.start).toISOString(),
      endDateTime: new Date(slot.end).toISOString(),
      entryId,
    });
  const types = () => harness.handled.map(({ event }) => event.type);
  const count = (type: WebhookEventType) => types().filter((t) => t === type).length;

  it('delivers every event once, verified: lead, bookings, a deletion, then the start and end of the kept one', async () => {
    const { service, handled, requests, refused, call } = harness;
    const lead = await call('POST', '/connect/table_entries/', TOKEN.write, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { email: 'ada@example.com' },
    });
    const kept = await book(KEPT, lead!.id);
    const dropped = await book(DROPPED, lead!.id);
    await call('DELETE', `/connect/calendar_bookings/${dropped!.id}`, TOKEN.admin);
    await until('the first five events', () => handled.length >= 5);

    await vi.advanceTimersByTimeAsync(KEPT.start - Date.now());
    await until('hasStarted', () => count('calendar.appointment.hasStarted') === 1);
    await vi.advanceTimersByTimeAsync(DROPPED.end + 60 * 60_000 - Date.now());
    await until('hasEnded', () => count('calendar.appointment.hasEnded') === 1);
    // Nothing more comes, however long one waits (the deleted booking's timers were cancelled).
    await vi.advanceTimersByTimeAsync(2 * 86_400_000);
    await until('the deliveries to settle', () => true);

    expect(refused).toEqual([]);
    expect([...types()].sort()).toEqual(
      [
        'calendar.appointment.booked',
        'calendar.appointment.booked',
        'calendar.appointment.deleted',
        'calendar.appointment.hasEnded',
        'calendar.appointment.hasStarted',
        'table.entry.added',
        'table.entry.leadState.changed',
      ].sort(),
    );
    // Once each: one request per delivery, one delivery per event.
    expect(requests).toHaveLength(7);
    expect(new Set(requests).size).toBe(7);
    expect(
      new Set(handled.map(({ event }) => (event.type === 'webhook.ping' ? '' : event.data.id))).size,
    ).toBe(7);
    const bookingOf = (type: WebhookEventType) =>
      handled.flatMap(({ event }) =>
        event.type === type && 'payload' in event.data && 'booking' in event.data.payload
          ? [event.data.payload.booking.id]
          : [],
      );
    expect(bookingOf('calendar.appointment.hasStarted')).toEqual([kept!.id]);
    expect(bookingOf('calendar.appointment.hasEnded')).toEqual([kept!.id]);
    expect(bookingOf('calendar.appointment.deleted')).toEqual([dropped!.id]);
    // The envelope's data is the event in the activity log.
    const activity = await service.admin.activity.list(ID.organization);
    for (const { event } of handled) expect(activity).toContainEqual(event.data);
  });

  it('a receiver failing three times gets the fourth attempt with the same webhook-id', async () => {
    const { service, handled, requests, refused } = harness;
    const [subscription] = await service.admin.webhookSubscriptions.list(ID.organization);
    await service.admin.webhookSubscriptions.update(ID.organization, subscription!.id, {
      eventTypes: ['table.entry.added'],
    });
    harness.failNext(3);
    const lead = await service.admin.entries.create(ID.organization, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: {},
    });
    await until('the first attempt', () => requests.length === 1);
    for (const [i, delay] of WEBHOOK_RETRY_DELAYS_MS.slice(0, 3).entries()) {
      await vi.advanceTimersByTimeAsync(delay);
      await until(`attempt ${i + 2}`, () => requests.length === i + 2);
    }
    await until('the event to be handled', () => handled.length === 1);
    expect(refused).toEqual([]);
    expect(requests).toHaveLength(4);
    expect(new Set(requests)).toEqual(new Set([handled[0]!.webhookId]));
    const { event } = handled[0]!;
    expect(isTableEntryAdded(event) && event.data.payload.entry.id).toBe(lead.id);
    const [delivery] = await service.admin.webhookSubscriptions.deliveries(ID.organization, subscription!.id);
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503, 204]);
    expect(delivery!.id).toBe(handled[0]!.webhookId);
  });
});
