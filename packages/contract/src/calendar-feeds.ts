/**
 * Calendar feeds of resources (an extension of the 2.16.0 API, made through the console API,
 * `service.admin.calendarFeeds`): an iCalendar (RFC 5545) feed of one resource's bookings at an
 * unguessable URL, so staff can subscribe to it from any calendar app. The URL's token is shown
 * once; the service keeps only its SHA-256 digest.
 *
 * @module
 */
import { z } from 'zod';
import { DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/** Bounds of a calendar feed: which bookings it carries and how many. */
export const CALENDAR_FEED_LIMITS = {
  /** Days before now: bookings that ended earlier are left out. */
  pastDays: 30,
  /** Days after now: bookings that start later are left out. */
  futureDays: 365,
  /**
   * Events of one feed. Past it, the feed keeps the bookings nearest now: the upcoming ones first
   * (earliest first), then the past ones (latest first).
   */
  maxEvents: 2000,
  /** Random bytes of a token (base64url-encoded after its prefix). */
  tokenBytes: 32,
} as const;

/** The prefix of a feed token, so secret scanners and people can tell what a leaked one is. */
export const CALENDAR_FEED_TOKEN_PREFIX = 'lbfeed_';

/** What a feed token looks like: the prefix and 32 random bytes in base64url (43 characters). */
export const CALENDAR_FEED_TOKEN_PATTERN = /^lbfeed_[A-Za-z0-9_-]{43}$/;

/** Where the service serves feeds; the token and `.ics` follow. */
export const CALENDAR_FEED_PATH_PREFIX = '/public/calendar-feeds/';

/**
 * The path of a feed, relative to where the host mounts the service.
 *
 * @example
 * ```ts
 * calendarFeedPath('lbfeed_...'); // '/public/calendar-feeds/lbfeed_....ics'
 * ```
 */
export function calendarFeedPath(token: string): string {
  return `${CALENDAR_FEED_PATH_PREFIX}${encodeURIComponent(token)}.ics`;
}

/** Input of `admin.calendarFeeds.create`: the resource whose bookings the feed carries. */
export const CalendarFeedInputSchema = z
  .object({ resourceId: UuidSchema.describe('The resource whose bookings the feed carries') })
  .strict();

/** A resource's calendar feed, as the console lists it: never its token. */
export const CalendarFeedSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  resourceId: UuidSchema,
  createdAt: DateTimeSchema,
  rotatedAt: DateTimeSchema.nullable().describe('When the token was last replaced, or null'),
});

/** A feed with its token and path: what `create` and `rotate` return, the only time they are shown. */
export const CalendarFeedWithTokenSchema = CalendarFeedSchema.extend({
  token: z.string().regex(CALENDAR_FEED_TOKEN_PATTERN).describe('The secret of the URL; shown once'),
  path: z
    .string()
    .describe('The feed path (`/public/calendar-feeds/<token>.ics`) under where the service is mounted'),
});
