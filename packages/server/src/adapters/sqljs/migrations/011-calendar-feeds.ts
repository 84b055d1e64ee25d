/**
 * Migration 11: calendar feeds of resources (the token kept as its SHA-256 digest).
 *
 * @module
 */

/** The SQL of migration 11. */
export const CALENDAR_FEEDS = `
CREATE TABLE calendar_feeds (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  token_digest TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL
);
CREATE INDEX calendar_feeds_by_org ON calendar_feeds (organization_id, seq);
CREATE INDEX calendar_feeds_by_resource ON calendar_feeds (organization_id, resource_id, seq);
`;
