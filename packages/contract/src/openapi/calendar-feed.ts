/**
 * The calendar feed path of the OpenAPI document (an extension): `GET
 * /public/calendar-feeds/{token}.ics` answers `text/calendar`, not JSON, so it is written here
 * rather than generated from the operation catalogue, whose operations all speak JSON.
 *
 * @module
 * @internal
 */
import type { PathsObject } from 'openapi3-ts/oas31';
import {
  CALENDAR_FEED_LIMITS,
  CALENDAR_FEED_PATH_PREFIX,
  CALENDAR_FEED_TOKEN_PATTERN,
} from '../calendar-feeds';
import { MARK, refOf } from './operation';

/** The feed's tag. */
export const CALENDAR_FEED_TAG = {
  name: 'Calendar feeds',
  description:
    "iCalendar feeds of resources' bookings for calendar apps (extension): the token in the URL is the only credential.",
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: refOf('PublicFormError') } },
});

const { pastDays, futureDays, maxEvents } = CALENDAR_FEED_LIMITS;

/** The token of the samples: an example, of the real shape. */
const EXAMPLE_TOKEN = 'lbfeed_q8Z3mN0vT5xK2rW7yB4cH1jL6pD9sF0gA3eU8iO5nM2';

/** The request samples: curl, and the URL written by the SDK then fetched as a calendar app does. */
const CODE_SAMPLES = [
  {
    lang: 'Shell',
    label: 'curl',
    source: `curl "$LEADBOOK_BASE_URL${CALENDAR_FEED_PATH_PREFIX}${EXAMPLE_TOKEN}.ics"`,
  },
  {
    lang: 'TypeScript',
    label: '@leadbook/sdk',
    source: [
      "import { calendarFeedUrl } from '@leadbook/sdk';",
      '',
      '// The token is shown once, by service.admin.calendarFeeds.create() or rotate().',
      `const url = calendarFeedUrl(process.env.LEADBOOK_BASE_URL!, '${EXAMPLE_TOKEN}');`,
      'const ics = await (await fetch(url)).text();',
      '',
    ].join('\n'),
  },
];

/** The path item of the calendar feed, keyed by its OpenAPI path. */
export function calendarFeedPaths(): PathsObject {
  return {
    [`${CALENDAR_FEED_PATH_PREFIX}{token}.ics`]: {
      get: {
        operationId: 'getCalendarFeed',
        summary: "Read a resource's bookings as an iCalendar feed (extension)",
        description:
          `The bookings of one resource from ${pastDays} days before now to ${futureDays} days after, ` +
          `at most ${maxEvents} (past that, the upcoming ones first, then the latest past ones), as ` +
          'RFC 5545 text: one event per booking with a stable UID, a SEQUENCE that grows with each ' +
          'reschedule, times in UTC and the appointment type as the title; no data of the lead. The ' +
          'token is made by the console API (`admin.calendarFeeds`); an unknown, rotated or revoked ' +
          'token is a 404. Subscribe with the https URL or the same URL as `webcal://`.',
        tags: [CALENDAR_FEED_TAG.name],
        parameters: [
          {
            name: 'token',
            in: 'path',
            required: true,
            description: 'The feed token, shown once when the feed is made or rotated',
            schema: { type: 'string', pattern: CALENDAR_FEED_TOKEN_PATTERN.source },
          },
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'The `ETag` of a copy the app holds: answered 304 while the feed is unchanged',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ],
        responses: {
          200: {
            description: 'The feed',
            headers: {
              ETag: { description: 'A strong tag of the feed text', schema: { type: 'string' } },
              'Last-Modified': {
                description: 'The latest change of any event of the feed',
                schema: { type: 'string' },
              },
            },
            content: {
              'text/calendar': {
                schema: { type: 'string', description: 'An RFC 5545 VCALENDAR of VEVENTs' },
              },
            },
          },
          304: { description: 'Unchanged since the copy `If-None-Match` names, no body' },
          404: error('No feed has this token (unknown, rotated or revoked)'),
          500: error('Internal error'),
          503: {
            ...error('The service is shutting down: read the feed again after Retry-After'),
            ...MARK,
          },
        },
        security: [],
        ...MARK,
        // Request samples for the reference; documentation, not part of the API.
        'x-codeSamples': CODE_SAMPLES,
      },
    },
  };
}
