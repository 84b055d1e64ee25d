/**
 * Public forms, submissions, outgoing webhook deliveries, ingress webhooks and telemetry.
 *
 * @module
 */
import type {
  FormRecord,
  FormSubmissionRecord,
  IngressWebhookRecord,
  PubliclyAddressed,
  TelemetryRecord,
  TelemetryRepository,
  WebhookDeliveryRecord,
  WebhookDeliveryRepository,
} from '@leadbook/server';
import type { PgExecutor } from '../executor';
import { defineScopedTable, docOf, docsOf, type ScopedTable } from '../doc-table';

/** Adds the unscoped `find(id)` of publicly addressed records to a scoped table. */
function publiclyAddressed<T extends { id: string; organizationId: string }, F extends object>(
  table: string,
  scoped: ScopedTable<T, F>,
): (exec: PgExecutor) => PubliclyAddressed<T, F> {
  const sql = `SELECT doc FROM ${table} WHERE id = $1`;
  return (exec) => ({ ...scoped(exec), find: async (id) => docOf<T>(await exec.get(sql, [id])) });
}

/** The form, ingress and telemetry repositories of the schema `s` (a quoted identifier). */
export function formRepositories(s: string) {
  // One statement per batch: the rows travel as one JSON array.
  const appendTelemetry = `INSERT INTO ${s}.telemetry (id, organization_id, form_id, doc)
    SELECT r.id, r.organization_id, r.form_id, r.doc
    FROM json_to_recordset($1::json) AS r(id text, organization_id text, form_id text, doc json)`;
  const listTelemetry = `SELECT doc FROM ${s}.telemetry WHERE organization_id = $1 AND form_id = $2
    ORDER BY seq DESC LIMIT $3`;
  const trimTelemetry = `DELETE FROM ${s}.telemetry WHERE organization_id = $1 AND form_id = $2 AND seq NOT IN (
    SELECT seq FROM ${s}.telemetry WHERE organization_id = $1 AND form_id = $2 ORDER BY seq DESC LIMIT $3)`;

  const deliveries = defineScopedTable<WebhookDeliveryRecord, { formId?: string; submissionId?: string }>({
    table: `${s}.webhook_deliveries`,
    columns: { form_id: (record) => record.formId, submission_id: (record) => record.submissionId },
    filters: { formId: 'form_id', submissionId: 'submission_id' },
  });
  const listPendingDeliveries = `SELECT doc FROM ${s}.webhook_deliveries WHERE doc->>'status' = 'pending'
    ORDER BY seq LIMIT $1`;

  return {
    forms: publiclyAddressed(`${s}.forms`, defineScopedTable<FormRecord>({ table: `${s}.forms` })),
    ingressWebhooks: publiclyAddressed(
      `${s}.ingress_webhooks`,
      defineScopedTable<IngressWebhookRecord, { tableId?: string }>({
        table: `${s}.ingress_webhooks`,
        columns: { table_id: (record) => record.tableId },
        filters: { tableId: 'table_id' },
      }),
    ),
    formSubmissions: defineScopedTable<FormSubmissionRecord, { formId?: string }>({
      table: `${s}.form_submissions`,
      columns: { form_id: (record) => record.formId },
      filters: { formId: 'form_id' },
    }),
    webhookDeliveries: (exec: PgExecutor): WebhookDeliveryRepository => ({
      ...deliveries(exec),
      // Read once at start-up, so a scan of the documents is fine.
      listPending: async (limit) =>
        docsOf<WebhookDeliveryRecord>(await exec.all(listPendingDeliveries, [Math.max(0, limit)])),
    }),
    telemetry: (exec: PgExecutor): TelemetryRepository => ({
      async append(records) {
        if (records.length === 0) return;
        const rows = records.map((record) => ({
          id: record.id,
          organization_id: record.organizationId,
          form_id: record.formId,
          doc: record,
        }));
        await exec.run(appendTelemetry, [JSON.stringify(rows)]);
      },
      async list(organizationId, formId, options = {}) {
        const rows = await exec.all(listTelemetry, [organizationId, formId, options.limit ?? null]);
        return docsOf<TelemetryRecord>(rows);
      },
      async trim(organizationId, formId, keep) {
        return exec.run(trimTelemetry, [organizationId, formId, Math.max(0, keep)]);
      },
    }),
  };
}
