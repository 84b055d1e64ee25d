/**
 * Migration 7: links of resources to external calendars (the connection sealed in the document).
 *
 * @module
 */

/** The SQL of migration 7 for the schema `s` (a quoted identifier). */
export const externalCalendarLinks = (s: string): string => `
CREATE TABLE ${s}.external_calendar_links (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  resource_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX external_calendar_links_by_org ON ${s}.external_calendar_links (organization_id, seq);
CREATE INDEX external_calendar_links_by_resource
  ON ${s}.external_calendar_links (organization_id, resource_id, seq);
`;
