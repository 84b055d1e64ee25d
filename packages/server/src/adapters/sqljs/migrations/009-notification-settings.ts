/**
 * Migration 8: the notification settings of appointment types (one row per type that has them,
 * under the type's id).
 *
 * @module
 */

/** The SQL of migration 9. */
export const NOTIFICATION_SETTINGS = `
CREATE TABLE notification_settings (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX notification_settings_by_org ON notification_settings (organization_id, seq);
`;
