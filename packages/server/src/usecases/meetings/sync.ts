/**
 * The sync job of a booking's meeting (`booking.meeting.sync`): claims the meeting for one attempt
 * (a lease, like a webhook delivery's), calls the provider in the background, and records the
 * outcome in one unit with the next job. The job is keyed by the booking, so a booking has at most
 * one; a claim that finds the meeting created at the booking's time does nothing, so a job that
 * fires twice creates nothing twice.
 *
 * @module
 */
import { runUnit, type Unit } from '../../core/unit-of-work';
import type { ServiceContext } from '../../core/context';
import type { MeetingProvider, MeetingRef, MeetingTime } from '../../ports/meetings';
import type { BookingRecord } from '../../ports/records';
import type { JobHandler } from '../../ports/scheduler';
import { bookingResponse } from '../bookings/response';
import {
  meetingDeleteJob,
  meetingJobKey,
  meetingLockKey,
  meetingSyncJob,
  type MeetingSyncPayload,
} from './job';
import { callProvider } from './call';
import { claimed, settleFailure } from './settle';
import { durationOf, stepOf, withMeeting } from './state';

/** How early a job may fire against the meeting's own due time (clocks of different instances). */
const CLOCK_SLACK_MS = 1000;

/** What a claim hands the attempt. */
interface Claim {
  step: 'create' | 'update';
  provider: MeetingProvider;
  booking: BookingRecord;
  time: MeetingTime;
  topic: string;
}

/** The time a booking's meeting should have. */
const timeOf = (booking: BookingRecord, timezone: string): MeetingTime => ({
  startTime: booking.startDateTime,
  durationMinutes: durationOf(booking),
  timezone,
});

/** The sync job's handler. */
export function meetingSyncHandler(ctx: ServiceContext): JobHandler {
  return async (job) => {
    const payload = job.payload as Partial<MeetingSyncPayload> | null;
    const { organizationId, bookingId } = payload ?? {};
    if (typeof organizationId !== 'string' || typeof bookingId !== 'string') {
      ctx.logger.warn('meeting job without a booking', { key: job.key });
      return;
    }
    const claim = await runUnit(
      ctx,
      (tx, emit, jobs) => claimAttempt(ctx, { tx, emit, jobs }, organizationId, bookingId),
      { lockKeys: [meetingLockKey(bookingId)], eventsOf: organizationId },
    );
    // A slow provider must not hold up the other due jobs.
    if (claim) await ctx.background.run('meeting attempt', (stop) => attempt(ctx, claim, stop));
  };
}

async function claimAttempt(
  ctx: ServiceContext,
  unit: Unit,
  organizationId: string,
  bookingId: string,
): Promise<Claim | null> {
  const { tx, jobs } = unit;
  const booking = await tx.bookings.get(organizationId, bookingId);
  const meeting = booking?.meeting;
  if (!booking || !meeting || (meeting.status !== 'pending' && meeting.status !== 'created')) return null;
  const now = ctx.clock.now();
  if (meeting.nextAttemptAt !== null && meeting.nextAttemptAt > now + CLOCK_SLACK_MS) {
    // Fired early (another instance's clock, a reschedule while a retry waits): wait for the meeting's time.
    await jobs.schedule(meetingSyncJob(organizationId, bookingId, meeting.nextAttemptAt));
    return null;
  }
  const step = stepOf(booking, meeting);
  if (meeting.attemptStartedAt !== null) {
    // The lease ran out before the attempt in flight was recorded (did the process stop?).
    const lost = `the attempt did not finish within its lease (${2 * ctx.meetings.timeoutMs} ms)`;
    await settleFailure(ctx, unit, booking, { message: lost, retryable: true }, step ?? 'update');
    return null;
  }
  if (!step) {
    await jobs.cancel(meetingJobKey(bookingId));
    return null;
  }
  const provider = ctx.meetings.providers.get(meeting.provider);
  const problem = !provider
    ? `no meeting provider "${meeting.provider}" is configured on the service`
    : meeting.hostUserId === null && booking.resourceId
      ? `the appointment type names no host user for resource ${booking.resourceId}`
      : meeting.hostUserId === null
        ? 'the booking has no resource to take a host user from'
        : null;
  if (problem) {
    await settleFailure(ctx, unit, booking, { message: problem, retryable: false }, step);
    return null;
  }
  const [calendar, type] = await Promise.all([
    tx.calendars.get(organizationId, booking.calendarId),
    booking.appointmentTypeId ? tx.appointmentTypes.get(organizationId, booking.appointmentTypeId) : null,
  ]);
  const held = claimed(ctx, booking);
  await tx.bookings.update(held);
  await jobs.schedule(meetingSyncJob(organizationId, bookingId, held.meeting!.nextAttemptAt!));
  return {
    step,
    provider: provider!,
    booking: held,
    time: timeOf(booking, calendar?.tzdata ?? 'UTC'),
    topic: booking.name ?? type?.name ?? 'Appointment',
  };
}

/**
 * Makes the claimed attempt and records its outcome; when `stop` aborts before the provider
 * answered, gives the claim back instead (the meeting is due now, its attempts unchanged).
 */
async function attempt(ctx: ServiceContext, claim: Claim, stop: AbortSignal): Promise<void> {
  const { booking, provider, time } = claim;
  const meeting = booking.meeting!;
  const hostUserId = meeting.hostUserId!;
  const outcome = await callProvider(
    ctx,
    { provider, operation: claim.step },
    (options) =>
      claim.step === 'create'
        ? provider.create({ bookingId: booking.id, hostUserId, topic: claim.topic, ...time }, options)
        : provider
            .update({ externalId: meeting.externalId!, hostUserId, bookingId: booking.id }, time, options)
            .then(() => null),
    stop,
  );
  await runUnit(
    ctx,
    (tx, emit, jobs) =>
      'released' in outcome
        ? release(ctx, { tx, emit, jobs }, claim)
        : record(ctx, { tx, emit, jobs }, claim, outcome),
    { lockKeys: [meetingLockKey(booking.id)], eventsOf: booking.organizationId },
  );
}

type Outcome = Exclude<Awaited<ReturnType<typeof callProvider<unknown>>>, { released: true }>;

/** Gives back the claim of an attempt the service stopped waiting for, unless it was settled meanwhile. */
async function release(ctx: ServiceContext, { tx, jobs }: Unit, claim: Claim): Promise<void> {
  const { organizationId, id } = claim.booking;
  const current = await tx.bookings.get(organizationId, id);
  if (!current?.meeting || current.meeting.attemptStartedAt !== claim.booking.meeting!.attemptStartedAt)
    return;
  const now = ctx.clock.now();
  await tx.bookings.update(
    withMeeting(current, { ...current.meeting, attemptStartedAt: null, nextAttemptAt: now }),
  );
  await jobs.schedule(meetingSyncJob(organizationId, id, now));
  ctx.logger.info('meeting attempt released: the service is shutting down', { bookingId: id });
}

async function record(ctx: ServiceContext, unit: Unit, claim: Claim, outcome: Outcome): Promise<void> {
  const { tx, emit, jobs } = unit;
  const { organizationId, id } = claim.booking;
  const current = await tx.bookings.get(organizationId, id);
  const meeting = current?.meeting;
  const now = ctx.clock.now();
  if (outcome.ok && claim.step === 'create') {
    const created = outcome.value as Awaited<ReturnType<MeetingProvider['create']>>;
    const ref: MeetingRef = {
      externalId: created.externalId,
      hostUserId: claim.booking.meeting!.hostUserId!,
      bookingId: id,
    };
    if (!current || !meeting || meeting.status !== 'pending' || meeting.externalId !== null) {
      // Deleted (or created by another attempt) meanwhile: this meeting is not wanted.
      const provider = claim.booking.meeting!.provider;
      await jobs.schedule(meetingDeleteJob({ organizationId, provider, meeting: ref, attempts: 0 }, now));
      return;
    }
    const next = withMeeting(current, {
      ...meeting,
      status: 'created',
      url: created.joinUrl,
      externalId: created.externalId,
      password: created.password,
      externalStartTime: created.startTime,
      durationMinutes: claim.time.durationMinutes,
      ...settled,
    });
    await tx.bookings.update(next);
    await followUp(ctx, unit, next);
    await emit('calendar.appointment.meetingCreated', organizationId, current.trigger, {
      booking: await bookingResponse(tx, next),
    });
    return;
  }
  // A deleted booking's meeting is the deletion's job; an attempt settled meanwhile was counted.
  if (!current || !meeting || meeting.attemptStartedAt !== claim.booking.meeting!.attemptStartedAt) return;
  if (!outcome.ok) {
    await settleFailure(ctx, unit, current, outcome.failure, claim.step);
    return;
  }
  const { startTime, durationMinutes } = claim.time;
  const next = {
    ...current,
    meeting: { ...meeting, externalStartTime: startTime, durationMinutes, ...settled },
  };
  await tx.bookings.update(next);
  await followUp(ctx, unit, next);
}

/** A successful attempt clears the failures and the lease. */
const settled = { attempts: 0, lastError: null, attemptStartedAt: null, nextAttemptAt: null } as const;

/** After a success: done, or (the booking moved while the attempt was in flight) sync again now. */
async function followUp(ctx: ServiceContext, { jobs }: Unit, booking: BookingRecord): Promise<void> {
  if (stepOf(booking, booking.meeting!) === null) await jobs.cancel(meetingJobKey(booking.id));
  else await jobs.schedule(meetingSyncJob(booking.organizationId, booking.id, ctx.clock.now()));
}
