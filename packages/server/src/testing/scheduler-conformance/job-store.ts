/**
 * Conformance tests of the optional `jobStore`: jobs a caller writes through `tx.jobs` of the
 * scheduler's storage fire like scheduled ones once announced with `stored()`, and go with the
 * caller's transaction. They run only for schedulers that have a `jobStore`.
 *
 * @module
 */
import { expect } from 'vitest';
import type { ScheduledJob, SchedulerJobStore } from '../../ports/scheduler';
import type { SchedulerHarness } from './harness';
import { job, Recorder } from './harness';

const record = (scheduled: ScheduledJob) => ({ ...scheduled, createdAt: new Date().toISOString() });

/** Writes `jobs` in one transaction of the store's storage, as a use case does, then announces them. */
async function writeAndAnnounce(store: SchedulerJobStore, jobs: ScheduledJob[]): Promise<void> {
  await store.storage.transaction(async (tx) => {
    for (const each of jobs) await tx.jobs.upsert(record(each));
  });
  await store.stored(Math.min(...jobs.map((each) => each.runAt)));
}

/** Registers the job store tests. */
export function registerJobStoreTests(harness: SchedulerHarness): void {
  harness.group('job store', (test) => {
    test(
      'jobs written through tx.jobs and announced with stored() fire once at their time, before later ones',
      async ({ scheduler, time }) => {
        const recorder = new Recorder();
        await scheduler.start(recorder.handler());
        const t0 = time.now();
        // The scheduler is armed for a later job first: stored() must bring its wake-up forward.
        await scheduler.schedule(job('later', t0 + 6 * time.step));
        await writeAndAnnounce(scheduler.jobStore!, [
          job('second', t0 + 3 * time.step),
          job('first', t0 + 2 * time.step),
        ]);
        await time.until(time.justBefore(t0 + 2 * time.step));
        expect(recorder.keysBefore(t0 + 2 * time.step)).toEqual([]);
        // Each fires at its own time, not at the wake-up armed for `later`.
        await time.until(t0 + 2 * time.step);
        await time.eventually(() => expect(recorder.keys()[0]).toBe('first'));
        expect(recorder.keysBefore(t0 + 3 * time.step)).not.toContain('second');
        await time.until(t0 + 3 * time.step);
        await time.eventually(() => expect(recorder.keys().slice(0, 2)).toEqual(['first', 'second']));
        expect(recorder.keysBefore(t0 + 6 * time.step)).not.toContain('later');
        await time.until(t0 + 6 * time.step);
        await time.eventually(() => expect(recorder.keys()).toEqual(['first', 'second', 'later']));
        for (const { job: fired, at } of recorder.firings) expect(at).toBeGreaterThanOrEqual(fired.runAt);
        expect(recorder.firings[0]?.job).toEqual(job('first', t0 + 2 * time.step));
        await time.until(t0 + 9 * time.step);
        expect(recorder.firings).toHaveLength(3);
      },
      { jobStore: true },
    );

    test(
      'a job written in a transaction that rolls back never fires',
      async ({ scheduler, time }) => {
        const recorder = new Recorder();
        await scheduler.start(recorder.handler());
        const runAt = time.now() + 2 * time.step;
        const store = scheduler.jobStore!;
        await expect(
          store.storage.transaction(async (tx) => {
            await tx.jobs.upsert(record(job('rolled-back', runAt)));
            throw new Error('the caller failed');
          }),
        ).rejects.toThrow('the caller failed');
        await scheduler.schedule(job('kept', runAt + time.step));
        await time.until(runAt + 3 * time.step);
        await time.eventually(() => expect(recorder.keys()).toEqual(['kept']));
      },
      { jobStore: true },
    );

    test(
      'a job deleted through tx.jobs before its time never fires',
      async ({ scheduler, time }) => {
        const recorder = new Recorder();
        await scheduler.start(recorder.handler());
        const t0 = time.now();
        await scheduler.schedule(job('deleted', t0 + 2 * time.step));
        await scheduler.schedule(job('kept', t0 + 3 * time.step));
        await scheduler.jobStore!.storage.transaction((tx) => tx.jobs.delete('deleted'));
        await time.until(t0 + 5 * time.step);
        await time.eventually(() => expect(recorder.keys()).toEqual(['kept']));
      },
      { jobStore: true },
    );
  });
}
