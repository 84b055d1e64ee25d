/**
 * The bounds of a calendar feed (`CALENDAR_FEED_LIMITS`): bookings from 30 days before now to 365
 * days after, at most 2,000 events, the upcoming ones kept first and then the latest past ones.
 */
import { randomUUID } from 'node:crypto';
import { CALENDAR_FEED_LIMITS } from '@leadbook/contract';
import { bookingEventUid } from '@leadbook/server';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, NOW } from '../../../test-support/time';
import { feedWorld, parseFeed, type FeedWorld } from './ics-feed-support';

const HOUR_MS = 3_600_000;

let world: FeedWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

/** A coach booking of an hour at `startMs`, written straight to storage (past ones included). */
const coachBooking = (startMs: number) => ({
  id: randomUUID(),
  organizationId: ID.organization,
  calendarId: ID.calendarBerlin,
  name: null,
  createdAt: new Date(NOW - 60 * DAY_MS).toISOString(),
  startDateTime: new Date(startMs).toISOString(),
  endDateTime: new Date(startMs + HOUR_MS).toISOString(),
  startMs,
  endMs: startMs + HOUR_MS,
  tableEntryId: null,
  resourceId: ID.resourceCoach,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceSlotId: null,
  calendarScheduleTypeId: null,
  calendarScheduleTypeSlotId: null,
  trigger: { source: 'connect' as const, apiTokenId: null, memberId: null },
});

async function store(records: ReturnType<typeof coachBooking>[]) {
  await world!.storage.transaction(async (tx) => {
    for (const record of records) await tx.bookings.create(record);
  });
}

const uids = async () => parseFeed((await world!.get()).text).events.map((event) => event.uid);

describe('calendar feed bounds', () => {
  it('covers bookings from 30 days before now to 365 days after, on the service clock', async () => {
    world = await feedWorld();
    const { pastDays, futureDays } = CALENDAR_FEED_LIMITS;
    const [endedLongAgo, endedRecently, soon, late, tooLate] = [
      coachBooking(NOW - pastDays * DAY_MS - 2 * HOUR_MS),
      coachBooking(NOW - pastDays * DAY_MS + HOUR_MS),
      coachBooking(NOW + DAY_MS),
      coachBooking(NOW + futureDays * DAY_MS - 2 * HOUR_MS),
      coachBooking(NOW + futureDays * DAY_MS + HOUR_MS),
    ];
    await store([endedLongAgo, endedRecently, soon, late, tooLate]);
    expect(await uids()).toEqual([endedRecently, soon, late].map((b) => bookingEventUid(b.id)));
    // Two days later the window has moved with the clock.
    world.clock.advance(2 * DAY_MS);
    expect(await uids()).toEqual([soon, late, tooLate].map((b) => bookingEventUid(b.id)));
  });

  it('keeps at most 2,000 events: every upcoming one first, then the latest past ones', async () => {
    world = await feedWorld();
    const { maxEvents } = CALENDAR_FEED_LIMITS;
    const past = Array.from({ length: 30 }, (_, i) => coachBooking(NOW - (i + 2) * HOUR_MS));
    const underWay = coachBooking(NOW - HOUR_MS / 2);
    const upcoming = Array.from({ length: maxEvents - 11 }, (_, i) => coachBooking(NOW + (i + 1) * HOUR_MS));
    await store([...past, underWay, ...upcoming]);
    const listed = await uids();
    expect(listed).toHaveLength(maxEvents);
    // The ten latest past bookings, oldest first, then the one under way and every upcoming one.
    const expected = [...past.slice(0, 10).reverse(), underWay, ...upcoming];
    expect(listed).toEqual(expected.map((b) => bookingEventUid(b.id)));
  });
});
