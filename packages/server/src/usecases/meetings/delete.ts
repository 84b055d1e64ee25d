/**
 * The delete job of a deleted booking's meeting (`booking.meeting.delete`): the booking is gone,
 * so the job's payload carries the meeting and its attempt count. Each firing first moves the job to
 * the end of the attempt's lease (a process that dies mid-call leaves it to fire again), then calls
 * the provider; a failure is retried on the webhook schedule and logged when it gives up. A call the
 * service stopped waiting for (it is shutting down) is due again at once, its attempt not counted.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import { runUnit } from '../../core/unit-of-work';
import { nextAttemptDelay } from '../../domain/webhooks';
import type { JobHandler } from '../../ports/scheduler';
import { callProvider } from './call';
import { meetingDeleteJob, meetingDeleteJobKey, type MeetingDeletePayload } from './job';
import { meetingLeaseMs } from './settle';

const isPayload = (value: unknown): value is MeetingDeletePayload => {
  const p = value as Partial<MeetingDeletePayload> | null;
  return (
    typeof p?.organizationId === 'string' &&
    typeof p.provider === 'string' &&
    typeof p.attempts === 'number' &&
    typeof p.meeting?.externalId === 'string' &&
    typeof p.meeting.hostUserId === 'string' &&
    typeof p.meeting.bookingId === 'string'
  );
};

/** The delete job's handler. */
export function meetingDeleteHandler(ctx: ServiceContext): JobHandler {
  return async (job) => {
    if (!isPayload(job.payload)) {
      ctx.logger.warn('meeting delete job without a meeting', { key: job.key });
      return;
    }
    const payload = job.payload;
    const provider = ctx.meetings.providers.get(payload.provider);
    const meta = { bookingId: payload.meeting.bookingId, externalId: payload.meeting.externalId };
    if (!provider) {
      ctx.logger.error('meeting not deleted: its provider is not configured', {
        ...meta,
        provider: payload.provider,
      });
      return;
    }
    const attempts = payload.attempts + 1;
    const lease = { ...payload, attempts };
    await runUnit(ctx, (_tx, _emit, jobs) =>
      jobs.schedule(meetingDeleteJob(lease, ctx.clock.now() + meetingLeaseMs(ctx))),
    );
    await ctx.background.run('meeting deletion', async (stop) => {
      const outcome = await callProvider(
        ctx,
        { provider, operation: 'delete' },
        (options) => provider.delete(payload.meeting, options),
        stop,
      );
      const key = meetingDeleteJobKey(payload.meeting.bookingId, payload.meeting.externalId);
      if ('released' in outcome) {
        // Not an attempt: the deletion is due now, with the attempts it had.
        await runUnit(ctx, (_tx, _emit, jobs) => jobs.schedule(meetingDeleteJob(payload, ctx.clock.now())));
        ctx.logger.info('meeting deletion released: the service is shutting down', meta);
        return;
      }
      const delay = outcome.ok || !outcome.failure.retryable ? null : nextAttemptDelay(attempts);
      await runUnit(ctx, async (_tx, _emit, jobs) => {
        if (delay === null) await jobs.cancel(key);
        else
          await jobs.schedule(
            meetingDeleteJob(
              lease,
              ctx.clock.now() + Math.max(delay, outcome.ok ? 0 : (outcome.failure.retryAfterMs ?? 0)),
            ),
          );
      });
      if (outcome.ok) ctx.logger.debug('meeting deleted', meta);
      else if (delay === null)
        ctx.logger.error('meeting could not be deleted', {
          ...meta,
          attempts,
          error: { name: 'MeetingProviderError', message: outcome.failure.message },
        });
      else
        ctx.logger.warn('meeting deletion attempt failed', {
          ...meta,
          attempts,
          error: { name: 'MeetingProviderError', message: outcome.failure.message },
        });
    });
  };
}
