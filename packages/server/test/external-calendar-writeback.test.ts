import { bookingEventUid } from '@leadbook/server';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { advanceTo } from './notifications-support';
import { failures, pendingWriteback, writebackStudio, type WritebackStudio } from './writeback-support';

const HOUR = 3_600_000;
// Monday 09:00 and 10:00 in Berlin, inside the coach's daily window.
const START = Date.parse(`${day(1)}T08:00:00Z`);
const LATER = START + HOUR;

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
});
