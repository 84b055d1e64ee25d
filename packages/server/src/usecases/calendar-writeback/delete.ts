/**
 * The delete job of a booking's event (`booking.calendarEvent.delete`): the booking is gone (or
 * its event is in a calendar that no longer receives it), so the payload carries the link and the
 * event. Like the sync job, its first unit finishes the job and stores a lease, the calendar is
 * called with no transaction open, and a second unit cancels the lease and writes a retry or the
 * failure record. Deleting is idempotent (an event already gone counts as deleted). A link unlinked
 * before the job runs leaves the event where it is: Leadbook no longer holds the credentials.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import { runUnit } from '../../core/unit-of-work';
import type { ExternalCalendarLinkRecord } from '../../ports/records';
import type { JobHandler } from '../../ports/scheduler';
import { callCalendar } from './call';
import { calendarEventDeleteJob, leaseOf, type CalendarEventDeletePayload } from './job';
import { settleFailure } from './settle';

/** The delete job's handler. */
export function calendarEventDeleteHandler(ctx: ServiceContext): JobHandler {
  return async (job, run) => {
    const payload = job.payload as CalendarEventDeletePayload;
    const { organizationId, bookingId, linkId, eventId } = payload;
    const service = ctx.externalCalendars;
    if (!service) {
      ctx.logger.warn('a calendar write-back is due but the service has no external calendars', {
        key: job.key,
      });
      return;
    }
    const leased = Boolean(run && ctx.unitJobStore);
    const claim = await runUnit(ctx, async (tx, _emit, jobs) => {
      if (run && ctx.unitJobStore && !(await run.finish(tx.jobs))) return null;
      const link = await tx.externalCalendarLinks.get(organizationId, linkId);
      if (!link) {
        ctx.logger.info('calendar event not deleted: its link was removed', { bookingId, linkId });
        return null;
      }
      const lease = leased ? leaseOf(job, ctx.clock.now() + 2 * service.timeoutMs) : null;
      if (lease) await jobs.schedule(lease);
      return { link, lease: lease?.key ?? null } satisfies {
        link: ExternalCalendarLinkRecord;
        lease: string | null;
      };
    });
    if (!claim) return;
    const outcome = await callCalendar(ctx, claim.link, (calendar, signal) =>
      calendar.deleteEvent(eventId, { signal }),
    );
    if (outcome.ok && claim.lease === null) return;
    await runUnit(
      ctx,
      async (_tx, emit, jobs) => {
        if (claim.lease !== null) await jobs.cancel(claim.lease);
        if (outcome.ok) return;
        await settleFailure(
          ctx,
          { emit, jobs },
          {
            operation: 'delete',
            retryable: outcome.retryable,
            detail: outcome.detail,
            attempt: payload.attempt,
            linkId,
            booking: payload.booking,
            trigger: payload.trigger,
            retry: (runAt) =>
              calendarEventDeleteJob({ ...payload, attempt: payload.attempt + 1, lease: 0 }, runAt),
          },
        );
      },
      { eventsOf: organizationId },
    );
  };
}
