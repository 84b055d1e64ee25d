/**
 * Migration 5: booking buffers (the interval a booking occupies beyond its own) and slot holds.
 *
 * @module
 */

/** The SQL of migration 5 for the schema `s` (a quoted identifier). */
export const bookingLifecycle = (s: string): string => `
ALTER TABLE ${s}.bookings ADD COLUMN buffer_before_ms bigint NOT NULL DEFAULT 0;
ALTER TABLE ${s}.bookings ADD COLUMN buffer_after_ms bigint NOT NULL DEFAULT 0;

CREATE TABLE ${s}.holds (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  resource_id text NOT NULL,
  holder text NOT NULL,
  start_ms bigint NOT NULL,
  end_ms bigint NOT NULL,
  buffer_before_ms bigint NOT NULL,
  buffer_after_ms bigint NOT NULL,
  expires_ms bigint NOT NULL,
  doc json NOT NULL
);
CREATE INDEX holds_by_resource ON ${s}.holds (organization_id, resource_id, start_ms);
CREATE INDEX holds_by_holder ON ${s}.holds (organization_id, holder, expires_ms);
CREATE INDEX holds_by_expiry ON ${s}.holds (organization_id, expires_ms);
`;
