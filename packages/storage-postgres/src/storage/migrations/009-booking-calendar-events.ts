/**
 * Migration 9: the events bookings became in their resources' receiving external calendars (one
 * row per booking written back, under the booking's id).
 *
 * @module
 */

/** The SQL of migration 9 for the schema `s` (a quoted identifier). */
export const bookingCalendarEvents = (s: string): string => `
CREATE TABLE ${s}.booking_calendar_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX booking_calendar_events_by_org ON ${s}.booking_calendar_events (organization_id, seq);
`;
