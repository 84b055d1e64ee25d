/**
 * The reschedule hook (`moveMeeting`) and the console setting. A reschedule use case (not built yet)
 * writes the booking's new time and calls `moveMeeting` in the same unit; here a unit does exactly
 * that, and the meeting job moves the meeting through `MeetingProvider.update`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInMemoryMeetingProvider } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { createServiceContext, startJobs } from '../src/compose';
import type { ServiceContext } from '../src/core/context';
import { runUnit } from '../src/core/unit-of-work';
import { createAdminApi } from '../src/admin';
import { createBooking } from '../src/usecases/bookings';
import { getBooking } from '../src/usecases/bookings/read';
import { meetingLockKey, moveMeeting } from '../src/usecases/meetings';
import { NOW } from '../../../test-support/time';
import { advanceTo, call, COACH_HOST, meetingStudio, trialBody } from './meetings-support';
import { testStudio } from './studio';

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

const trigger = { source: 'console', apiTokenId: null, memberId: null } as const;

/** What a reschedule does: the booking's new time and `moveMeeting`, in one unit. */
const reschedule = (ctx: ServiceContext, id: string, startMs: number, minutes: number) =>
  runUnit(
    ctx,
    async (tx, _emit, jobs) => {
      const record = (await tx.bookings.get(ID.organization, id))!;
      const endMs = startMs + minutes * 60_000;
      const moved = await moveMeeting(ctx, jobs, {
        ...record,
        startMs,
        endMs,
        startDateTime: new Date(startMs).toISOString(),
        endDateTime: new Date(endMs).toISOString(),
      });
      await tx.bookings.update(moved);
    },
    { lockKeys: [meetingLockKey(id)] },
  );

async function context() {
  const provider = createInMemoryMeetingProvider();
  const ctx = await createServiceContext({ meetings: { providers: [provider] } });
  const admin = createAdminApi(ctx);
  await admin.seed(testStudio());
  await admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
    provider: 'zoom',
    hosts: { [ID.resourceCoach]: COACH_HOST },
  });
  await startJobs(ctx);
  const close = async () => {
    await ctx.scheduler.stop();
    await ctx.background.drain();
    await ctx.storage.close();
  };
  return { ctx, provider, close };
}

describe('moving a meeting with its booking', () => {
  it('moves a created meeting to the new time through the provider, once', async () => {
    const { ctx, provider, close } = await context();
    const booked = await createBooking(ctx, { organizationId: ID.organization, body: trialBody(), trigger });
    await advanceTo(Date.now());
    const later = Date.parse(trialBody(2, 9).startDateTime);
    await reschedule(ctx, booked.id, later, 45);
    await advanceTo(Date.now());
    expect(provider.calls.map((entry) => entry.operation)).toEqual(['create', 'update']);
    expect(provider.meetings.get('1')).toMatchObject({
      startTime: new Date(later).toISOString(),
      durationMinutes: 45,
    });
    expect(await getBooking(ctx, ID.organization, booked.id)).toMatchObject({
      meetingStatus: 'created',
      meetingExternalStartTime: new Date(later).toISOString(),
    });
    // In line now: the job does nothing more.
    await advanceTo(Date.now() + 86_400_000);
    expect(provider.calls).toHaveLength(2);
    await close();
  });

  it('a booking moved before its meeting exists gets the meeting at the new time', async () => {
    const { ctx, provider, close } = await context();
    const booked = await createBooking(ctx, { organizationId: ID.organization, body: trialBody(), trigger });
    const later = Date.parse(trialBody(2, 9).startDateTime);
    await reschedule(ctx, booked.id, later, 60);
    await advanceTo(Date.now());
    expect(provider.calls.map((entry) => entry.operation)).toEqual(['create']);
    expect(provider.meetings.get('1')!.startTime).toBe(new Date(later).toISOString());
    await close();
  });

  it('a move that keeps failing ends failed with the reason', async () => {
    const { ctx, provider, close } = await context();
    const events: string[] = [];
    ctx.events.on('calendar.appointment.meetingFailed', (event) => void events.push(event.payload.reason));
    const booked = await createBooking(ctx, { organizationId: ID.organization, body: trialBody(), trigger });
    await advanceTo(Date.now());
    provider.fail('update', undefined, 100);
    await reschedule(ctx, booked.id, Date.parse(trialBody(1, 10).startDateTime), 60);
    for (let i = 0; i < 10; i++) await advanceTo(Date.now() + 10 * 3_600_000);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^The meeting could not be moved after \d+ attempts: HTTP 503/);
    expect((await getBooking(ctx, ID.organization, booked.id)).meetingStatus).toBe('failed');
    await close();
  });
});

describe('the console setting', () => {
  it('checks the provider and the resources, and Connect never shows it', async () => {
    const { service } = await meetingStudio({ seed: false });
    await service.admin.seed(testStudio());
    const set = (input: unknown) =>
      service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, input as never);
    await expect(set({ provider: 'teams', hosts: {} })).rejects.toMatchObject({ kind: 'validation' });
    await expect(set({ provider: 'zoom', hosts: { [ID.calendarBerlin]: 'x' } })).rejects.toThrow(
      /unknown resource/,
    );
    await expect(set({ provider: 'zoom', hosts: { [ID.resourceCoach]: '' } })).rejects.toMatchObject({
      kind: 'validation',
    });
    await expect(
      service.admin.appointmentTypes.setMeetings(ID.organization, ID.resourceCoach, null),
    ).rejects.toMatchObject({ kind: 'notFound' });
    const stored = await set({ provider: 'zoom', hosts: { [ID.resourceCoach]: COACH_HOST } });
    expect(stored.meetings).toEqual({ provider: 'zoom', hosts: { [ID.resourceCoach]: COACH_HOST } });
    const read = await call(
      service,
      'GET',
      `/connect/appointment_types/${ID.appointmentTypeTrial}`,
      TOKEN.read,
    );
    expect(await read.json()).not.toHaveProperty('meetings');
    await service.close();
  });

  it('refuses a provider the service was not given', async () => {
    const ctx = await createServiceContext();
    const admin = createAdminApi(ctx);
    await admin.seed(testStudio());
    await expect(
      admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
        provider: 'zoom',
        hosts: {},
      }),
    ).rejects.toThrow(/no meeting provider "zoom" is configured/);
    await ctx.storage.close();
  });
});
