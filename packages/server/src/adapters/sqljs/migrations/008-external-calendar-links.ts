/**
 * Migration 8: links of resources to external calendars (the connection sealed in the document).
 *
 * @module
 */

/** The SQL of migration 8. */
export const EXTERNAL_CALENDAR_LINKS = `
CREATE TABLE external_calendar_links (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX external_calendar_links_by_org ON external_calendar_links (organization_id, seq);
CREATE INDEX external_calendar_links_by_resource
  ON external_calendar_links (organization_id, resource_id, seq);
`;
