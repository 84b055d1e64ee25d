/**
 * Conformance tests of durable adapters (those whose `create` gives `reopen`): jobs survive a
 * restart, and two instances on one store fire each due job exactly once between them.
 *
 * @module
 */
import { expect } from 'vitest';
import type { SchedulerHarness } from './harness';
import { job, Recorder } from './harness';

/** Registers the durability tests; they skip themselves when the adapter gives no `reopen`. */
export function registerDurabilityTests(harness: SchedulerHarness): void {
  harness.group('durability', (test) => {
    test(
      'jobs scheduled in one instance fire exactly once in the reopened one after the first is disposed',
      async ({ scheduler: first, time, dispose, reopen }) => {
        const recorder = new Recorder();
        const t0 = time.now();
        await first.schedule(job('fired-before', t0 + time.step));
        await first.start(recorder.handler('first'));
        await first.schedule(job('overdue-after', t0 + 3 * time.step));
        await first.schedule(job('moved', t0 + 2 * time.step, { version: 1 }));
        await first.schedule(job('moved', t0 + 6 * time.step, { version: 2 }));
        await first.schedule(job('cancelled', t0 + 5 * time.step));
        await first.schedule(job('future', t0 + 7 * time.step));
        await first.stop();
        await first.schedule(job('while-stopped', t0 + 5 * time.step));
        expect(await first.cancel('cancelled')).toBe(true);
        await first.start(recorder.handler('first'));
        await time.until(t0 + time.step);
        await time.eventually(() => expect(recorder.keys('first')).toEqual(['fired-before']));
        await dispose();

        // Time passes while no instance runs.
        await time.until(t0 + 4 * time.step);
        const second = await reopen();
        await second.start(recorder.handler('second'));
        // The overdue job fires first. (On real time a slow start may let later ones fall due too.)
        await time.eventually(() => expect(recorder.keys('second')[0]).toBe('overdue-after'));
        await time.until(t0 + 7 * time.step);
        await time.eventually(() =>
          expect(recorder.keys('second')).toEqual(['overdue-after', 'while-stopped', 'moved', 'future']),
        );
        await time.until(t0 + 10 * time.step);
        expect(recorder.keys()).toEqual([
          'fired-before',
          'overdue-after',
          'while-stopped',
          'moved',
          'future',
        ]);
        expect(recorder.firings.find((firing) => firing.job.key === 'moved')?.job.payload).toEqual({
          version: 2,
        });
        for (const { job: fired, at } of recorder.firings) expect(at).toBeGreaterThanOrEqual(fired.runAt);
      },
      { durable: true },
    );

    test(
      'two instances started on the same store fire each due job exactly once between them',
      async ({ scheduler: first, time, reopen }) => {
        const recorder = new Recorder();
        const second = await reopen();
        const t0 = time.now();
        const keys: string[] = [];
        for (let index = 0; index < 12; index++) {
          const key = `job-${index}`;
          keys.push(key);
          // Two overdue jobs, then one job per half step, scheduled alternately through each instance.
          const runAt = index < 2 ? t0 - time.step : t0 + ((index - 1) * time.step) / 2;
          await (index % 2 === 0 ? first : second).schedule(job(key, runAt));
        }
        await second.schedule(job('cancelled', t0 + time.step));
        expect(await first.cancel('cancelled')).toBe(true);
        expect(await second.cancel('cancelled')).toBe(false);
        await first.schedule(job('replaced', t0 + time.step, { version: 1 }));
        await second.schedule(job('replaced', t0 + 2 * time.step, { version: 2 }));
        keys.push('replaced');

        await Promise.all([first.start(recorder.handler('first')), second.start(recorder.handler('second'))]);
        await time.until(t0 + 7 * time.step);
        await time.eventually(() => expect([...recorder.keys()].sort()).toEqual([...keys].sort()));
        await time.until(t0 + 10 * time.step);
        expect(recorder.firings).toHaveLength(keys.length);
        expect(recorder.firings.find((firing) => firing.job.key === 'replaced')?.job.payload).toEqual({
          version: 2,
        });
      },
      { durable: true },
    );
  });
}
