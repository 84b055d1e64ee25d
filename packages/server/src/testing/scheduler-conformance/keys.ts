/**
 * Conformance tests of keys: scheduling a key again replaces its pending job, and `cancel(key)`
 * removes it.
 *
 * @module
 */
import { expect } from 'vitest';
import type { SchedulerHarness } from './harness';
import { job, Recorder } from './harness';

/** Registers the replace and cancel tests. */
export function registerKeyTests(harness: SchedulerHarness): void {
  harness.group('schedule', (test) => {
    test('scheduling a key again to a later time fires once, at the later runAt with the later payload', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      const t0 = time.now();
      await scheduler.schedule(job('k', t0 + time.step, { version: 1 }));
      await scheduler.schedule(job('k', t0 + 3 * time.step, { version: 2 }));

      await time.until(time.justBefore(t0 + 3 * time.step));
      expect(recorder.keysBefore(t0 + 3 * time.step)).toEqual([]);
      await time.until(t0 + 3 * time.step);
      await time.eventually(() => expect(recorder.firings).toHaveLength(1));
      expect(recorder.firings[0]?.job).toEqual(job('k', t0 + 3 * time.step, { version: 2 }));
      await time.until(t0 + 6 * time.step);
      expect(recorder.firings).toHaveLength(1);
    });

    test('scheduling a key again to an earlier time fires once, at the earlier runAt with the later payload', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      const t0 = time.now();
      await scheduler.schedule(job('k', t0 + 3 * time.step, { version: 1 }));
      await scheduler.schedule(job('k', t0 + time.step, { version: 2 }));

      await time.until(t0 + time.step);
      await time.eventually(() => expect(recorder.firings).toHaveLength(1));
      expect(recorder.firings[0]?.job).toEqual(job('k', t0 + time.step, { version: 2 }));
      await time.until(t0 + 5 * time.step);
      expect(recorder.firings).toHaveLength(1);
    });

    test('scheduling a key that already fired schedules it anew', async ({ scheduler, time }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      const t0 = time.now();
      await scheduler.schedule(job('k', t0 + time.step, { round: 1 }));
      await time.until(t0 + time.step);
      await time.eventually(() => expect(recorder.firings).toHaveLength(1));

      await scheduler.schedule(job('k', t0 + 3 * time.step, { round: 2 }));
      await time.until(t0 + 3 * time.step);
      await time.eventually(() => expect(recorder.firings).toHaveLength(2));
      expect(recorder.firings.map((firing) => firing.job.payload)).toEqual([{ round: 1 }, { round: 2 }]);
    });
  });

  harness.group('cancel', (test) => {
    test('a job cancelled before it is due never fires; cancel returns true, then false', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      const t0 = time.now();
      // Due two steps after the cancel, so that a late wake-up on a busy machine still cancels in time.
      await scheduler.schedule(job('gone', t0 + 3 * time.step));
      await scheduler.schedule(job('kept', t0 + 3 * time.step));
      await time.until(t0 + time.step);
      expect(await scheduler.cancel('gone')).toBe(true);
      expect(await scheduler.cancel('gone')).toBe(false);

      await time.until(t0 + 3 * time.step);
      await time.eventually(() => expect(recorder.keys()).toEqual(['kept']));
      await time.until(t0 + 6 * time.step);
      expect(recorder.keys()).toEqual(['kept']);
    });

    test('cancel returns false for an unknown key and for a job that already fired', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      expect(await scheduler.cancel('never-scheduled')).toBe(false);
      const t0 = time.now();
      await scheduler.schedule(job('done', t0 + time.step));
      await time.until(t0 + time.step);
      await time.eventually(() => expect(recorder.keys()).toEqual(['done']));
      expect(await scheduler.cancel('done')).toBe(false);
    });

    test('cancel works while stopped: the job does not fire after start()', async ({ scheduler, time }) => {
      const recorder = new Recorder();
      const t0 = time.now();
      await scheduler.schedule(job('gone', t0 + time.step));
      await scheduler.schedule(job('kept', t0 + time.step));
      expect(await scheduler.cancel('gone')).toBe(true);
      await time.until(t0 + 2 * time.step);
      await scheduler.start(recorder.handler());
      await time.eventually(() => expect(recorder.keys()).toEqual(['kept']));
      await time.until(t0 + 4 * time.step);
      expect(recorder.keys()).toEqual(['kept']);
    });
  });
}
