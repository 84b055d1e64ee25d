/**
 * Migration 3: the longest booking duration, kept by a trigger, so the overlap query can bound
 * `start_ms` from below and scan only bookings that can reach the searched range.
 *
 * @module
 */

/** The SQL of migration 3. */
export const BOOKING_DURATION_BOUND = `
CREATE TABLE booking_stats (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  max_duration_ms REAL NOT NULL
);
INSERT INTO booking_stats (id, max_duration_ms)
  SELECT 1, COALESCE(MAX(end_ms - start_ms), 0) FROM bookings;
CREATE TRIGGER bookings_track_max_duration AFTER INSERT ON bookings
  WHEN NEW.end_ms - NEW.start_ms > (SELECT max_duration_ms FROM booking_stats WHERE id = 1)
BEGIN
  UPDATE booking_stats SET max_duration_ms = NEW.end_ms - NEW.start_ms WHERE id = 1;
END;
`;
