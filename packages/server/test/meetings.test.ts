/**
 * Video meetings of bookings: created by a job after the booking commits, retried on the webhook
 * schedule then `failed` with the reason in the activity log, deleted with the booking, created
 * once across a restart, and every booking event carrying the meeting as it is then.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createInMemoryMeetingProvider,
  createSqlJsStorage,
  MeetingProviderError,
  type InMemoryMeetingProvider,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from '@leadbook/server';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { NOW } from '../../../test-support/time';
import { advanceTo, COACH_HOST, meetingStudio, trialBody } from './meetings-support';

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe('meetings of bookings', () => {
  it('a booking commits pending; the job creates the meeting once; later events carry it', async () => {
    const studio = await meetingStudio();
    const booked = await studio.book();
    expect(booked).toMatchObject({
      meetingProvider: 'zoom',
      meetingStatus: 'pending',
      meetingHostUserId: COACH_HOST,
      meetingUrl: null,
      meetingExternalId: null,
    });
    // `booked` fires before the meeting exists.
    expect(studio.ofType('calendar.appointment.booked')[0]!.payload.booking.meetingStatus).toBe('pending');

    await advanceTo(Date.now());
    const { booking } = await studio.get(booked.id);
    expect(booking).toMatchObject({
      meetingStatus: 'created',
      meetingUrl: 'https://meet.invalid/1',
      meetingExternalId: '1',
      meetingPassword: 'fake-1',
      meetingHostUserId: COACH_HOST,
      meetingExternalStartTime: booked.startDateTime,
    });
    expect(studio.provider.calls).toEqual([{ operation: 'create', bookingId: booked.id }]);
    expect(studio.provider.meetings.get('1')).toMatchObject({
      hostUserId: COACH_HOST,
      topic: 'Trial session',
      startTime: booked.startDateTime,
      durationMinutes: 60,
      timezone: 'Europe/Berlin',
    });
    const [created] = studio.ofType('calendar.appointment.meetingCreated');
    expect(created!.payload.booking).toEqual(booking);
    expect(created!.trigger.source).toBe('connect');

    await advanceTo(Date.parse(booked.startDateTime));
    const [started] = studio.ofType('calendar.appointment.hasStarted');
    expect(started!.payload.booking).toMatchObject({
      meetingStatus: 'created',
      meetingUrl: booking.meetingUrl,
    });
    expect(studio.provider.calls).toHaveLength(1);
    await studio.service.close();
  });

  it('a failed attempt is retried on the webhook schedule until it succeeds', async () => {
    const studio = await meetingStudio();
    studio.provider.fail('create', undefined, 2);
    const booked = await studio.book();
    await advanceTo(Date.now());
    expect((await studio.get(booked.id)).booking.meetingStatus).toBe('pending');
    await advanceTo(Date.now() + WEBHOOK_RETRY_DELAYS_MS[0]!);
    expect((await studio.get(booked.id)).booking.meetingStatus).toBe('pending');
    await advanceTo(Date.now() + WEBHOOK_RETRY_DELAYS_MS[1]!);
    expect((await studio.get(booked.id)).booking).toMatchObject({
      meetingStatus: 'created',
      meetingExternalId: '1',
    });
    expect(studio.provider.calls).toHaveLength(3);
    expect(studio.ofType('calendar.appointment.meetingFailed')).toEqual([]);
    await studio.service.close();
  });

  it('gives up after the retry schedule: failed, with the reason in the activity log', async () => {
    const studio = await meetingStudio();
    studio.provider.fail('create', undefined, 100);
    // A week out: the whole schedule (about 27.6 hours) fits before the appointment ends.
    const booked = await studio.book(trialBody(8));
    await advanceTo(Date.now());
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) await advanceTo(Date.now() + delay);
    expect(studio.provider.calls).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const { booking } = await studio.get(booked.id);
    expect(booking).toMatchObject({ meetingStatus: 'failed', meetingUrl: null, meetingExternalId: null });
    const [logged] = await studio.service.admin.activity.list(ID.organization, {
      type: 'calendar.appointment.meetingFailed',
    });
    expect(logged).toMatchObject({
      type: 'calendar.appointment.meetingFailed',
      payload: {
        booking: { id: booked.id, meetingStatus: 'failed' },
        reason: `The meeting could not be created after ${WEBHOOK_MAX_ATTEMPTS} attempts: HTTP 503: the provider is unavailable`,
      },
    });
    await advanceTo(Date.now() + 7 * 86_400_000);
    expect(studio.provider.calls).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    await studio.service.close();
  });

  it('stops retrying once the next attempt would come after the appointment ends', async () => {
    const studio = await meetingStudio();
    studio.provider.fail('create', undefined, 100);
    const booked = await studio.book(); // 21 hours from now: 7 attempts fit
    await advanceTo(Date.now());
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) await advanceTo(Date.now() + delay);
    expect(studio.provider.calls).toHaveLength(7);
    expect((await studio.get(booked.id)).booking.meetingStatus).toBe('failed');
    await studio.service.close();
  });

  it('fails at once on an error no retry can mend, and when the resource has no host', async () => {
    const studio = await meetingStudio();
    studio.provider.fail('create', new MeetingProviderError('HTTP 400: invalid host', { retryable: false }));
    const first = await studio.book();
    await studio.service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
      provider: 'zoom',
      hosts: {},
    });
    const second = await studio.book(trialBody(1, 9));
    expect(second.meetingHostUserId).toBeNull();
    await advanceTo(Date.now());
    expect((await studio.get(first.id)).booking.meetingStatus).toBe('failed');
    expect((await studio.get(second.id)).booking.meetingStatus).toBe('failed');
    expect(studio.ofType('calendar.appointment.meetingFailed').map((event) => event.payload.reason)).toEqual([
      'The meeting could not be created after 1 attempt: HTTP 400: invalid host',
      `The meeting could not be created after 1 attempt: the appointment type names no host user for resource ${ID.resourceCoach}`,
    ]);
    expect(studio.provider.calls).toHaveLength(1);
    await studio.service.close();
  });

  it('deleting the booking deletes its meeting; the deleted event says so', async () => {
    const studio = await meetingStudio();
    const booked = await studio.book();
    await advanceTo(Date.now());
    expect(studio.provider.meetings.size).toBe(1);
    expect(await studio.remove(booked.id)).toBe(204);
    const [deleted] = studio.ofType('calendar.appointment.deleted');
    expect(deleted!.payload.booking).toMatchObject({ meetingStatus: 'deleted', meetingExternalId: '1' });
    await advanceTo(Date.now());
    expect(studio.provider.meetings.size).toBe(0);
    expect(studio.provider.calls.map((entry) => entry.operation)).toEqual(['create', 'delete']);
    expect((await studio.get(booked.id)).status).toBe(404);
    expect(await studio.service.storage.transaction((tx) => tx.jobs.listDue(Infinity, 10))).toEqual([]);
    await studio.service.close();
  });

  it('deleting a booking whose meeting is still pending creates no meeting', async () => {
    const studio = await meetingStudio();
    const booked = await studio.book();
    expect(await studio.remove(booked.id)).toBe(204);
    await advanceTo(Date.now() + 60_000);
    expect(studio.provider.calls).toEqual([]);
    await studio.service.close();
  });

  it('a restart between the booking and the creation creates the meeting exactly once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'leadbook-meetings-')), 'data.sqlite');
    const before = createInMemoryMeetingProvider();
    const first = await meetingStudio({ storage: await createSqlJsStorage({ file }), provider: before });
    const booked = await first.book();
    await first.service.close(); // before the job fired (no time passed)
    const after = createInMemoryMeetingProvider();
    const second = await meetingStudio({
      storage: await createSqlJsStorage({ file }),
      provider: after,
      seed: false,
    });
    await advanceTo(Date.now());
    expect(before.calls).toEqual([]);
    expect(after.calls).toEqual([{ operation: 'create', bookingId: booked.id }]);
    expect((await second.get(booked.id)).booking.meetingStatus).toBe('created');
    await second.service.close();
    const third = await meetingStudio({
      storage: await createSqlJsStorage({ file }),
      provider: after,
      seed: false,
    });
    await advanceTo(Date.now() + 86_400_000);
    expect(after.calls).toHaveLength(1);
    await third.service.close();
  });

  it('a shutdown gives back a call still in flight at the deadline: due at once, the attempt not counted', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'leadbook-meetings-')), 'data.sqlite');
    // A provider that never answers a creation until its signal aborts.
    const hanging: InMemoryMeetingProvider = {
      ...createInMemoryMeetingProvider(),
      create: (_request, options) =>
        new Promise((_resolve, reject) => {
          const signal = options!.signal!;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    };
    const first = await meetingStudio({ storage: await createSqlJsStorage({ file }), provider: hanging });
    const booked = await first.book();
    await advanceTo(Date.now()); // the job fires; the call hangs
    const closing = first.service.close({ drainMs: 0 });
    await advanceTo(Date.now());
    await closing;

    const storage = await createSqlJsStorage({ file });
    const stored = await storage.transaction((tx) => tx.bookings.get(ID.organization, booked.id));
    expect(stored!.meeting).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
      attemptStartedAt: null,
      nextAttemptAt: Date.now(),
    });
    const after = createInMemoryMeetingProvider();
    const second = await meetingStudio({ storage, provider: after, seed: false });
    // The second start fires the job at once (no time passes); on a busy machine it takes a few rounds.
    await vi.waitFor(
      async () => {
        await advanceTo(Date.now());
        expect(after.calls).toEqual([{ operation: 'create', bookingId: booked.id }]);
      },
      { timeout: 20_000 },
    );
    expect((await second.get(booked.id)).booking.meetingStatus).toBe('created');
    await second.service.close();
  }, 60_000);

  it('a restart re-arms a meeting whose job was lost (a scheduler that fires each job at most once)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'leadbook-meetings-')), 'data.sqlite');
    const first = await meetingStudio({ storage: await createSqlJsStorage({ file }) });
    const booked = await first.book();
    await first.service.storage.transaction((tx) => tx.jobs.delete(`meeting:${booked.id}`));
    await first.service.close();
    const provider = createInMemoryMeetingProvider();
    const second = await meetingStudio({
      storage: await createSqlJsStorage({ file }),
      provider,
      seed: false,
    });
    await advanceTo(Date.now());
    expect(provider.calls).toEqual([{ operation: 'create', bookingId: booked.id }]);
    expect((await second.get(booked.id)).booking.meetingStatus).toBe('created');
    await second.service.close();
  });

  it('bookings of a type without meetings carry none and schedule no meeting job', async () => {
    const studio = await meetingStudio();
    await studio.service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, null);
    const booked = await studio.book();
    expect(booked).toMatchObject({ meetingProvider: null, meetingStatus: null });
    expect(booked).not.toHaveProperty('meetingUrl');
    const jobs = await studio.service.storage.transaction((tx) => tx.jobs.listDue(Infinity, 10));
    expect(jobs.map((job) => job.type).sort()).toEqual([
      'calendar.appointment.hasEnded',
      'calendar.appointment.hasStarted',
    ]);
    await studio.service.close();
  });
});
