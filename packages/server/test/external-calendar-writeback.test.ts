import type { EventOf } from '@leadbook/contract';
import {
  bookingEventUid,
  createTimerScheduler,
  ExternalCalendarError,
  type JobRun,
  type Scheduler,
  type StorageAdapter,
} from '@leadbook/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { day, NOW } from '../../../test-support/time';
import { advanceTo } from './notifications-support';
import { writebackStudio, type WritebackStudio } from './writeback-support';

const HOUR = 3_600_000;
const MINUTE = 60_000;
// Monday 09:00 and 10:00 in Berlin, inside the coach's daily window.
const START = Date.parse(`${day(1)}T08:00:00Z`);
const LATER = START + HOUR;

const failures = (studio: WritebackStudio) =>
  studio.events.filter(
    (e): e is EventOf<'calendar.appointment.calendarEventFailed'> =>
      e.type === 'calendar.appointment.calendarEventFailed',
  );
const callsOf = (studio: WritebackStudio, operation: string) =>
  studio.calendar.calls.filter((c) => c.operation === operation).length;
const pendingWriteback = (studio: WritebackStudio) =>
  studio.service.storage
    .transaction((tx) => tx.jobs.listDue(Number.MAX_SAFE_INTEGER, 100))
    .then((jobs) => jobs.filter((job) => job.type.startsWith('booking.calendarEvent')));

describe('external calendar write-back', () => {
  let studio: WritebackStudio | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    await studio?.service.close();
    studio = undefined;
    vi.useRealTimers();
  });

  it('creates the event on booking, moves it on reschedule and deletes it on delete', async () => {
    studio = await writebackStudio();
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    const [created] = [...studio.calendar.events.values()];
    expect(created).toMatchObject({
      uid: bookingEventUid(booking.id),
      summary: 'Trial session',
      timezone: 'Europe/Berlin',
      startMs: START,
      endMs: START + HOUR,
      sequence: 0,
    });
    // The calendar counts as busy, but Leadbook's own event does not: moving half an hour into it is fine.
    const half = START + HOUR / 2;
    await studio.reschedule(booking.id, half);
    await advanceTo(Date.now());
    expect([...studio.calendar.events.values()]).toEqual([
      { ...created, startMs: half, endMs: half + HOUR, sequence: 1 },
    ]);
    await studio.remove(booking.id);
    await advanceTo(Date.now());
    expect(studio.calendar.events.size).toBe(0);
    expect(failures(studio)).toEqual([]);
    expect(await pendingWriteback(studio)).toEqual([]);
  });

  it('a booking moved to another resource leaves the old calendar for the new one', async () => {
    studio = await writebackStudio();
    const room = await studio.receiving(ID.resourceRoom);
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    expect(studio.calendar.events.size).toBe(1);
    // The studio room's Berlin window is 14:00-18:00, 13:00Z-17:00Z.
    const afternoon = START + 5 * HOUR;
    await studio.reschedule(booking.id, afternoon, ID.resourceRoom);
    // The deletion is a job of its own, stored by the sync job as it runs: a second wake-up.
    await advanceTo(Date.now() + 1000);
    expect(studio.calendar.events.size).toBe(0);
    expect([...room.events.values()]).toMatchObject([
      { uid: bookingEventUid(booking.id), startMs: afternoon, sequence: 0 },
    ]);
    await studio.remove(booking.id);
    await advanceTo(Date.now());
    expect(room.events.size).toBe(0);
    expect(failures(studio)).toEqual([]);
  });

  it('writes nothing for a resource without a receiving link', async () => {
    studio = await writebackStudio({ receives: false });
    const booking = await studio.book(START);
    await studio.reschedule(booking.id, LATER);
    await studio.remove(booking.id);
    await advanceTo(Date.now() + HOUR);
    expect(studio.calendar.calls.filter((c) => c.operation !== 'busy')).toEqual([]);
  });

  it('a link unlinked before its job runs gets nothing; one unlinked later keeps its event untouched', async () => {
    studio = await writebackStudio();
    const { service, calendar, linkId } = studio;
    const unseen = await studio.book(START);
    await service.admin.externalCalendars.unlink(unseen.organizationId, linkId);
    await advanceTo(Date.now());
    expect(calendar.calls.filter((c) => c.operation !== 'busy')).toEqual([]);
    await service.close();

    studio = await writebackStudio();
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    expect(studio.calendar.events.size).toBe(1);
    await studio.service.admin.externalCalendars.unlink(booking.organizationId, studio.linkId);
    await studio.reschedule(booking.id, LATER);
    await studio.remove(booking.id);
    await advanceTo(Date.now() + HOUR);
    // Leadbook no longer holds the calendar's credentials: the event stays, nothing fails.
    expect(studio.calendar.calls.map((c) => c.operation).filter((o) => o !== 'busy')).toEqual([
      'createEvent',
    ]);
    expect([...studio.calendar.events.values()].map((e) => e.startMs)).toEqual([START]);
    expect(failures(studio)).toEqual([]);
    expect(await pendingWriteback(studio)).toEqual([]);
  });

  it('an event removed from the calendar outside Leadbook is created again when its booking moves', async () => {
    studio = await writebackStudio();
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    const [first] = [...studio.calendar.events.keys()];
    await studio.calendar.deleteEvent(first!); // the coach deleted it in their calendar app
    await studio.reschedule(booking.id, LATER);
    await advanceTo(Date.now());
    expect([...studio.calendar.events.values()]).toMatchObject([
      { uid: bookingEventUid(booking.id), startMs: LATER, endMs: LATER + HOUR },
    ]);
    expect(failures(studio)).toEqual([]);
    // The new event is the one the next change moves.
    await studio.reschedule(booking.id, START);
    await advanceTo(Date.now());
    expect([...studio.calendar.events.values()]).toMatchObject([{ startMs: START, sequence: 1 }]);
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
