/**
 * Every type a subscription to `['*']` can be sent reaches the example receiver and verifies: the
 * list comes from the contract the server delivers from (`WEBHOOK_EVENT_TYPES`), so a type added
 * there fails this test until the scenario below produces it and the receiver accepts it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@leadbook/contract';
import { randomBytes } from 'node:crypto';
import {
  isCalendarEventFailed,
  isMeetingCreated,
  isMeetingFailed,
  isNotificationFailed,
  type WebhookEventType,
} from '@leadbook/sdk';
import {
  createInMemoryExternalCalendar,
  createInMemoryMeetingProvider,
  createInMemoryNotifier,
  ExternalCalendarError,
  MeetingProviderError,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { day, NOW } from '../../../test-support/time';
import { startReceiverAndService, until, type ReceiverHarness } from './harness';

/** A trial session with the coach on Monday at `hour`:00Z (the Berlin coach's slots: 08:00Z to 11:00Z). */
const trial = (hour: number, entryId: string) => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(1)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
  endDateTime: `${day(1)}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
  entryId,
});

describe('the example receiver and every deliverable event type', () => {
  let harness: ReceiverHarness;
  const meetings = createInMemoryMeetingProvider();
  // The coach's receiving calendar refuses the first booking's event for good.
  const coachCalendar = createInMemoryExternalCalendar();
  coachCalendar.fail(
    'createEvent',
    new ExternalCalendarError('HTTP 403: read-only calendar', { retryable: false }),
  );

  beforeEach(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    harness = await startReceiverAndService({
      meetings: { providers: [meetings] },
      notifications: { notifier: createInMemoryNotifier() },
      externalCalendars: {
        providers: { memory: () => coachCalendar },
        encryptionKeys: [{ id: 'k1', key: randomBytes(32) }],
      },
    });
    await harness.service.admin.externalCalendars.link(ID.organization, {
      resourceId: ID.resourceCoach,
      provider: 'memory',
      label: 'Coach work',
      connection: { name: 'work' },
      receivesBookings: true,
    });
    await harness.service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
      provider: 'zoom',
      hosts: { [ID.resourceCoach]: 'coach@example.com' },
    });
    await harness.service.admin.appointmentTypes.setNotifications(ID.organization, ID.appointmentTypeTrial, {
      from: { email: 'bookings@example.com' },
    });
  });
  afterEach(async () => {
    await harness.close();
    vi.useRealTimers();
  });

  it('verifies each type the server delivers, the meeting events included', async () => {
    const { service, handled, refused, call } = harness;
    const seen = () => new Set(handled.map(({ event }) => event.type));
    /** Waits for an event of `type`, or for the receiver to refuse a delivery. */
    const arrived = async (type: WebhookEventType) => {
      await until(type, () => seen().has(type) || refused.length > 0);
      expect(refused).toEqual([]);
    };
    const lead = (await call('POST', '/connect/table_entries/', TOKEN.write, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { email: 'ada@example.com' },
    }))!;
    const kept = (await call('POST', '/connect/calendar_bookings/', TOKEN.write, trial(8, lead.id)))!;
    await arrived('calendar.appointment.meetingCreated');
    await arrived('calendar.appointment.calendarEventFailed');
    meetings.fail('create', new MeetingProviderError('HTTP 400: invalid host', { retryable: false }));
    // A lead without an email address: its booking's confirmation is recorded as not sent.
    const noMail = (await call('POST', '/connect/table_entries/', TOKEN.write, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { name: 'No Mail' },
    }))!;
    const dropped = (await call('POST', '/connect/calendar_bookings/', TOKEN.write, trial(9, noMail.id)))!;
    await arrived('calendar.appointment.meetingFailed');
    await arrived('calendar.appointment.notificationFailed');
    await call('PATCH', `/connect/calendar_bookings/${kept.id}`, TOKEN.write, {
      startDateTime: `${day(1)}T10:00:00.000Z`,
      endDateTime: `${day(1)}T11:00:00.000Z`,
    });
    await call('DELETE', `/connect/calendar_bookings/${dropped.id}`, TOKEN.admin);
    const [subscription] = await service.admin.webhookSubscriptions.list(ID.organization);
    await service.admin.webhookSubscriptions.ping(ID.organization, subscription!.id);
    await vi.advanceTimersByTimeAsync(Date.parse(`${day(1)}T11:00:00Z`) - Date.now());
    await until('every type', () => seen().size >= WEBHOOK_EVENT_TYPES.length);

    expect(refused).toEqual([]);
    expect([...seen()].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const created = handled.map(({ event }) => event).find(isMeetingCreated);
    expect(created?.data.payload.booking).toMatchObject({ id: kept.id, meetingStatus: 'created' });
    const failed = handled.map(({ event }) => event).find(isMeetingFailed);
    expect(failed?.data.payload).toMatchObject({
      booking: { id: dropped.id, meetingStatus: 'failed' },
      reason: expect.stringContaining('invalid host'),
    });
    const unwritten = handled.map(({ event }) => event).find(isCalendarEventFailed);
    expect(unwritten?.data.payload).toMatchObject({
      booking: { id: kept.id },
      calendarEvent: { operation: 'create', reason: 'rejected', detail: 'HTTP 403: read-only calendar' },
    });
    const unsent = handled.map(({ event }) => event).find(isNotificationFailed);
    expect(unsent?.data.payload).toMatchObject({
      booking: { id: dropped.id },
      notification: { kind: 'confirmation', reason: 'noRecipient' },
    });
  });
});
