/**
 * External calendars in availability and booking: the settings, the busy-time cache, the reads a
 * search and a booking make.
 *
 * @module
 */
export {
  createExternalCalendarService,
  type ExternalCalendarOptions,
  type ExternalCalendarProvider,
  type ExternalCalendarService,
} from './settings';
export { MAX_CACHED_RANGES, type BusyCache } from './busy-cache';
export {
  assertExternallyFree,
  assertResourceExternallyFree,
  busyLinksOf,
  externallyFreeResources,
  searchBusyRange,
  type ExternalBusy,
} from './busy';
export { externalSearchInput, withLinks, type LinkedSearch, type SearchToLink } from './search';
