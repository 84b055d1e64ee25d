/**
 * Conformance tests of when jobs fire: at their time and not before, once, in `runAt` order, at
 * once when overdue, and only after `start()`.
 *
 * @module
 */
import { expect } from 'vitest';
import type { SchedulerHarness } from './harness';
import { job, Recorder } from './harness';

/** Registers the firing tests. */
export function registerFiringTests(harness: SchedulerHarness): void {
  harness.group('firing', (test) => {
    test('a job fires once at its runAt, not before, with its key, type and payload', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      const runAt = time.now() + 2 * time.step;
      const payload = { bookingId: 'b-1', nested: { count: 2, list: [1, 'two', null, true] } };
      await scheduler.schedule({
        key: 'booking:b-1:hasStarted',
        runAt,
        type: 'appointment.hasStarted',
        payload,
      });

      await time.until(time.justBefore(runAt));
      expect(recorder.keysBefore(runAt)).toEqual([]);
      await time.until(runAt);
      await time.eventually(() => expect(recorder.firings).toHaveLength(1));
      const [firing] = recorder.firings;
      expect(firing?.job).toEqual({
        key: 'booking:b-1:hasStarted',
        runAt,
        type: 'appointment.hasStarted',
        payload,
      });
      expect(firing?.at).toBeGreaterThanOrEqual(runAt);

      await time.until(runAt + 3 * time.step);
      expect(recorder.firings).toHaveLength(1);
    });

    test('many jobs fire in runAt order, whatever the order they were scheduled in', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      const t0 = time.now();
      // Three are overdue at start and fire together; five fire later, one by one.
      const offsets = [3, -2, 5, 1, -3, 4, 2, -1];
      for (const [index, offset] of offsets.entries()) {
        await scheduler.schedule(job(`job-${index}`, t0 + offset * time.step));
      }
      await scheduler.start(recorder.handler());
      await time.until(t0 + 5 * time.step);

      const expected = offsets
        .map((offset, index) => ({ key: `job-${index}`, offset }))
        .sort((a, b) => a.offset - b.offset)
        .map(({ key }) => key);
      await time.eventually(() => expect(recorder.keys()).toEqual(expected));
      for (const { job: fired, at } of recorder.firings) expect(at).toBeGreaterThanOrEqual(fired.runAt);
    });

    test('jobs overdue at start() fire at once', async ({ scheduler, time }) => {
      const recorder = new Recorder();
      const t0 = time.now();
      await scheduler.schedule(job('late-1', t0 - 3 * time.step));
      await scheduler.schedule(job('late-3', t0 - 1));
      await scheduler.schedule(job('late-2', t0 - time.step));
      await scheduler.start(recorder.handler());
      const started = time.now();
      await time.settle();
      await time.eventually(() => expect(recorder.keys()).toEqual(['late-1', 'late-2', 'late-3']));
      // "At once": within a step of start(), however the adapter waits.
      expect(Math.max(...recorder.firings.map((firing) => firing.at))).toBeLessThan(started + time.step);
    });

    test('a job scheduled before start() waits for start(), then fires on time', async ({
      scheduler,
      time,
    }) => {
      const recorder = new Recorder();
      const t0 = time.now();
      await scheduler.schedule(job('held', t0 + time.step));
      await scheduler.schedule(job('future', t0 + 4 * time.step));
      await time.until(t0 + 2 * time.step);
      expect(recorder.firings).toEqual([]);

      const started = time.now();
      await scheduler.start(recorder.handler());
      await time.eventually(() => expect(recorder.keys()).toContain('held'));
      await time.until(time.justBefore(t0 + 4 * time.step));
      // Whenever this check runs (late, on a busy machine), `future` has not fired before its time.
      expect(recorder.keysBefore(t0 + 4 * time.step)).not.toContain('future');
      await time.until(t0 + 4 * time.step);
      await time.eventually(() => expect(recorder.keys()).toEqual(['held', 'future']));
      expect(recorder.firings[0]?.at).toBeGreaterThanOrEqual(started);
      expect(recorder.firings[1]?.at).toBeGreaterThanOrEqual(t0 + 4 * time.step);
    });

    test('a job scheduled for a past time while started fires at once', async ({ scheduler, time }) => {
      const recorder = new Recorder();
      await scheduler.start(recorder.handler());
      const t0 = time.now();
      await scheduler.schedule(job('past', t0 - time.step));
      const scheduled = time.now();
      await time.settle();
      await time.eventually(() => expect(recorder.keys()).toEqual(['past']));
      expect(recorder.firings[0]?.at).toBeLessThan(scheduled + time.step);
    });

    test('a job may be scheduled from inside a handler', async ({ scheduler, time }) => {
      const recorder = new Recorder();
      const t0 = time.now();
      await scheduler.start(
        recorder.handler('main', async (fired) => {
          if (fired.key === 'first') await scheduler.schedule(job('second', fired.runAt + time.step));
        }),
      );
      await scheduler.schedule(job('first', t0 + time.step));
      await time.until(t0 + time.step);
      await time.eventually(() => expect(recorder.keys()).toEqual(['first']));
      await time.until(t0 + 2 * time.step);
      await time.eventually(() => expect(recorder.keys()).toEqual(['first', 'second']));
    });
  });
}
