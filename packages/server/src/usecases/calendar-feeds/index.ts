/**
 * Calendar feeds of resources (extension): tokens and the feed a token opens.
 *
 * @module
 */
export { readCalendarFeed, FEED_REFRESH_MINUTES, type CalendarFeedDocument } from './read';
export { feedTokenDigest, generateFeedToken, isFeedToken } from './token';
