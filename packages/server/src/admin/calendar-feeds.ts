/**
 * `service.admin.calendarFeeds` (extension): the iCalendar feed of a resource's bookings at an
 * unguessable URL. A feed's token is returned once, by `create` and by `rotate`; the service keeps
 * only its SHA-256 digest, so no later call (and no copy of the database) can show it again.
 *
 * @module
 */
import {
  calendarFeedPath,
  CalendarFeedInputSchema,
  type CalendarFeed,
  type CalendarFeedInput,
  type CalendarFeedWithToken,
} from '@leadbook/contract';
import { nowIso, readTx, type ServiceContext } from '../core/context';
import { notFound, validationError } from '../core/errors';
import { runUnit } from '../core/unit-of-work';
import type { CalendarFeedRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { feedTokenDigest, generateFeedToken } from '../usecases/calendar-feeds';
import { mustGet, mustGetOrganization } from './access';
import { parseInput } from './parse';

/** What the console shows of a feed: everything but its token's digest. */
const shown = ({ tokenDigest: _digest, ...feed }: CalendarFeedRecord): CalendarFeed => feed;

const withToken = (record: CalendarFeedRecord, token: string): CalendarFeedWithToken => ({
  ...shown(record),
  token,
  path: calendarFeedPath(token),
});

async function mustGetFeed(tx: Repositories, org: string, id: string): Promise<CalendarFeedRecord> {
  const feed = await tx.calendarFeeds.get(org, id);
  if (!feed) throw notFound(`Calendar feed ${id}`);
  return feed;
}

/** The console API of calendar feeds: `service.admin.calendarFeeds`. */
export interface CalendarFeedsAdminApi {
  /**
   * Makes the feed of a resource's bookings and returns it with its token and path, the only time
   * they are shown: hand the URL (`https://<host><mount><path>`, or `webcal://`) to the staff member
   * who subscribes. A resource has at most one feed.
   *
   * @throws `ServiceError` 400 for a bad input or a resource that has a feed already (rotate or
   *   revoke it); 404 for an unknown organization or resource.
   * @example
   * ```ts
   * const feed = await service.admin.calendarFeeds.create(orgId, { resourceId });
   * console.log(`https://booking.example.com${feed.path}`); // .../public/calendar-feeds/lbfeed_....ics
   * ```
   */
  create(organizationId: string, input: CalendarFeedInput): Promise<CalendarFeedWithToken>;
  /** The organization's feeds (one resource's with `resourceId`), oldest first, never their tokens. */
  list(organizationId: string, filter?: { resourceId?: string }): Promise<CalendarFeed[]>;
  /**
   * Replaces a feed's token: the old URL answers 404 from this call on, and the new token is
   * returned once. For a URL that leaked, or staff who should no longer see the bookings.
   *
   * @throws `ServiceError` 404 for an unknown feed (another organization's included).
   * @example
   * ```ts
   * const { path } = await service.admin.calendarFeeds.rotate(orgId, feed.id);
   * ```
   */
  rotate(organizationId: string, id: string): Promise<CalendarFeedWithToken>;
  /**
   * Deletes a feed: its URL answers 404 from this call on.
   *
   * @throws `ServiceError` 404 for an unknown feed (another organization's included).
   */
  revoke(organizationId: string, id: string): Promise<void>;
}

async function createTx(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  input: CalendarFeedInput,
): Promise<CalendarFeedWithToken> {
  const { resourceId } = parseInput(CalendarFeedInputSchema, input, 'calendar feed');
  await mustGetOrganization(tx, org);
  await mustGet(tx, 'resources', org, resourceId);
  if ((await tx.calendarFeeds.list(org, { resourceId })).length > 0) {
    throw validationError(
      'Invalid calendar feed: resourceId: the resource has a feed already; rotate or revoke it',
      [{ path: 'resourceId', message: 'the resource has a feed already; rotate or revoke it' }],
    );
  }
  const token = generateFeedToken();
  const record: CalendarFeedRecord = {
    id: ctx.newId(),
    organizationId: org,
    resourceId,
    tokenDigest: feedTokenDigest(token),
    createdAt: nowIso(ctx),
    rotatedAt: null,
  };
  await tx.calendarFeeds.create(record);
  return withToken(record, token);
}

/** Creates `service.admin.calendarFeeds` over a service context. */
export function createCalendarFeedsAdmin(ctx: ServiceContext): CalendarFeedsAdminApi {
  return {
    create: (organizationId, input) => runUnit(ctx, (tx) => createTx(ctx, tx, organizationId, input)),
    list: async (organizationId, filter = {}) => {
      const feeds = await readTx(ctx, (tx) =>
        tx.calendarFeeds.list(organizationId, filter.resourceId ? { resourceId: filter.resourceId } : {}),
      );
      return feeds.map(shown);
    },
    rotate: (organizationId, id) =>
      runUnit(ctx, async (tx) => {
        const feed = await mustGetFeed(tx, organizationId, id);
        const token = generateFeedToken();
        const rotated = { ...feed, tokenDigest: feedTokenDigest(token), rotatedAt: nowIso(ctx) };
        await tx.calendarFeeds.update(rotated);
        return withToken(rotated, token);
      }),
    revoke: (organizationId, id) =>
      runUnit(ctx, async (tx) => {
        if (!(await tx.calendarFeeds.delete(organizationId, id))) throw notFound(`Calendar feed ${id}`);
      }),
  };
}
