/**
 * Migration 3: the shared counters of the rate-limit store (`createPostgresRateLimitStore`). One
 * row per key; a row whose window has passed counts as empty and is reset by the next hit.
 *
 * @module
 */

/** The SQL of migration 3 for the schema `s` (a quoted identifier). */
export const rateLimits = (s: string): string => `
CREATE TABLE ${s}.rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
-- The periodic sweep of expired windows.
CREATE INDEX rate_limits_by_reset ON ${s}.rate_limits (reset_at);
`;
