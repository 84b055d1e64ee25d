/**
 * Migration 7: the notification settings of appointment types (one row per type that has them,
 * under the type's id).
 *
 * @module
 */

/** The SQL of migration 8 for the schema `s` (a quoted identifier). */
export const notificationSettings = (s: string): string => `
CREATE TABLE ${s}.notification_settings (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX notification_settings_by_org ON ${s}.notification_settings (organization_id, seq);
`;
