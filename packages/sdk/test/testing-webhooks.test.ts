/**
 * The mock service records its webhook deliveries: an integrator subscribes, acts through the SDK,
 * and asserts on what the receiver would have got (and verifies it as the receiver would).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAppointmentBooked, isTableEntryAdded, verifyWebhook } from '@leadbook/sdk';
import { MOCK_IDS } from '@leadbook/sdk/testing';
import { NOW } from '../../../test-support/time';
import { range, useMockLeadbook } from './helpers';

const env = useMockLeadbook();

describe('recorded webhook deliveries of the mock service', () => {
  beforeEach(() => env.mock.webhooks.clear());
  afterEach(() => vi.useRealTimers());

  it('records each event delivered to a subscription, signed so that verifyWebhook accepts it', async () => {
    const { secret, url } = await env.mock.webhooks.subscribe({
      eventTypes: ['table.entry.added', 'calendar.appointment.booked'],
    });
    const client = env.client();
    const lead = await client.leads.create({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: {},
    });
    const { data } = await client.availability.search({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      ...range(),
      onlyAvailable: true,
    });
    const slot = data[0]!;
    const booking = await client.bookings.create({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
      entryId: lead.id,
    });

    const deliveries = await env.mock.webhooks.waitFor(2);
    expect(deliveries.map((d) => d.url)).toEqual([url, url]);
    expect(env.mock.webhooks.events('table.entry.added').map((e) => e.data.payload.entry.id)).toEqual([
      lead.id,
    ]);
    expect(env.mock.webhooks.events('calendar.appointment.booked')[0]!.data.payload.booking.id).toBe(
      booking.id,
    );
    // Signed at the mock's clock: verify as a receiver would at that time.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const verified = deliveries.map((d) => verifyWebhook(secret, d.headers, d.body));
    expect(verified.filter(isTableEntryAdded)).toHaveLength(1);
    expect(verified.filter(isAppointmentBooked)).toHaveLength(1);
    expect(new Set(deliveries.map((d) => d.webhookId)).size).toBe(2);
  });

  it('answers with the status set by respondWith: a 410 disables the subscription', async () => {
    const { id } = await env.mock.webhooks.subscribe({ eventTypes: ['table.entry.added'] });
    env.mock.webhooks.respondWith(410);
    await env
      .client()
      .leads.create({ tableId: MOCK_IDS.table, leadStateId: MOCK_IDS.leadStateNew, data: {} });
    const [delivery] = await env.mock.webhooks.waitFor(1);
    expect(delivery!.status).toBe(410);
    const admin = env.mock.service.admin.webhookSubscriptions;
    await expect.poll(async () => (await admin.get(MOCK_IDS.organization, id)).disabledReason).toBe('gone');
    env.mock.webhooks.respondWith(204);
  });

  it('waitFor rejects, naming the count, when too few deliveries come', async () => {
    await expect(env.mock.webhooks.waitFor(1, { timeoutMs: 50 })).rejects.toThrow(
      'expected 1 webhook deliveries within 50 ms, got 0',
    );
  });
});
