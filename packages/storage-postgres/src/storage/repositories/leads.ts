/**
 * Lead pools, lead states, pool schemas, custom fields and lead entries.
 *
 * @module
 */
import type {
  CustomFieldRecord,
  LeadStateRecord,
  TableEntryRecord,
  TableEntryRepository,
  TableRecord,
  TableSchemaRecord,
  TableSchemaRepository,
} from '@leadbook/server';
import type { PgExecutor } from '../executor';
import { countsOf, defineScopedTable, docOf } from '../doc-table';

/** The lead repositories of the schema `s` (a quoted identifier). */
export function leadRepositories(s: string) {
  const getSchema = `SELECT doc FROM ${s}.table_schemas WHERE organization_id = $1 AND table_id = $2`;
  const saveSchema = `INSERT INTO ${s}.table_schemas (organization_id, table_id, doc) VALUES ($1, $2, $3)
    ON CONFLICT (organization_id, table_id) DO UPDATE SET doc = excluded.doc`;
  const entries = defineScopedTable<TableEntryRecord, { tableId?: string; leadStateId?: string }>({
    table: `${s}.table_entries`,
    columns: {
      table_id: (record) => record.tableId,
      lead_state_id: (record) => record.leadStateId,
      appointment_type_id: (record) => record.interestedInAppointmentTypeId ?? null,
    },
    filters: { tableId: 'table_id', leadStateId: 'lead_state_id' },
  });
  const countByTable = `SELECT table_id AS k, COUNT(*) AS n FROM ${s}.table_entries
    WHERE organization_id = $1 GROUP BY table_id`;
  const countByLeadState = `SELECT lead_state_id AS k, COUNT(*) AS n FROM ${s}.table_entries
    WHERE organization_id = $1 AND table_id = $2 GROUP BY lead_state_id`;
  // The column and the document change together; `||` sets the keys whether present or not.
  const clearAppointmentType = `UPDATE ${s}.table_entries
    SET appointment_type_id = NULL,
        doc = (doc::jsonb || jsonb_build_object('interestedInAppointmentTypeId', NULL, 'updatedAt', $1::text))::json
    WHERE organization_id = $2 AND appointment_type_id = $3`;

  return {
    tables: defineScopedTable<TableRecord>({ table: `${s}.lead_tables` }),
    leadStates: defineScopedTable<LeadStateRecord, { tableId?: string }>({
      table: `${s}.lead_states`,
      columns: { table_id: (record) => record.tableId },
      filters: { tableId: 'table_id' },
    }),
    customFields: defineScopedTable<CustomFieldRecord, { tableId?: string }>({
      table: `${s}.custom_fields`,
      columns: { table_id: (record) => record.tableId },
      filters: { tableId: 'table_id' },
    }),
    tableSchemas: (exec: PgExecutor): TableSchemaRepository => ({
      async get(organizationId, tableId) {
        return docOf<TableSchemaRecord>(await exec.get(getSchema, [organizationId, tableId]));
      },
      async save(record) {
        await exec.run(saveSchema, [record.organizationId, record.tableId, JSON.stringify(record)]);
      },
    }),
    entries: (exec: PgExecutor): TableEntryRepository => ({
      ...entries(exec),
      async countByTable(organizationId) {
        return countsOf(await exec.all(countByTable, [organizationId]));
      },
      async countByLeadState(organizationId, tableId) {
        return countsOf(await exec.all(countByLeadState, [organizationId, tableId]));
      },
      async clearAppointmentType(organizationId, appointmentTypeId, updatedAt) {
        return exec.run(clearAppointmentType, [updatedAt, organizationId, appointmentTypeId]);
      },
    }),
  };
}
