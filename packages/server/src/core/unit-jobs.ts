/**
 * Jobs scheduled and cancelled as part of a unit of work: in the unit's own transaction when the
 * scheduler keeps its jobs in the service's storage, else through the scheduler after the commit.
 *
 * @module
 */
import { errorFields } from '../ports/logger';
import type { ScheduledJob } from '../ports/scheduler';
import type { Repositories } from '../ports/storage';
import { nowIso, type ServiceContext } from './context';

/** Schedules and cancels jobs as part of a unit (see `runUnit`). */
export interface UnitJobs {
  /**
   * Schedules a job with the unit's writes. With a scheduler that keeps its jobs in the service's
   * storage (the in-process default), the job is stored in the unit's transaction and commits or rolls
   * back with it. Otherwise it is handed to `scheduler.schedule()` after the commit, best effort: a
   * failure then is logged, since the unit's writes are already committed.
   *
   * @throws RangeError when `runAt` is not a finite epoch time.
   */
  schedule(job: ScheduledJob): Promise<void>;
  /** Cancels a pending job with the unit's writes, on the same terms as {@link UnitJobs.schedule}. */
  cancel(key: string): Promise<void>;
}

/** The jobs of one transaction attempt, and what to do once it committed. */
export interface UnitJobsAttempt extends UnitJobs {
  /** Tells the scheduler what the committed transaction stored, or runs the deferred calls. Never rejects. */
  afterCommit(): Promise<void>;
}

/** The {@link UnitJobs} of one attempt of a unit's transaction `tx`. */
export function unitJobs(ctx: ServiceContext, tx: Repositories): UnitJobsAttempt {
  const { scheduler, logger } = ctx;
  const store = ctx.unitJobStore;
  let earliest = Infinity;
  const deferred: Array<{ what: string; key: string; run: () => Promise<unknown> }> = [];
  return {
    async schedule(job) {
      if (!Number.isFinite(job.runAt)) {
        throw new RangeError(`runAt must be a finite epoch time, got ${job.runAt}`);
      }
      if (!store) {
        deferred.push({ what: 'schedule', key: job.key, run: () => scheduler.schedule(job) });
        return;
      }
      const { key, runAt, type, payload } = job;
      await tx.jobs.upsert({ key, runAt, type, payload, createdAt: nowIso(ctx) });
      earliest = Math.min(earliest, runAt);
    },
    async cancel(key) {
      if (store) await tx.jobs.delete(key);
      else deferred.push({ what: 'cancel', key, run: () => scheduler.cancel(key) });
    },
    async afterCommit() {
      if (store && earliest !== Infinity) await store.stored(earliest);
      // Together, so that a scheduler may store jobs of the same tick in one write.
      await Promise.all(
        deferred.map(({ what, key, run }) =>
          run().catch((error: unknown) =>
            logger.error(`could not ${what} a job`, { key, error: errorFields(error) }),
          ),
        ),
      );
    },
  };
}
