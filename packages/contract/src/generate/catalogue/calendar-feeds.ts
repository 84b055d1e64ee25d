/**
 * The named types of calendar feeds (an extension, made through the console API).
 *
 * @module
 */
import {
  CalendarFeedInputSchema,
  CalendarFeedSchema,
  CalendarFeedWithTokenSchema,
} from '../../calendar-feeds';
import type { TypeEntry } from './entry';

/** Entries of the type catalogue, in the order of the generated file. */
export const calendarFeedTypes = {
  CalendarFeedInput: {
    schema: CalendarFeedInputSchema,
    mode: 'input',
    doc: 'Input of `admin.calendarFeeds.create`.',
  },
  CalendarFeed: {
    schema: CalendarFeedSchema,
    mode: 'output',
    doc: "A resource's calendar feed, as the console lists it (never its token).",
  },
  CalendarFeedWithToken: {
    schema: CalendarFeedWithTokenSchema,
    mode: 'output',
    doc: 'A calendar feed with its token and path: shown once, by `create` and `rotate`.',
  },
} satisfies Record<string, TypeEntry>;
