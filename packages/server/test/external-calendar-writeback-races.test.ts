import { bookingEventUid, type ExternalCalendar } from '@leadbook/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { advanceTo } from './notifications-support';
import {
  callsOf,
  failures,
  pendingWriteback,
  writebackStudio,
  type WritebackStudio,
} from './writeback-support';

const HOUR = 3_600_000;
// Monday 09:00 and 10:00 in Berlin, inside the coach's daily window.
const START = Date.parse(`${day(1)}T08:00:00Z`);
const LATER = START + HOUR;

/** Holds the calendar's next event creation until `release()`; `entered` resolves when it starts. */
function holdCreation(calendar: ExternalCalendar) {
  const create = calendar.createEvent.bind(calendar);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  calendar.createEvent = async (event, options) => {
    enter();
    await gate;
    return create(event, options);
  };
  return { entered, release };
}

describe('external calendar write-back while its call is in flight', () => {
  let studio: WritebackStudio | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    await studio?.service.close();
    studio = undefined;
    vi.useRealTimers();
  });

  it('a booking deleted while its event is being created has that event deleted afterwards', async () => {
    studio = await writebackStudio();
    const creation = holdCreation(studio.calendar);
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    await creation.entered;
    await studio.remove(booking.id);
    creation.release();
    await advanceTo(Date.now() + 1_000);
    expect(studio.calendar.events.size).toBe(0);
    expect(callsOf(studio, 'createEvent')).toBe(1);
    expect(callsOf(studio, 'deleteEvent')).toBe(1);
    expect(failures(studio)).toEqual([]);
    expect(await pendingWriteback(studio)).toEqual([]);
  });

  it('a booking rescheduled while its event is being created has that event moved afterwards', async () => {
    studio = await writebackStudio();
    const creation = holdCreation(studio.calendar);
    const booking = await studio.book(START);
    await advanceTo(Date.now());
    await creation.entered;
    await studio.reschedule(booking.id, LATER);
    creation.release();
    await advanceTo(Date.now() + 1_000);
    expect([...studio.calendar.events.values()]).toMatchObject([
      { uid: bookingEventUid(booking.id), startMs: LATER, endMs: LATER + HOUR, sequence: 1 },
    ]);
    expect(callsOf(studio, 'createEvent')).toBe(1);
    expect(failures(studio)).toEqual([]);
    expect(await pendingWriteback(studio)).toEqual([]);
  });
});
