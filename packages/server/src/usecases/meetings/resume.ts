/**
 * The start-up sweep of meetings: re-arms the job of every booking whose meeting still needs one.
 * A scheduler may lose a job whose process died between claiming it and its first commit (the
 * in-process scheduler claims a job by deleting it), and a scheduler without a job store gets its
 * jobs after the commit; the sweep makes both harmless. Scheduling is keyed, so a job that exists is only replaced by itself.
 *
 * @module
 */
import { errorFields } from '../../ports/logger';
import { readTx, type ServiceContext } from '../../core/context';
import { meetingSyncJob } from './job';

/** Re-schedules the meeting jobs of up to `limit` bookings; returns how many. Never rejects. */
export async function resumePendingMeetings(ctx: ServiceContext, limit = 10_000): Promise<number> {
  try {
    const due = await readTx(ctx, (tx) => tx.bookings.listMeetingsDue(limit));
    const now = ctx.clock.now();
    for (const booking of due) {
      const runAt = Math.max(now, booking.meetingDueAt ?? now);
      await ctx.scheduler.schedule(meetingSyncJob(booking.organizationId, booking.id, runAt));
    }
    return due.length;
  } catch (error) {
    ctx.logger.error('meeting jobs could not be resumed', { error: errorFields(error) });
    return 0;
  }
}
