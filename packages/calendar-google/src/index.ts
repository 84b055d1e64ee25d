/**
 * `@leadbook/calendar-google`: the Google Calendar external calendar of `@leadbook/server`, on the
 * Google Calendar API v3 with an OAuth refresh token. It implements the `ExternalCalendar` port:
 * busy times of a Google calendar, and the events of bookings written to it.
 *
 * @packageDocumentation
 */
export { createGoogleCalendar } from './calendar';
export type { GoogleCalendarOptions } from './options';
