/**
 * Routes due scheduler jobs to their handlers by job type.
 *
 * @module
 */
import type { ServiceContext } from '../core/context';
import type { JobHandler, ScheduledJob } from '../ports/scheduler';

/** Handlers by job type. */
export type JobHandlers = Readonly<Record<string, (job: ScheduledJob) => Promise<void>>>;

/** A scheduler handler that dispatches each job to the handler of its type; unknown types are logged. */
export function createJobRouter(ctx: ServiceContext, handlers: JobHandlers): JobHandler {
  return async (job) => {
    const handler = handlers[job.type];
    if (!handler) {
      ctx.logger.warn('no handler for scheduled job type', { type: job.type, key: job.key });
      return;
    }
    await handler(job);
  };
}
