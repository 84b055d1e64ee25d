/**
 * Migration 2: public forms, their submissions and outgoing webhook deliveries, ingress webhooks,
 * and widget telemetry.
 *
 * @module
 */

/** The SQL of migration 2. */
export const FORMS_AND_INGRESS = `
CREATE TABLE forms (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX forms_by_org ON forms (organization_id, seq);

CREATE TABLE form_submissions (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  form_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX form_submissions_by_form ON form_submissions (organization_id, form_id, seq);

CREATE TABLE webhook_deliveries (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  form_id TEXT NOT NULL,
  submission_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_by_form ON webhook_deliveries (organization_id, form_id, seq);
CREATE INDEX webhook_deliveries_by_submission ON webhook_deliveries (organization_id, submission_id);

CREATE TABLE ingress_webhooks (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  table_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX ingress_webhooks_by_table ON ingress_webhooks (organization_id, table_id, seq);

CREATE TABLE telemetry (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  form_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX telemetry_by_form ON telemetry (organization_id, form_id, seq);
`;
