/**
 * The calendar feed route (extension): `GET /public/calendar-feeds/{token}.ics`, the iCalendar feed
 * of one resource's bookings, answered `text/calendar`. The token is the only credential: a path
 * that cannot hold one is a 404 before any storage read, and so is a token of no feed; errors come
 * in the public API's envelope `{statusCode, message}`. The answer carries a strong `ETag` and
 * `Last-Modified`; an `If-None-Match` that names the current tag is answered 304 without a body.
 *
 * @module
 */
import { CALENDAR_FEED_PATH_PREFIX } from '@leadbook/contract';
import { z } from 'zod';
import type { ServiceContext } from '../core/context';
import { notFound } from '../core/errors';
import { isFeedToken, readCalendarFeed } from '../usecases/calendar-feeds';
import { TextResult, type Route } from './route';

const SUFFIX = '.ics';

/** The token of a feed path's last segment (`<token>.ics`), or undefined when it holds none. */
const tokenOf = (file: string | undefined): string | undefined => {
  if (!file?.endsWith(SUFFIX)) return undefined;
  const token = file.slice(0, -SUFFIX.length);
  return isFeedToken(token) ? token : undefined;
};

const ParamsSchema = z.object({ file: z.string() });

// The URL is a secret: no shared cache may keep the answer, and search engines should not list it.
const PRIVATE = { 'cache-control': 'private, no-cache', 'x-robots-tag': 'noindex, nofollow' };

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });

/** The calendar feed routes. */
export function calendarFeedRoutes(ctx: ServiceContext): Route[] {
  return [
    {
      operationId: 'getCalendarFeed',
      method: 'GET',
      path: `${CALENDAR_FEED_PATH_PREFIX}:file`,
      surface: 'public-form',
      params: ParamsSchema,
      successStatus: 200,
      precheck: ({ params }) => {
        if (!tokenOf(params['file'])) throw notFound();
      },
      handle: async ({ params, headers }) => {
        const { file } = params as z.output<typeof ParamsSchema>;
        const feed = await readCalendarFeed(ctx, tokenOf(file)!);
        const cache = {
          ...PRIVATE,
          etag: feed.etag,
          'last-modified': new Date(feed.lastModifiedMs).toUTCString(),
        };
        if (matches(headers.get('if-none-match'), feed.etag)) {
          return new TextResult(304, 'text/calendar; charset=utf-8', '', cache);
        }
        return new TextResult(200, 'text/calendar; charset=utf-8', feed.text, cache);
      },
    },
  ];
}
