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
import { jsonParam, type SqlExecutor } from '../connection';
import { countsOf, defineScopedTable, docOf } from '../doc-table';

/** Lead pools. */
export const tableRepository = defineScopedTable<TableRecord>({ table: 'lead_tables' });

/** Lead states. */
export const leadStateRepository = defineScopedTable<LeadStateRecord, { tableId?: string }>({
  table: 'lead_states',
  columns: { table_id: (record) => record.tableId },
  filters: { tableId: 'table_id' },
});

/** Custom fields. */
export const customFieldRepository = defineScopedTable<CustomFieldRecord, { tableId?: string }>({
  table: 'custom_fields',
  columns: { table_id: (record) => record.tableId },
  filters: { tableId: 'table_id' },
});

/** Pool schemas: one row per organization and pool. */
export function tableSchemaRepository(exec: SqlExecutor): TableSchemaRepository {
  return {
    async get(organizationId, tableId) {
      return docOf<TableSchemaRecord>(
        exec.get('SELECT doc FROM table_schemas WHERE organization_id = ? AND table_id = ?', [
          organizationId,
          tableId,
        ]),
      );
    },
    async save(record) {
      exec.run(
        `INSERT INTO table_schemas (organization_id, table_id, doc) VALUES (?, ?, CAST(? AS TEXT))
         ON CONFLICT (organization_id, table_id) DO UPDATE SET doc = excluded.doc`,
        [record.organizationId, record.tableId, jsonParam(record)],
      );
    },
  };
}

const entries = defineScopedTable<TableEntryRecord, { tableId?: string; leadStateId?: string }>({
  table: 'table_entries',
  columns: {
    table_id: (record) => record.tableId,
    lead_state_id: (record) => record.leadStateId,
    appointment_type_id: (record) => record.interestedInAppointmentTypeId ?? null,
  },
  filters: { tableId: 'table_id', leadStateId: 'lead_state_id' },
});

/** Lead entries. */
export function tableEntryRepository(exec: SqlExecutor): TableEntryRepository {
  return {
    ...entries(exec),
    async countByTable(organizationId) {
      return countsOf(
        exec.all(
          'SELECT table_id AS k, COUNT(*) AS n FROM table_entries WHERE organization_id = +? GROUP BY table_id',
          [organizationId],
        ),
      );
    },
    async countByLeadState(organizationId, tableId) {
      return countsOf(
        exec.all(
          `SELECT lead_state_id AS k, COUNT(*) AS n FROM table_entries
           WHERE organization_id = +? AND table_id = +? GROUP BY lead_state_id`,
          [organizationId, tableId],
        ),
      );
    },
    async clearAppointmentType(organizationId, appointmentTypeId, updatedAt) {
      // json_set turns SQL NULL into JSON null, so the document and the column change together.
      return exec.run(
        `UPDATE table_entries
         SET appointment_type_id = NULL,
             doc = json_set(doc, '$.interestedInAppointmentTypeId', NULL, '$.updatedAt', ?)
         WHERE organization_id = ? AND appointment_type_id = ?`,
        [updatedAt, organizationId, appointmentTypeId],
      );
    },
  };
}
