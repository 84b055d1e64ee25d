/**
 * Migration 10: the events bookings became in their resources' receiving external calendars (one
 * row per booking written back, under the booking's id).
 *
 * @module
 */

/** The SQL of migration 10. */
export const BOOKING_CALENDAR_EVENTS = `
CREATE TABLE booking_calendar_events (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX booking_calendar_events_by_org ON booking_calendar_events (organization_id, seq);
`;
