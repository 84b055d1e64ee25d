/**
 * Reads a resource's calendar feed by its token: the bookings of the resource from
 * `CALENDAR_FEED_LIMITS.pastDays` before now to `futureDays` after, at most `maxEvents` of them (the
 * upcoming ones first, then the latest past ones), as iCalendar text. One read transaction, two
 * bounded index reads of the bookings; an unknown, rotated or revoked token is a 404.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { bookingEventUid } from '../../ports/external-calendar';
import { CALENDAR_FEED_LIMITS } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { buildFeed, type FeedEvent } from '../../domain/calendar-feeds/ics';
import type { BookingRecord, CalendarFeedRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { feedTokenDigest, isFeedToken } from './token';

const DAY_MS = 86_400_000;

/** How often calendar apps are asked to fetch the feed again. */
export const FEED_REFRESH_MINUTES = 15;

/** A feed as the route answers it. */
export interface CalendarFeedDocument {
  /** The iCalendar text. */
  text: string;
  /** A strong entity tag of the text (quoted), for `ETag` and `If-None-Match`. */
  etag: string;
  /** The latest change of any event (or the feed's creation), epoch ms, for `Last-Modified`. */
  lastModifiedMs: number;
}

/** The feed's bookings nearest now, within the bounds, in start order. */
async function feedBookings(tx: Repositories, feed: CalendarFeedRecord, nowMs: number) {
  const { pastDays, futureDays, maxEvents } = CALENDAR_FEED_LIMITS;
  const { organizationId: org, resourceId } = feed;
  const upcoming = await tx.bookings.listByResource(org, resourceId, {
    startMs: nowMs,
    endMs: nowMs + futureDays * DAY_MS,
    limit: maxEvents,
  });
  const room = maxEvents - upcoming.length;
  if (room === 0) return upcoming;
  // A booking under way overlaps both ranges: it is listed with the upcoming ones, and it is among
  // the latest past ones too, so the past read asks for as many more.
  const underWay = upcoming.filter((booking) => booking.startMs < nowMs);
  const listed = new Set(underWay.map((booking) => booking.id));
  const past = await tx.bookings.listByResource(org, resourceId, {
    startMs: nowMs - pastDays * DAY_MS,
    endMs: nowMs,
    limit: room + underWay.length,
    latestFirst: true,
  });
  const ended = past.filter((booking) => !listed.has(booking.id)).slice(0, room);
  return [...ended.reverse(), ...upcoming];
}

/** The appointment type names of the bookings, each read once. */
async function typeNames(tx: Repositories, org: string, bookings: readonly BookingRecord[]) {
  const names = new Map<string, string>();
  for (const id of new Set(bookings.map((booking) => booking.appointmentTypeId))) {
    if (id) names.set(id, (await tx.appointmentTypes.get(org, id))?.name ?? 'Booking');
  }
  return names;
}

// Only what staff need to see the time taken: no lead data, no booking title (integrations put
// the customer's name there), no meeting link; the reference opens the booking in the console.
const eventOf = (booking: BookingRecord, names: ReadonlyMap<string, string>): FeedEvent => {
  const modified = booking.rescheduledAt ?? booking.createdAt;
  return {
    uid: bookingEventUid(booking.id),
    sequence: booking.notificationSequence ?? 0,
    startMs: booking.startMs,
    endMs: booking.endMs,
    createdMs: Date.parse(booking.createdAt),
    modifiedMs: Date.parse(modified),
    summary: (booking.appointmentTypeId && names.get(booking.appointmentTypeId)) || 'Booking',
    description: `Leadbook booking ${booking.id}`,
  };
};

/**
 * The feed of `token`, as of the service's clock.
 *
 * @throws ServiceError 404 for a token of no feed (unknown, rotated, revoked) or a deleted resource.
 */
export async function readCalendarFeed(ctx: ServiceContext, token: string): Promise<CalendarFeedDocument> {
  if (!isFeedToken(token)) throw notFound();
  const nowMs = ctx.clock.now();
  return readTx(ctx, async (tx) => {
    const feed = await tx.calendarFeeds.findByTokenDigest(feedTokenDigest(token));
    const resource = feed && (await tx.resources.get(feed.organizationId, feed.resourceId));
    if (!feed || !resource) throw notFound();
    const org = feed.organizationId;
    const bookings = await feedBookings(tx, feed, nowMs);
    const names = await typeNames(tx, org, bookings);
    const [mapping] = await tx.resourceCalendarMappings.list(org, { resourceId: resource.id });
    const calendar = mapping && (await tx.calendars.get(org, mapping.calendarId));
    const events = bookings.map((booking) => eventOf(booking, names));
    const text = buildFeed({
      name: resource.name,
      timezone: calendar?.tzdata ?? null,
      refreshMinutes: FEED_REFRESH_MINUTES,
      events,
    });
    const lastModifiedMs = Math.max(Date.parse(feed.createdAt), ...events.map((event) => event.modifiedMs));
    const etag = `"${createHash('sha256').update(text).digest('base64url')}"`;
    return { text, etag, lastModifiedMs };
  });
}
