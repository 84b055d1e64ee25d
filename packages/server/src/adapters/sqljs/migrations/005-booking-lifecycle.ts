/**
 * Migration 5: booking buffers (the interval a booking occupies beyond its own), slot holds, and
 * the longest booking duration kept on update too (a reschedule may change it).
 *
 * @module
 */

/** The SQL of migration 5. */
export const BOOKING_LIFECYCLE = `
ALTER TABLE bookings ADD COLUMN buffer_before_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN buffer_after_ms INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER bookings_track_max_duration_on_update AFTER UPDATE OF start_ms, end_ms ON bookings
  WHEN NEW.end_ms - NEW.start_ms > (SELECT max_duration_ms FROM booking_stats WHERE id = 1)
BEGIN
  UPDATE booking_stats SET max_duration_ms = NEW.end_ms - NEW.start_ms WHERE id = 1;
END;

CREATE TABLE holds (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  holder TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  buffer_before_ms INTEGER NOT NULL,
  buffer_after_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX holds_by_resource ON holds (organization_id, resource_id, start_ms);
CREATE INDEX holds_by_holder ON holds (organization_id, holder, expires_ms);
CREATE INDEX holds_by_expiry ON holds (organization_id, expires_ms);
`;
