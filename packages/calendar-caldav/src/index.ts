/**
 * `@leadbook/calendar-caldav`: the CalDAV external calendar of `@leadbook/server`, on tsdav and
 * ical.js. It implements the `ExternalCalendar` port: busy times of a CalDAV collection, and the
 * events of bookings written to it; and, read-only, the busy times of a published ICS feed.
 *
 * @packageDocumentation
 */
export { createCalDavCalendar, type CalDavCalendarOptions } from './calendar';
export { createIcsFeedCalendar, type IcsFeedCalendarOptions } from './ics-feed';
