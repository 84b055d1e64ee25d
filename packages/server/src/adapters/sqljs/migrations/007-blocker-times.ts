/**
 * Migration 7: a blocker's times as columns, so searches and bookings read only the blockers that
 * overlap them rather than the calendar's whole history. Existing rows take theirs from the stored
 * document.
 *
 * @module
 */

// Epoch milliseconds of an ISO-8601 time in the document (`Z` or an offset), as `Date.parse` reads it.
const epochMs = (field: string) =>
  `CAST(ROUND((julianday(json_extract(doc, '$.${field}')) - 2440587.5) * 86400000) AS INTEGER)`;

/** The SQL of migration 7. */
export const BLOCKER_TIMES = `
ALTER TABLE blockers ADD COLUMN start_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE blockers ADD COLUMN end_ms INTEGER NOT NULL DEFAULT 0;
UPDATE blockers SET start_ms = ${epochMs('startDateTime')}, end_ms = ${epochMs('endDateTime')};
CREATE INDEX blockers_by_end ON blockers (organization_id, calendar_id, end_ms);
`;
