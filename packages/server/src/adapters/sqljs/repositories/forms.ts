/**
 * Public forms, submissions, outgoing webhook deliveries, ingress webhooks and telemetry.
 *
 * @module
 */
import type {
  FormRecord,
  FormSubmissionRecord,
  IngressWebhookRecord,
  TelemetryRecord,
  WebhookDeliveryRecord,
} from '../../../ports/records';
import type {
  PubliclyAddressed,
  TelemetryRepository,
  WebhookDeliveryRepository,
} from '../../../ports/storage';
import { jsonParam, type SqlExecutor } from '../connection';
import { defineScopedTable, docOf, docsOf, type ScopedTable } from '../doc-table';

/** Adds the unscoped `find(id)` of publicly addressed records to a scoped table. */
function publiclyAddressed<T extends { id: string; organizationId: string }, F extends object>(
  table: string,
  scoped: ScopedTable<T, F>,
): (exec: SqlExecutor) => PubliclyAddressed<T, F> {
  const sql = `SELECT doc FROM ${table} WHERE id = ?`;
  return (exec) => ({ ...scoped(exec), find: async (id) => docOf<T>(exec.get(sql, [id])) });
}

/** Public forms. */
export const formRepository = publiclyAddressed('forms', defineScopedTable<FormRecord>({ table: 'forms' }));

/** Ingress webhooks. */
export const ingressWebhookRepository = publiclyAddressed(
  'ingress_webhooks',
  defineScopedTable<IngressWebhookRecord, { tableId?: string }>({
    table: 'ingress_webhooks',
    columns: { table_id: (record) => record.tableId },
    filters: { tableId: 'table_id' },
  }),
);

/** Form submissions. */
export const formSubmissionRepository = defineScopedTable<FormSubmissionRecord, { formId?: string }>({
  table: 'form_submissions',
  columns: { form_id: (record) => record.formId },
  filters: { formId: 'form_id' },
});

const deliveries = defineScopedTable<WebhookDeliveryRecord, { formId?: string; submissionId?: string }>({
  table: 'webhook_deliveries',
  columns: { form_id: (record) => record.formId, submission_id: (record) => record.submissionId },
  filters: { formId: 'form_id', submissionId: 'submission_id' },
});

/** Outgoing webhook deliveries. */
export function webhookDeliveryRepository(exec: SqlExecutor): WebhookDeliveryRepository {
  return {
    ...deliveries(exec),
    // Read once at start-up, so a scan of the documents is fine.
    async listPending(limit) {
      const rows = exec.all(
        "SELECT doc FROM webhook_deliveries WHERE json_extract(doc, '$.status') = 'pending' ORDER BY seq LIMIT ?",
        [Math.max(0, limit)],
      );
      return docsOf<WebhookDeliveryRecord>(rows);
    },
  };
}

/** Widget telemetry; `trim` keeps the newest events of a form. */
export function telemetryRepository(exec: SqlExecutor): TelemetryRepository {
  return {
    async append(records) {
      for (const record of records) {
        exec.run(
          'INSERT INTO telemetry (id, organization_id, form_id, doc) VALUES (?, ?, ?, CAST(? AS TEXT))',
          [record.id, record.organizationId, record.formId, jsonParam(record)],
        );
      }
    },
    async list(organizationId, formId, options = {}) {
      const rows = exec.all(
        'SELECT doc FROM telemetry WHERE organization_id = +? AND form_id = +? ORDER BY seq DESC LIMIT ?',
        [organizationId, formId, options.limit ?? -1],
      );
      return docsOf<TelemetryRecord>(rows);
    },
    async trim(organizationId, formId, keep) {
      return exec.run(
        `DELETE FROM telemetry WHERE organization_id = +? AND form_id = +? AND seq NOT IN (
           SELECT seq FROM telemetry WHERE organization_id = +? AND form_id = +? ORDER BY seq DESC LIMIT ?)`,
        [organizationId, formId, organizationId, formId, Math.max(0, keep)],
      );
    },
  };
}
