/**
 * Public forms, submissions, outgoing webhook deliveries and subscriptions, ingress webhooks and
 * telemetry.
 *
 * @module
 */
import type {
  FormRecord,
  FormSubmissionRecord,
  IngressWebhookRecord,
  TelemetryRecord,
  WebhookDeliveryRecord,
  WebhookSubscriptionRecord,
} from '../../../ports/records';
import type { TelemetryRepository, WebhookDeliveryRepository } from '../../../ports/storage';
import { statement, type SqlDialect } from '../dialect';
import { docsOf } from '../documents';
import { sendWrite, type SqlExecutor } from '../executor';
import { publiclyAddressed, scopedTable } from '../scoped-table';

/** The form, ingress and telemetry repositories in `d`. */
export function formRepositories(d: SqlDialect) {
  const deliveries = scopedTable<
    WebhookDeliveryRecord,
    { formId?: string; submissionId?: string; subscriptionId?: string }
  >(d, {
    table: 'webhook_deliveries',
    columns: {
      form_id: (record) => record.formId,
      submission_id: (record) => record.submissionId,
      subscription_id: (record) => record.subscriptionId ?? null,
    },
    filters: { formId: 'form_id', submissionId: 'submission_id', subscriptionId: 'subscription_id' },
  });
  const listRecentBySubscription = statement(
    d,
    (p) => `SELECT doc FROM ${d.table('webhook_deliveries')}
    WHERE organization_id = ${p.value()} AND subscription_id = ${p.value()} ORDER BY seq DESC LIMIT ${p.value()}`,
  );
  const listPending = statement(
    d,
    (p) => `SELECT doc FROM ${d.table('webhook_deliveries')} WHERE ${d.jsonText('doc', 'status')} = 'pending'
    ORDER BY seq LIMIT ${p.value()}`,
  );

  const telemetry = d.table('telemetry');
  // One statement per batch: the records travel as one JSON array.
  const appendTelemetry = statement(
    d,
    (p) => `INSERT INTO ${telemetry} (id, organization_id, form_id, doc)
    SELECT ${['id', 'organizationId', 'formId'].map((key) => d.jsonText('value', key)).join(', ')}, value
    FROM ${d.jsonElements(p.document())}`,
  );
  const listTelemetry = statement(
    d,
    (p) => `SELECT doc FROM ${telemetry} WHERE organization_id = ${p.value()} AND form_id = ${p.value()}
    ORDER BY seq DESC LIMIT ${p.value()}`,
  );
  const trimTelemetry = statement(
    d,
    (
      p,
    ) => `DELETE FROM ${telemetry} WHERE organization_id = ${p.value()} AND form_id = ${p.value()} AND seq NOT IN (
      SELECT seq FROM ${telemetry} WHERE organization_id = ${p.value()} AND form_id = ${p.value()}
      ORDER BY seq DESC LIMIT ${p.value()})`,
  );

  return {
    forms: publiclyAddressed<FormRecord, object>(d, { table: 'forms' }),
    ingressWebhooks: publiclyAddressed<IngressWebhookRecord, { tableId?: string }>(d, {
      table: 'ingress_webhooks',
      columns: { table_id: (record) => record.tableId },
      filters: { tableId: 'table_id' },
    }),
    formSubmissions: scopedTable<FormSubmissionRecord, { formId?: string }>(d, {
      table: 'form_submissions',
      columns: { form_id: (record) => record.formId },
      filters: { formId: 'form_id' },
    }),
    webhookDeliveries: (exec: SqlExecutor): WebhookDeliveryRepository => ({
      ...deliveries(exec),
      // Read once at start-up, so a scan of the documents is fine.
      listPending: async (limit) =>
        docsOf<WebhookDeliveryRecord>(d, await exec.all(listPending, [Math.max(0, limit)])),
      listRecentBySubscription: async (organizationId, subscriptionId, limit) =>
        docsOf<WebhookDeliveryRecord>(
          d,
          await exec.all(listRecentBySubscription, [organizationId, subscriptionId, Math.max(0, limit)]),
        ),
    }),
    webhookSubscriptions: scopedTable<WebhookSubscriptionRecord>(d, { table: 'webhook_subscriptions' }),
    telemetry: (exec: SqlExecutor): TelemetryRepository => ({
      async append(records) {
        if (records.length > 0) await sendWrite(exec, appendTelemetry, [d.document(records)]);
      },
      async list(organizationId, formId, options = {}) {
        const rows = await exec.all(listTelemetry, [organizationId, formId, options.limit ?? d.noLimit]);
        return docsOf<TelemetryRecord>(d, rows);
      },
      async trim(organizationId, formId, keep) {
        const keys = [organizationId, formId];
        return exec.run(trimTelemetry, [...keys, ...keys, Math.max(0, keep)]);
      },
    }),
  };
}
