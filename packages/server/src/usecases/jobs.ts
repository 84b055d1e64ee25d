/**
 * Routes due scheduler jobs to their handlers by job type.
 *
 * @module
 */
import type { ServiceContext } from '../core/context';
import type { JobHandler } from '../ports/scheduler';
import { inSpan } from '../telemetry/spans';

/** Handlers by job type. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A scheduler handler that dispatches each job to the handler of its type; unknown types are logged. */
export function createJobRouter(ctx: ServiceContext, handlers: JobHandlers): JobHandler {
  const { tracer, schedulerLag } = ctx.telemetry;
  return async (job, run) => {
    const handler = handlers[job.type];
    if (!handler) {
      ctx.logger.warn('no handler for scheduled job type', { type: job.type, key: job.key });
      return;
    }
    // The job type is one of a few names; the key and payload carry ids, so they stay out.
    const attributes = { 'leadbook.job.type': job.type };
    schedulerLag.record(Math.max(0, ctx.clock.now() - job.runAt) / 1000, attributes);
    // A job run starts its own trace: what scheduled it finished long ago.
    await inSpan(tracer, `job ${job.type}`, { attributes, root: true }, () => handler(job, run));
  };
}
