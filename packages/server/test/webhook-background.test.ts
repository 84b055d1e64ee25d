import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceEvent } from '@leadbook/contract';
import { describe, expect, it, vi } from 'vitest';
import { createServiceContext, startJobs } from '../src/compose';
import type { BookingRecord } from '../src/ports/records';
import { APPOINTMENT_JOB_TYPES, appointmentJobKey } from '../src/usecases/bookings/scheduled-events';
import { bookingResponse } from '../src/usecases/bookings/response';
import { buildDelivery, enqueueDelivery } from '../src/usecases/webhooks/delivery';
import { webhookOnlyForm } from './webhook-delivery-harness';
import { testClock } from '../../../test-support/time';

describe('webhook deliveries run beside the other scheduled jobs', { timeout: 60_000 }, () => {
  it('an appointment event fires while a slow receiver still holds a delivery', async () => {
    const held: ServerResponse[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      held.push(res);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const clock = testClock();
    const ctx = await createServiceContext({
      clock,
      webhooks: { allowPrivateUrls: true, timeoutMs: 60_000 },
    });
    const events: ServiceEvent[] = [];
    ctx.events.on('*', (event) => void events.push(event));
    const org = 'org-slow';
    const formId = randomUUID();
    const now = clock.now();
    const booking: BookingRecord = {
      id: randomUUID(),
      organizationId: org,
      calendarId: randomUUID(),
      name: null,
      createdAt: new Date(now).toISOString(),
      startDateTime: new Date(now).toISOString(),
      endDateTime: new Date(now + 3_600_000).toISOString(),
      startMs: now,
      endMs: now + 3_600_000,
      tableEntryId: null,
      resourceId: null,
      appointmentTypeId: null,
      resourceSlotId: null,
      calendarScheduleTypeId: null,
      calendarScheduleTypeSlotId: null,
      trigger: { source: 'console', apiTokenId: null, memberId: null },
    };
    const delivery = buildDelivery(ctx, {
      organizationId: org,
      formId,
      submissionId: randomUUID(),
      url,
      payload: { hello: 'world' },
    });
    await ctx.storage.transaction(async (tx) => {
      await tx.forms.create(
        webhookOnlyForm({
          id: formId,
          organizationId: org,
          webhookUrl: url,
          studios: [{ id: 's', name: 'S', calendarIds: [booking.calendarId] }],
        }),
      );
      await tx.webhookDeliveries.create(delivery);
      await tx.bookings.create(booking);
    });
    await startJobs(ctx);
    await enqueueDelivery(ctx, delivery);
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 20_000 });
    // Its job firing again meanwhile (a re-enqueue, another instance) must not send it twice.
    await enqueueDelivery(ctx, delivery);
    // The delivery is in flight and will stay so until released; the timer job is due now.
    const response = await ctx.storage.transaction((tx) => bookingResponse(tx, booking));
    await ctx.scheduler.schedule({
      key: appointmentJobKey(booking.id, 'hasStarted'),
      runAt: now,
      type: APPOINTMENT_JOB_TYPES.hasStarted,
      payload: { booking: response, trigger: booking.trigger },
    });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain('calendar.appointment.hasStarted'), {
      timeout: 20_000,
    });
    expect(held[0]!.writableEnded).toBe(false);
    held[0]!.writeHead(200).end();
    await ctx.scheduler.stop();
    await ctx.background.drain();
    const [stored] = await ctx.storage.transaction((tx) => tx.webhookDeliveries.list(org));
    expect(stored!.status).toBe('succeeded');
    expect(stored!.attempts).toHaveLength(1);
    expect(held).toHaveLength(1);
    await ctx.storage.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
});
