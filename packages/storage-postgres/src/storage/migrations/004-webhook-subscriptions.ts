/**
 * Migration 4: webhook subscriptions, and deliveries that belong to a form's submission or to a
 * subscription's event (`form_id` and `submission_id` become nullable, `subscription_id` is added).
 *
 * @module
 */

/** The SQL of migration 4 for the schema `s` (a quoted identifier). */
export const webhookSubscriptions = (s: string): string => `
CREATE TABLE ${s}.webhook_subscriptions (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX webhook_subscriptions_by_org ON ${s}.webhook_subscriptions (organization_id, seq);

ALTER TABLE ${s}.webhook_deliveries ALTER COLUMN form_id DROP NOT NULL;
ALTER TABLE ${s}.webhook_deliveries ALTER COLUMN submission_id DROP NOT NULL;
ALTER TABLE ${s}.webhook_deliveries ADD COLUMN subscription_id text;
CREATE INDEX webhook_deliveries_by_subscription
  ON ${s}.webhook_deliveries (organization_id, subscription_id, seq);
`;
