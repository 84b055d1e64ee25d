/**
 * The sync job of a booking's event (`booking.calendarEvent.sync`). Its first unit finishes the job
 * (through the scheduler's `JobRun`, so two runs of one job never both write), compares the booking
 * with the event stored for it and, when the calendar needs a change, stores a lease (the same
 * attempt again, due after twice the calendar timeout). Then the calendar is called with no
 * transaction open, and a second unit cancels the lease and records the outcome: the event's id
 * and time, a retry, or the failure record. A process that dies mid-call leaves the lease, which
 * runs the attempt again: creation is idempotent by the event's UID, a move to the same time is
 * harmless, so the calendar still holds one event.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import type { ServiceContext } from '../../core/context';
import { runUnit, type Unit } from '../../core/unit-of-work';
import { bookingEventUid, type CalendarEventTime } from '../../ports/external-calendar';
import type { BookingRecord, ExternalCalendarLinkRecord } from '../../ports/records';
import type { JobHandler } from '../../ports/scheduler';
import { bookingResponse } from '../bookings/response';
import { meetingLockKey } from '../meetings/job';
import { callCalendar, type CallOutcome } from './call';
import { calendarEventDeleteJob, calendarEventSyncJob, leaseOf, type CalendarEventSyncPayload } from './job';
import { settleFailure } from './settle';

/** What the first unit hands the call. */
interface Claim {
  step: 'create' | 'move';
  link: ExternalCalendarLinkRecord;
  /** The event to move (a move only). */
  eventId: string | null;
  record: BookingRecord;
  booking: CalendarBooking;
  time: CalendarEventTime;
  summary: string;
  /** The lease's key, when one was stored. */
  lease: string | null;
}

const now = (ctx: ServiceContext) => ctx.clock.now();

/**
 * Reads the booking, its stored event and its resource's receiving link; an event held by a
 * calendar that no longer receives the booking (unlinked, another link now receives, the booking
 * moved to another resource) gets a delete job. Returns what the calendar must do, or null.
 */
async function plan(
  ctx: ServiceContext,
  { tx, jobs }: Unit,
  { organizationId, bookingId }: CalendarEventSyncPayload,
): Promise<Omit<Claim, 'lease'> | null> {
  const record = await tx.bookings.get(organizationId, bookingId);
  // A deleted booking's event is the delete job's.
  if (!record) return null;
  const [stored, links] = await Promise.all([
    tx.bookingCalendarEvents.get(organizationId, bookingId),
    record.resourceId ? tx.externalCalendarLinks.list(organizationId, { resourceId: record.resourceId }) : [],
  ]);
  const link = links.find((candidate) => candidate.receivesBookings) ?? null;
  const booking = await bookingResponse(tx, record);
  let current = stored;
  if (stored && stored.linkId !== link?.id) {
    await tx.bookingCalendarEvents.delete(organizationId, bookingId);
    const { linkId, eventId } = stored;
    const payload = {
      organizationId,
      bookingId,
      attempt: 1,
      linkId,
      eventId,
      booking,
      trigger: record.trigger,
    };
    await jobs.schedule(calendarEventDeleteJob(payload, now(ctx)));
    current = null;
  }
  if (!link) return null;
  if (current && current.startMs === record.startMs && current.endMs === record.endMs) return null;
  const [calendar, type] = await Promise.all([
    tx.calendars.get(organizationId, record.calendarId),
    record.appointmentTypeId ? tx.appointmentTypes.get(organizationId, record.appointmentTypeId) : null,
  ]);
  return {
    step: current ? 'move' : 'create',
    link,
    eventId: current?.eventId ?? null,
    record,
    booking,
    time: { startMs: record.startMs, endMs: record.endMs, timezone: calendar?.tzdata ?? 'UTC' },
    summary: type?.name ?? record.name ?? 'Appointment',
  };
}

/** Writes the outcome of the claimed call (see the module comment). */
async function settle(
  ctx: ServiceContext,
  unit: Unit,
  payload: CalendarEventSyncPayload,
  claim: Claim,
  outcome: CallOutcome<string>,
): Promise<void> {
  const { tx, jobs } = unit;
  const { organizationId, bookingId } = payload;
  if (claim.lease !== null) await jobs.cancel(claim.lease);
  const current = await tx.bookings.get(organizationId, bookingId);
  if (!outcome.ok) {
    // A booking deleted meanwhile needs no event; its delete job removes one that exists.
    if (!current) return;
    await settleFailure(ctx, unit, {
      operation: claim.step,
      retryable: outcome.retryable,
      detail: outcome.detail,
      attempt: payload.attempt,
      linkId: claim.link.id,
      booking: await bookingResponse(tx, current),
      trigger: current.trigger,
      retry: (runAt) => calendarEventSyncJob({ ...payload, attempt: payload.attempt + 1, lease: 0 }, runAt),
    });
    return;
  }
  const eventId = outcome.value;
  if (!current) {
    // Deleted while its event was being created: the deletion found no event to remove.
    if (claim.step === 'create') {
      const { booking, record } = claim;
      const deletion = { organizationId, bookingId, attempt: 1, linkId: claim.link.id, eventId };
      await jobs.schedule(
        calendarEventDeleteJob({ ...deletion, booking, trigger: record.trigger }, now(ctx)),
      );
    }
    return;
  }
  const written = {
    id: bookingId,
    organizationId,
    linkId: claim.link.id,
    eventId,
    startMs: claim.time.startMs,
    endMs: claim.time.endMs,
    updatedAt: new Date(now(ctx)).toISOString(),
  };
  if (!(await tx.bookingCalendarEvents.update(written))) await tx.bookingCalendarEvents.create(written);
  const moved =
    current.startMs !== claim.time.startMs ||
    current.endMs !== claim.time.endMs ||
    current.resourceId !== claim.record.resourceId;
  // Rescheduled while the call was in flight: bring the event in line again.
  if (moved) await jobs.schedule(calendarEventSyncJob({ organizationId, bookingId, attempt: 1 }, now(ctx)));
}

/** The sync job's handler. */
export function calendarEventSyncHandler(ctx: ServiceContext): JobHandler {
  return async (job, run) => {
    const payload = job.payload as CalendarEventSyncPayload;
    const { organizationId, bookingId } = payload;
    if (!ctx.externalCalendars) {
      ctx.logger.warn('a calendar write-back is due but the service has no external calendars', {
        key: job.key,
      });
      return;
    }
    const options = { lockKeys: [meetingLockKey(bookingId)], eventsOf: organizationId };
    const leased = Boolean(run && ctx.unitJobStore);
    const claim = await runUnit(
      ctx,
      async (tx, emit, jobs): Promise<Claim | null> => {
        if (run && ctx.unitJobStore && !(await run.finish(tx.jobs))) return null;
        const planned = await plan(ctx, { tx, emit, jobs }, payload);
        if (!planned) return null;
        const lease = leased ? leaseOf(job, now(ctx) + 2 * ctx.externalCalendars!.timeoutMs) : null;
        if (lease) await jobs.schedule(lease);
        return { ...planned, lease: lease?.key ?? null };
      },
      options,
    );
    if (!claim) return;
    const create = () =>
      callCalendar(ctx, claim.link, (calendar, signal) =>
        calendar
          .createEvent({ uid: bookingEventUid(bookingId), summary: claim.summary, ...claim.time }, { signal })
          .then((created) => created.eventId),
      );
    let done: Claim = claim;
    let outcome =
      claim.step === 'create'
        ? await create()
        : await callCalendar(ctx, claim.link, (calendar, signal) =>
            calendar.moveEvent(claim.eventId!, claim.time, { signal }).then(() => claim.eventId!),
          );
    if (!outcome.ok && claim.step === 'move' && outcome.status === 404) {
      // The calendar no longer holds the event (deleted there, or the link now reaches another
      // calendar): it is created again, under the same lease.
      done = { ...claim, step: 'create', eventId: null };
      outcome = await create();
    }
    await runUnit(ctx, (tx, emit, jobs) => settle(ctx, { tx, emit, jobs }, payload, done, outcome), options);
  };
}
