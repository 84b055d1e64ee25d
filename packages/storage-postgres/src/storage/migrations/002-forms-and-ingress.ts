/**
 * Migration 2: public forms, their submissions and outgoing webhook deliveries, ingress webhooks,
 * and widget telemetry.
 *
 * @module
 */

/** The SQL of migration 2 for the schema `s` (a quoted identifier). */
export const formsAndIngress = (s: string): string => `
CREATE TABLE ${s}.forms (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX forms_by_org ON ${s}.forms (organization_id, seq);

CREATE TABLE ${s}.form_submissions (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  form_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX form_submissions_by_form ON ${s}.form_submissions (organization_id, form_id, seq);

CREATE TABLE ${s}.webhook_deliveries (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  form_id text NOT NULL,
  submission_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX webhook_deliveries_by_form ON ${s}.webhook_deliveries (organization_id, form_id, seq);
CREATE INDEX webhook_deliveries_by_submission ON ${s}.webhook_deliveries (organization_id, submission_id);

CREATE TABLE ${s}.ingress_webhooks (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  table_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX ingress_webhooks_by_table ON ${s}.ingress_webhooks (organization_id, table_id, seq);

CREATE TABLE ${s}.telemetry (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  form_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX telemetry_by_form ON ${s}.telemetry (organization_id, form_id, seq);
`;
