/**
 * Migration 4: webhook subscriptions, and deliveries that belong to a form's submission or to a
 * subscription's event. SQLite cannot drop a column's NOT NULL, so `webhook_deliveries` is rebuilt
 * (rows keep their `seq`, and with it their order) with `form_id` and `submission_id` nullable and
 * a `subscription_id`.
 *
 * @module
 */

/** The SQL of migration 4. */
export const WEBHOOK_SUBSCRIPTIONS = `
CREATE TABLE webhook_subscriptions (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX webhook_subscriptions_by_org ON webhook_subscriptions (organization_id, seq);

CREATE TABLE webhook_deliveries_v4 (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  form_id TEXT,
  submission_id TEXT,
  subscription_id TEXT,
  doc TEXT NOT NULL
);
INSERT INTO webhook_deliveries_v4 (seq, id, organization_id, form_id, submission_id, doc)
  SELECT seq, id, organization_id, form_id, submission_id, doc FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_v4 RENAME TO webhook_deliveries;
CREATE INDEX webhook_deliveries_by_form ON webhook_deliveries (organization_id, form_id, seq);
CREATE INDEX webhook_deliveries_by_submission ON webhook_deliveries (organization_id, submission_id);
CREATE INDEX webhook_deliveries_by_subscription
  ON webhook_deliveries (organization_id, subscription_id, seq);
`;
