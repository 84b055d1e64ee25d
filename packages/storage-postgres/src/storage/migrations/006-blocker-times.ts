/**
 * Migration 6: a blocker's times as columns, so searches and bookings read only the blockers that
 * overlap them rather than the calendar's whole history. Existing rows take theirs from the stored
 * document.
 *
 * @module
 */

// Epoch milliseconds of an ISO-8601 time in the document (`Z` or an offset), as `Date.parse` reads it.
const epochMs = (field: string) =>
  `round(extract(epoch FROM (doc->>'${field}')::timestamptz) * 1000)::bigint`;

/** The SQL of migration 6 for the schema `s` (a quoted identifier). */
export const blockerTimes = (s: string): string => `
ALTER TABLE ${s}.blockers ADD COLUMN start_ms bigint NOT NULL DEFAULT 0;
ALTER TABLE ${s}.blockers ADD COLUMN end_ms bigint NOT NULL DEFAULT 0;
UPDATE ${s}.blockers SET start_ms = ${epochMs('startDateTime')}, end_ms = ${epochMs('endDateTime')};
CREATE INDEX blockers_by_end ON ${s}.blockers (organization_id, calendar_id, end_ms);
`;
