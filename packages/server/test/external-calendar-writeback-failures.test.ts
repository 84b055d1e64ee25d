import {
  bookingEventUid,
  createTimerScheduler,
  ExternalCalendarError,
  type JobRun,
  type Scheduler,
  type StorageAdapter,
} from '@leadbook/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { advanceTo } from './notifications-support';
import { callsOf, failures, writebackStudio, type WritebackStudio } from './writeback-support';

const HOUR = 3_600_000;
const MINUTE = 60_000;
// Monday 09:00 and 10:00 in Berlin, inside the coach's daily window.
const START = Date.parse(`${day(1)}T08:00:00Z`);
const LATER = START + HOUR;

describe('external calendar write-back failures and repeated runs', () => {
  let studio: WritebackStudio | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    await studio?.service.close();
    studio = undefined;
    vi.useRealTimers();
  });

  it('retries a retryable failure with backoff, then creates the event once', async () => {
    studio = await writebackStudio();
    studio.calendar.fail('createEvent', undefined, 2);
    const booking = await studio.book(START);
    const booked = Date.now();
    await advanceTo(booked);
    expect(studio.calendar.events.size).toBe(0);
    // The first retry a minute later, the second two minutes after that.
    await advanceTo(booked + MINUTE);
    expect(callsOf(studio, 'createEvent')).toBe(2);
    await advanceTo(booked + 3 * MINUTE - 1);
    expect(studio.calendar.events.size).toBe(0);
    await advanceTo(booked + 3 * MINUTE);
    expect(callsOf(studio, 'createEvent')).toBe(3);
    expect([...studio.calendar.events.values()].map((e) => e.uid)).toEqual([bookingEventUid(booking.id)]);
    expect(failures(studio)).toEqual([]);
  });

  it('records a failure the calendar says is final in the activity log at once', async () => {
    studio = await writebackStudio();
    studio.calendar.fail(
      'createEvent',
      new ExternalCalendarError('HTTP 403: forbidden', { retryable: false }),
    );
    const booking = await studio.book(START);
    await advanceTo(Date.now() + HOUR);
    expect(callsOf(studio, 'createEvent')).toBe(1);
    const logged = await studio.service.storage.transaction((tx) =>
      tx.activity.list(booking.organizationId, { type: 'calendar.appointment.calendarEventFailed' }),
    );
    expect(logged.map((e) => e.payload)).toEqual([
      {
        booking: expect.objectContaining({ id: booking.id }),
        calendarEvent: {
          operation: 'create',
          externalCalendarLinkId: studio.linkId,
          reason: 'rejected',
          detail: 'HTTP 403: forbidden',
        },
      },
    ]);
  });

  it('records retries exhausted after five attempts', async () => {
    studio = await writebackStudio();
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    studio.calendar.fail('moveEvent', undefined, 10);
    await studio.reschedule(booking.id, LATER);
    // Attempts at 0, 1, 3, 7 and 15 minutes.
    await advanceTo(Date.now() + 15 * MINUTE);
    expect(callsOf(studio, 'moveEvent')).toBe(5);
    await advanceTo(Date.now() + 2 * HOUR);
    expect(callsOf(studio, 'moveEvent')).toBe(5);
    expect(failures(studio).map((e) => e.payload.calendarEvent)).toEqual([
      {
        operation: 'move',
        externalCalendarLinkId: studio.linkId,
        reason: 'retriesExhausted',
        detail: 'HTTP 503: the calendar is unavailable',
      },
    ]);
  });

  it('with a scheduler that runs each job twice at once, calls the calendar once per change', async () => {
    // Each due job is handed to the handler twice together, as two instances would after one was
    // taken for dead; the run that finishes the job first in its transaction wins.
    const twice = (storage: StorageAdapter): Scheduler => {
      const inner = createTimerScheduler({ storage });
      let dispatched = 0;
      // One marker per dispatch of a job: both runs of it share it (a key can be scheduled again).
      const run = (marker: string): JobRun => ({
        async finish(jobs) {
          if (await jobs.get(marker)) return false;
          await jobs.upsert({
            key: marker,
            runAt: Number.MAX_SAFE_INTEGER,
            type: 'test.finished',
            payload: null,
            createdAt: new Date().toISOString(),
          });
          return true;
        },
      });
      return {
        ...inner,
        jobStore: inner.jobStore!,
        start: (handler) =>
          inner.start(async (job) => {
            const marker = `finished:${job.key}:${++dispatched}`;
            await Promise.all([handler(job, run(marker)), handler(job, run(marker))]);
          }),
      };
    };
    studio = await writebackStudio({ scheduler: twice });
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    await studio.reschedule(booking.id, LATER);
    await advanceTo(Date.now() + MINUTE);
    await studio.remove(booking.id);
    await advanceTo(Date.now() + MINUTE);
    expect(studio.calendar.calls.map((c) => c.operation).filter((o) => o !== 'busy')).toEqual([
      'createEvent',
      'moveEvent',
      'deleteEvent',
    ]);
    expect(studio.calendar.events.size).toBe(0);
  });
});
