/**
 * Conformance tests of handler failures and of `stop()` / `start()`.
 *
 * @module
 */
import { expect } from 'vitest';
import type { JobHandler } from '../../ports/scheduler';
import type { SchedulerHarness } from './harness';
import { deferred, job, Recorder } from './harness';

/** Registers the failure and lifecycle tests. */
export function registerLifecycleTests(harness: SchedulerHarness): void {
  harness.group('failures', (test) => {
    test('a handler that throws does not stop later jobs, and the failed job is not run again', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      const record = recorder.handler();
      const handler: JobHandler = (fired) => {
        // One handler rejects, one throws before it returns a promise at all.
        if (fired.key === 'throws') throw new Error('boom (sync)');
        return record(fired).then(() => {
          if (fired.key.startsWith('rejects')) throw new Error('boom (async)');
        });
      };
      const t0 = time.now();
      await scheduler.schedule(job('rejects-overdue', t0 - time.step));
      await scheduler.start(handler);
      await scheduler.schedule(job('throws', t0 + time.step));
      await scheduler.schedule(job('same-time', t0 + time.step));
      await scheduler.schedule(job('rejects-later', t0 + 2 * time.step));
      await scheduler.schedule(job('last', t0 + 3 * time.step));

      await time.until(t0 + 3 * time.step);
      await time.eventually(() =>
        expect(recorder.keys()).toEqual(['rejects-overdue', 'same-time', 'rejects-later', 'last']),
      );
      expect(await scheduler.cancel('throws')).toBe(false);

      // Neither later time nor a restart brings a failed job back.
      await time.until(t0 + 6 * time.step);
      await scheduler.stop();
      await scheduler.start(handler);
      await time.until(t0 + 8 * time.step);
      expect(recorder.keys()).toEqual(['rejects-overdue', 'same-time', 'rejects-later', 'last']);
    });
  });

  harness.group('stop and start', (test) => {
    test('stop() stops firing and keeps pending jobs; a new start() fires them once', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      const t0 = time.now();
      const due: Record<string, number> = {
        'before-stop': t0 + time.step,
        'pending-1': t0 + 2 * time.step,
        'while-stopped': t0 + 5 * time.step,
        'pending-2': t0 + 6 * time.step,
      };
      await scheduler.start(recorder.handler('first'));
      for (const key of ['before-stop', 'pending-1', 'pending-2'])
        await scheduler.schedule(job(key, due[key]!));
      await time.until(due['before-stop']!);
      await time.eventually(() => expect(recorder.keys()).toContain('before-stop'));

      await scheduler.stop();
      // Judged by the time that actually passed: on fake time exactly `before-stop` has fired; on a
      // busy machine with real time, jobs that fell due before stop() resolved may have fired too.
      const stoppedAt = time.now();
      const firstRun = recorder.keys('first');
      expect(firstRun.filter((key) => due[key]! > stoppedAt)).toEqual([]);
      if (stoppedAt < due['pending-1']!) expect(firstRun).toEqual(['before-stop']);

      await scheduler.schedule(job('while-stopped', due['while-stopped']!));
      await time.until(t0 + 3 * time.step);
      expect(recorder.keys()).toEqual(firstRun);

      await scheduler.start(recorder.handler('second'));
      const rest = Object.keys(due)
        .filter((key) => !firstRun.includes(key))
        .sort((a, b) => due[a]! - due[b]!);
      await time.until(t0 + 6 * time.step);
      await time.eventually(() => expect(recorder.keys('second')).toEqual(rest));
      await time.until(t0 + 9 * time.step);
      expect(recorder.keys()).toEqual([...firstRun, ...rest]);
    });

    test('stop() waits for a running handler, and no job fires after it resolves', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      const gate = deferred();
      // Started before the jobs exist: start() runs the jobs already due before it resolves, so a
      // slow first schedule() (a database adapter's warm-up) would make it wait on the gate.
      await scheduler.start(
        recorder.handler('main', (fired) => (fired.key === 'slow' ? gate.promise : undefined)),
      );
      const t0 = time.now();
      await scheduler.schedule(job('slow', t0 + time.step));
      await scheduler.schedule(job('next', t0 + 2 * time.step));
      try {
        await time.until(t0 + time.step);
        await time.eventually(() => expect(recorder.keys()).toEqual(['slow']));

        let stopped = false;
        const stopping = scheduler.stop().then(() => (stopped = true));
        await time.settle();
        expect(stopped).toBe(false);
        gate.resolve();
        await stopping;
        expect(stopped).toBe(true);
      } finally {
        gate.resolve();
      }
      await time.until(t0 + 4 * time.step);
      expect(recorder.keys()).toEqual(['slow']);

      await scheduler.start(recorder.handler('again'));
      await time.eventually(() => expect(recorder.keys('again')).toEqual(['next']));
    });

    test('stop() without start() and a second stop() are harmless', async ({ scheduler, time }) => {
      const recorder = new Recorder();
      await scheduler.stop();
      // A first schedule() may be slow (a database adapter's warm-up), so the job's time is set by
      // a second one: scheduling a key again keeps only the later call.
      await scheduler.schedule(job('k', time.now() + 100 * time.step));
      const t0 = time.now();
      await scheduler.schedule(job('k', t0 + 3 * time.step));
      await scheduler.start(recorder.handler());
      await scheduler.stop();
      await scheduler.stop();
      await time.until(t0 + 4 * time.step);
      expect(recorder.firings).toEqual([]);
      await scheduler.start(recorder.handler());
      await time.eventually(() => expect(recorder.keys()).toEqual(['k']));
    });
  });
}
