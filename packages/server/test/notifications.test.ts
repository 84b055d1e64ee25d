import { randomUUID } from 'node:crypto';
import { MAX_NOTIFICATION_REMINDERS, type EventOf } from '@leadbook/contract';
import {
  createTimerScheduler,
  NotifierError,
  type JobRun,
  type Scheduler,
  type StorageAdapter,
} from '@leadbook/server';
import {
  STUDIO_FORM_FIELDS as FIELD,
  STUDIO_IDS as ID,
  studioForms,
  studioSubmission,
} from '@leadbook/server/studio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { advanceTo, notifyingStudio, type NotifyingStudio } from './notifications-support';

const HOUR = 3_600_000;
// Monday 09:00 in Berlin, inside the coach's daily window.
const START = Date.parse(`${day(1)}T08:00:00Z`);
const SENDER = { from: { email: 'bookings@studio.test', name: 'Yoga Studio' } };

const kinds = (studio: NotifyingStudio) => studio.notifier.messages.map((m) => m.id.split('.')[0]);
const failures = (studio: NotifyingStudio) =>
  studio.events.filter(
    (e): e is EventOf<'calendar.appointment.notificationFailed'> =>
      e.type === 'calendar.appointment.notificationFailed',
  );

describe('booking notifications', () => {
  let studio: NotifyingStudio | undefined;
  beforeEach(() => {
    // 25 hours before the booking's start: its 24-hour reminder is an hour away.
    vi.useFakeTimers({ now: START - 25 * HOUR, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    await studio?.service.close();
    studio = undefined;
    vi.useRealTimers();
  });

  it('sends the 24 h reminder of a booking made 25 h ahead once, at its instant', async () => {
    studio = await notifyingStudio({ ...SENDER, reminderMinutesBefore: [24 * 60] });
    const lead = await studio.lead({ name: 'Ada Lovelace', email: 'ada@lead.test' });
    const booking = await studio.book(START, lead);
    await advanceTo(Date.now());
    expect(kinds(studio)).toEqual(['confirmation']);
    await advanceTo(START - 24 * HOUR - 1);
    expect(kinds(studio)).toEqual(['confirmation']);
    await advanceTo(START - 24 * HOUR);
    expect(kinds(studio)).toEqual(['confirmation', 'reminder']);
    await advanceTo(START + 2 * HOUR);
    expect(kinds(studio)).toEqual(['confirmation', 'reminder']);
    const reminder = studio.notifier.messages[1]!;
    expect(reminder).toMatchObject({
      id: `reminder.${booking.id}.0.1440m@leadbook.events`,
      from: '"Yoga Studio" <bookings@studio.test>',
      to: ['"Ada Lovelace" <ada@lead.test>'],
      attachments: [],
    });
    // The calendar's zone, named: 09:00 in Berlin is 08:00 UTC.
    expect(reminder.text).toContain('Europe/Berlin');
    expect(reminder.text).toMatch(/9:00/);
  });

  it('with a scheduler that runs each job twice at once, finishing it in the send transaction sends once', async () => {
    // Each due job is handed to the handler twice together, as two instances would after one was
    // taken for dead; the run that finishes the job first in its transaction wins (a marker job
    // records the finish, in the same transaction as the handler's writes).
    const twice = (storage: StorageAdapter): Scheduler => {
      const inner = createTimerScheduler({ storage });
      const run = (key: string): JobRun => ({
        async finish(jobs) {
          const marker = `finished:${key}`;
          if (await jobs.get(marker)) return false;
          await jobs.upsert({
            key: marker,
            runAt: Number.MAX_SAFE_INTEGER,
            type: 'test.finished',
            payload: null,
            createdAt: new Date().toISOString(),
          });
          return true;
        },
      });
      return {
        ...inner,
        jobStore: inner.jobStore!,
        start: (handler) =>
          inner.start(async (job) => {
            await Promise.all([handler(job, run(job.key)), handler(job, run(job.key))]);
          }),
      };
    };
    studio = await notifyingStudio({ ...SENDER, reminderMinutesBefore: [24 * 60] }, { scheduler: twice });
    const lead = await studio.lead({ email: 'ada@lead.test' });
    const booking = await studio.book(START, lead);
    await advanceTo(START - 24 * HOUR);
    expect(studio.notifier.messages.map((m) => m.id)).toEqual([
      `confirmation.${booking.id}.0@leadbook.events`,
      `reminder.${booking.id}.0.1440m@leadbook.events`,
    ]);
    // Each send's lease (the message again, should the process die before its outcome is written)
    // was cancelled once the send was settled.
    const pending = await studio.service.storage.transaction((tx) =>
      tx.jobs.listDue(Number.MAX_SAFE_INTEGER, 100),
    );
    expect(pending.filter((job) => job.type === 'booking.notification')).toEqual([]);
  });

  it('does not send a reminder whose time had passed at booking, nor one of a deleted booking', async () => {
    studio = await notifyingStudio({ ...SENDER, reminderMinutesBefore: [26 * 60, 60] });
    const lead = await studio.lead({ email: 'ada@lead.test' });
    const booking = await studio.book(START, lead);
    await advanceTo(START - 2 * HOUR);
    await studio.remove(booking.id);
    await advanceTo(START + HOUR);
    expect(kinds(studio)).toEqual(['confirmation', 'cancellation']);
    expect(await studio.service.storage.transaction((tx) => tx.jobs.nextRunAt())).toBeNull();
  });

  it('moves reminders with their booking, and each reschedule sends an invite of the next SEQUENCE', async () => {
    studio = await notifyingStudio({ ...SENDER, reminderMinutesBefore: [60] });
    const lead = await studio.lead({ email: 'ada@lead.test' });
    const booking = await studio.book(START, lead);
    await advanceTo(Date.now());
    await studio.reschedule(booking.id, START + 24 * HOUR);
    await advanceTo(Date.now());
    await studio.reschedule(booking.id, START + 48 * HOUR);
    await advanceTo(START + 24 * HOUR);
    expect(kinds(studio)).toEqual(['confirmation', 'reschedule', 'reschedule']);
    await advanceTo(START + 47 * HOUR);
    expect(studio.notifier.messages.map((m) => m.id)).toEqual([
      `confirmation.${booking.id}.0@leadbook.events`,
      `reschedule.${booking.id}.1@leadbook.events`,
      `reschedule.${booking.id}.2@leadbook.events`,
      `reminder.${booking.id}.2.60m@leadbook.events`,
    ]);
  });

  it('retries a temporary failure (4xx) with backoff under the same message id', async () => {
    studio = await notifyingStudio(SENDER);
    const lead = await studio.lead({ email: 'ada@lead.test' });
    studio.notifier.fail(new NotifierError('451 try again later', { retryable: true, responseCode: 451 }));
    studio.notifier.fail(new NotifierError('421 busy', { retryable: true, responseCode: 421 }));
    const booking = await studio.book(START, lead);
    await advanceTo(Date.now());
    expect(studio.notifier.messages).toEqual([]);
    // Retried after 1 minute, then after 2 more.
    await advanceTo(Date.now() + 60_000);
    expect(studio.notifier.messages).toEqual([]);
    await advanceTo(Date.now() + 2 * 60_000 - 1);
    expect(studio.notifier.messages).toEqual([]);
    await advanceTo(Date.now() + 1);
    expect(studio.notifier.messages.map((m) => m.id)).toEqual([
      `confirmation.${booking.id}.0@leadbook.events`,
    ]);
    expect(failures(studio)).toEqual([]);
  });

  it('records a permanent failure (5xx) in the activity log and does not retry it', async () => {
    studio = await notifyingStudio(SENDER, { maxAttempts: 3 });
    const lead = await studio.lead({ email: 'nobody@lead.test' });
    studio.notifier.fail(new NotifierError('550 no such mailbox', { retryable: false, responseCode: 550 }));
    const booking = await studio.book(START, lead);
    await advanceTo(Date.now() + HOUR);
    expect(studio.notifier.messages).toEqual([]);
    const [failure] = failures(studio);
    expect(failure?.payload.notification).toEqual({
      kind: 'confirmation',
      messageId: `confirmation.${booking.id}.0@leadbook.events`,
      reason: 'rejected',
      detail: '550 no such mailbox',
    });
    const activity = await studio.service.storage.transaction((tx) =>
      tx.activity.list(ID.organization, { type: 'calendar.appointment.notificationFailed' }),
    );
    expect(activity.map((e) => e.id)).toEqual([failure!.id]);
  });

  it('gives up after the last attempt of temporary failures', async () => {
    studio = await notifyingStudio(SENDER, { maxAttempts: 2 });
    const lead = await studio.lead({ email: 'ada@lead.test' });
    for (let i = 0; i < 2; i++) studio.notifier.fail(new NotifierError('451 later', { retryable: true }));
    await studio.book(START, lead);
    await advanceTo(Date.now() + HOUR);
    expect(studio.notifier.messages).toEqual([]);
    expect(failures(studio).map((e) => e.payload.notification.reason)).toEqual(['retriesExhausted']);
  });

  it('sends nothing to a lead without an email address, and records that', async () => {
    studio = await notifyingStudio({ ...SENDER, reminderMinutesBefore: [60] });
    const lead = await studio.lead({ name: 'No Mail', phone: '+49301234567' });
    const booking = await studio.book(START, lead);
    await advanceTo(START);
    expect(studio.notifier.messages).toEqual([]);
    expect(failures(studio).map((e) => [e.payload.notification.kind, e.payload.notification.reason])).toEqual(
      [
        ['confirmation', 'noRecipient'],
        ['reminder', 'noRecipient'],
      ],
    );
    expect(failures(studio)[0]!.payload.booking.id).toBe(booking.id);
  });

  it('finds the address under a key the pool schema marks as email', async () => {
    studio = await notifyingStudio(SENDER);
    const lead = await studio.lead({ 'E-Mail': 'grace@lead.test' });
    await studio.book(START, lead);
    await advanceTo(Date.now());
    expect(studio.notifier.messages.map((m) => m.to)).toEqual([['grace@lead.test']]);
  });

  it('takes the address from the email field of the form a booking came through, whatever its data key', async () => {
    studio = await notifyingStudio(SENDER);
    // The trial form with its email field stored under `contact`, a key nothing else reads as email.
    const { trial } = studioForms();
    const form = {
      ...trial,
      fields: (trial.fields ?? []).map((field) =>
        field.type === 'email' ? { ...field, dataKey: 'contact' } : field,
      ),
    };
    await studio.service.admin.forms.create(ID.organization, form);
    const submission = studioSubmission({
      startDateTime: new Date(START).toISOString(),
      endDateTime: new Date(START + HOUR).toISOString(),
      resourceId: ID.resourceCoach,
    });
    const submitted = await studio.service.fetch(
      new Request(`http://x/public/forms/${ID.form}/submit`, {
        method: 'POST',
        headers: { origin: 'https://www.example.com', 'content-type': 'application/json' },
        body: JSON.stringify({
          ...submission,
          data: { ...submission.data, [FIELD.email]: 'form@lead.test' },
        }),
      }),
    );
    expect(submitted.status).toBe(200);
    await advanceTo(Date.now());
    expect(studio.notifier.messages.map((m) => m.to)).toEqual([['"Ada Lovelace" <form@lead.test>']]);

    // The same lead booked through the Connect API: no form, and `contact` is not an email key.
    const booked = studio.events.find((e) => e.type === 'calendar.appointment.booked');
    const leadId = (booked as EventOf<'calendar.appointment.booked'>).payload.booking.tableEntryId!;
    const lead = await studio.service.storage.transaction((tx) => tx.entries.get(ID.organization, leadId));
    expect(lead!.data).toMatchObject({ contact: 'form@lead.test' });
    await studio.book(START + 2 * HOUR, leadId);
    await advanceTo(Date.now());
    expect(studio.notifier.messages).toHaveLength(1);
    expect(failures(studio).map((e) => e.payload.notification.reason)).toEqual(['noRecipient']);
  });

  it('sends nothing for a type without a setting, or a kind turned off', async () => {
    studio = await notifyingStudio({ ...SENDER, confirmation: false, cancellation: false });
    const lead = await studio.lead({ email: 'ada@lead.test' });
    const booking = await studio.book(START, lead);
    await studio.remove(booking.id);
    await studio.service.admin.appointmentTypes.setNotifications(
      ID.organization,
      ID.appointmentTypeTrial,
      null,
    );
    await studio.book(START, lead);
    await advanceTo(START);
    expect(studio.notifier.messages).toEqual([]);
    const pending = await studio.service.storage.transaction((tx) =>
      tx.jobs.listDue(Number.MAX_SAFE_INTEGER, 100),
    );
    expect(pending.filter((job) => job.type === 'booking.notification')).toEqual([]);
  });
});

describe('notification settings', () => {
  it('stores a setting with its defaults, refuses bad ones, and turns off with null', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const studio = await notifyingStudio(null);
    const admin = studio.service.admin.appointmentTypes;
    try {
      expect(await admin.getNotifications(ID.organization, ID.appointmentTypeTrial)).toBeNull();
      const stored = await admin.setNotifications(ID.organization, ID.appointmentTypeTrial, {
        from: { email: 'bookings@studio.test' },
        reminderMinutesBefore: [1440, 60],
      });
      expect(stored).toEqual({
        confirmation: true,
        reschedule: true,
        cancellation: true,
        reminderMinutesBefore: [1440, 60],
        from: { email: 'bookings@studio.test' },
      });
      expect(await admin.getNotifications(ID.organization, ID.appointmentTypeTrial)).toEqual(stored);
      const tooMany = Array.from({ length: MAX_NOTIFICATION_REMINDERS + 1 }, (_, i) => (i + 1) * 60);
      for (const bad of [
        { from: { email: 'bookings@studio.test' }, reminderMinutesBefore: tooMany },
        { from: { email: 'bookings@studio.test' }, reminderMinutesBefore: [60, 60] },
        { from: { email: 'not an address' } },
        { from: { email: 'a@b.test' }, replyTo: 'x@y.test\r\nBcc: z@evil.test' },
      ]) {
        await expect(
          admin.setNotifications(ID.organization, ID.appointmentTypeTrial, bad),
        ).rejects.toMatchObject({
          status: 400,
        });
      }
      await expect(
        admin.setNotifications(ID.organization, randomUUID(), { from: { email: 'a@b.test' } }),
      ).rejects.toMatchObject({ status: 404 });
      expect(await admin.setNotifications(ID.organization, ID.appointmentTypeTrial, null)).toBeNull();
      expect(await admin.getNotifications(ID.organization, ID.appointmentTypeTrial)).toBeNull();
    } finally {
      await studio.service.close();
      vi.useRealTimers();
    }
  });
});
