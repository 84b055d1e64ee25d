/**
 * Migration 10: calendar feeds of resources (the token kept as its SHA-256 digest).
 *
 * @module
 */

/** The SQL of migration 10 for the schema `s` (a quoted identifier). */
export const calendarFeeds = (s: string): string => `
CREATE TABLE ${s}.calendar_feeds (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  resource_id text NOT NULL,
  token_digest text NOT NULL UNIQUE,
  doc json NOT NULL
);
CREATE INDEX calendar_feeds_by_org ON ${s}.calendar_feeds (organization_id, seq);
CREATE INDEX calendar_feeds_by_resource ON ${s}.calendar_feeds (organization_id, resource_id, seq);
`;
