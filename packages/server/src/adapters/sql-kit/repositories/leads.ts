/**
 * Lead pools, lead states, pool schemas, custom fields and lead entries.
 *
 * @module
 */
import type {
  CustomFieldRecord,
  LeadStateRecord,
  TableEntryRecord,
  TableRecord,
  TableSchemaRecord,
} from '../../../ports/records';
import type { TableEntryRepository, TableSchemaRepository } from '../../../ports/storage';
import { statement, type SqlDialect } from '../dialect';
import { countsOf, docOf } from '../documents';
import { sendWrite, type SqlExecutor } from '../executor';
import { scopedTable } from '../scoped-table';

/** The lead repositories in `d`. */
export function leadRepositories(d: SqlDialect) {
  const schemas = d.table('table_schemas');
  const getSchema = statement(
    d,
    (p) => `SELECT doc FROM ${schemas} WHERE organization_id = ${p.value()} AND table_id = ${p.value()}`,
  );
  const saveSchema = statement(
    d,
    (
      p,
    ) => `INSERT INTO ${schemas} (organization_id, table_id, doc) VALUES (${p.value()}, ${p.value()}, ${p.document()})
    ON CONFLICT (organization_id, table_id) DO UPDATE SET doc = excluded.doc`,
  );
  const entries = scopedTable<TableEntryRecord, { tableId?: string; leadStateId?: string }>(d, {
    table: 'table_entries',
    columns: {
      table_id: (record) => record.tableId,
      lead_state_id: (record) => record.leadStateId,
      appointment_type_id: (record) => record.interestedInAppointmentTypeId ?? null,
    },
    filters: { tableId: 'table_id', leadStateId: 'lead_state_id' },
  });
  const t = d.table('table_entries');
  const countByTable = statement(
    d,
    (p) =>
      `SELECT table_id AS k, COUNT(*) AS n FROM ${t} WHERE organization_id = ${p.value()} GROUP BY table_id`,
  );
  const countByLeadState = statement(
    d,
    (p) => `SELECT lead_state_id AS k, COUNT(*) AS n FROM ${t}
    WHERE organization_id = ${p.value()} AND table_id = ${p.value()} GROUP BY lead_state_id`,
  );
  // The column and the document change together; JSON null in the document for SQL NULL.
  const clearAppointmentType = statement(
    d,
    (p) => `UPDATE ${t}
    SET appointment_type_id = NULL,
        doc = ${d.jsonSet('doc', [
          ['interestedInAppointmentTypeId', 'NULL'],
          ['updatedAt', p.text()],
        ])}
    WHERE organization_id = ${p.value()} AND appointment_type_id = ${p.value()}`,
  );

  return {
    tables: scopedTable<TableRecord>(d, { table: 'lead_tables' }),
    leadStates: scopedTable<LeadStateRecord, { tableId?: string }>(d, {
      table: 'lead_states',
      columns: { table_id: (record) => record.tableId },
      filters: { tableId: 'table_id' },
    }),
    customFields: scopedTable<CustomFieldRecord, { tableId?: string }>(d, {
      table: 'custom_fields',
      columns: { table_id: (record) => record.tableId },
      filters: { tableId: 'table_id' },
    }),
    tableSchemas: (exec: SqlExecutor): TableSchemaRepository => ({
      async get(organizationId, tableId) {
        return docOf<TableSchemaRecord>(d, await exec.get(getSchema, [organizationId, tableId]));
      },
      async save(record) {
        await sendWrite(exec, saveSchema, [record.organizationId, record.tableId, d.document(record)]);
      },
    }),
    entries: (exec: SqlExecutor): TableEntryRepository => ({
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
