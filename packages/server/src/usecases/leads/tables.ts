/**
 * Table reads of the Connect API (a table is what the 2.16.0 interface calls a Lead Pool, see
 * `admin/tables.ts`).
 *
 * @module
 */
import type { Table, TableDataSchema, TableDetail } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import type { Repositories } from '../../ports/storage';
import type { TableRecord } from '../../ports/records';

/** The organization's tables, each with its entry `count`. */
export async function listTables(ctx: ServiceContext, organizationId: string): Promise<Table[]> {
  return readTx(ctx, async (tx) => {
    const [tables, counts] = await Promise.all([
      tx.tables.list(organizationId),
      tx.entries.countByTable(organizationId),
    ]);
    return tables.map((table) => ({ ...table, count: counts.get(table.id) ?? 0 }));
  });
}

/** An empty schema for a pool that has seen no writes yet. */
export const emptySchema = (table: TableRecord): TableDataSchema => ({
  id: table.id,
  tableId: table.id,
  organizationId: table.organizationId,
  createdAt: table.createdAt,
  updatedAt: table.createdAt,
  fields: {},
});

/** The pool's inferred schema (empty when nothing was written yet). */
export async function loadSchema(tx: Repositories, table: TableRecord): Promise<TableDataSchema> {
  return (await tx.tableSchemas.get(table.organizationId, table.id)) ?? emptySchema(table);
}

/** One pool with its `leadStates` (ordered, with counts), `schema` and `customFields`. */
export async function getTable(
  ctx: ServiceContext,
  organizationId: string,
  id: string,
): Promise<TableDetail> {
  return readTx(ctx, async (tx) => {
    const table = await tx.tables.get(organizationId, id);
    if (!table) throw notFound('Lead pool');
    const [states, stateCounts, tableCounts, schema, customFields] = await Promise.all([
      tx.leadStates.list(organizationId, { tableId: id }),
      tx.entries.countByLeadState(organizationId, id),
      tx.entries.countByTable(organizationId),
      loadSchema(tx, table),
      tx.customFields.list(organizationId, { tableId: id }),
    ]);
    const leadStates = states
      .map((state) => ({ ...state, count: stateCounts.get(state.id) ?? 0 }))
      .sort((a, b) => a.order - b.order);
    return { ...table, count: tableCounts.get(id) ?? 0, leadStates, schema, customFields };
  });
}
