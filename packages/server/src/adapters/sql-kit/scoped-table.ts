/**
 * "Document tables": a record is stored whole as JSON in `doc`, and the fields queries filter on
 * are copied into indexed columns. One definition per table gives the generic
 * create/get/list/update/delete of an organization-scoped record, so most repositories are a few
 * lines.
 *
 * @module
 */
import type { PubliclyAddressed, ScopedRepository } from '../../ports/storage';
import { statement, type SqlDialect } from './dialect';
import { docOf, docsOf } from './documents';
import { sendWrite, type SqlExecutor } from './executor';

/** A record every scoped table stores. */
export interface ScopedRecord {
  /** The record's id, unique in its table. */
  id: string;
  /** The organization it belongs to. */
  organizationId: string;
}

/** How a record maps onto its table. */
export interface ScopedTableSpec<T extends ScopedRecord, F extends object> {
  /** Table name, unqualified (trusted: it goes into the SQL text). */
  table: string;
  /** Indexed columns besides `id` and `organization_id`, each read from the record. */
  columns?: Record<string, (record: T) => string | number | null>;
  /** The column each list filter field compares with. */
  filters?: { [K in keyof Required<F>]: string };
}

/** Builds a table's repository for one transaction's executor. */
export type ScopedTable<T extends ScopedRecord, F extends object> = (
  exec: SqlExecutor,
) => ScopedRepository<T, F>;

/**
 * Defines the generic repository of an organization-scoped table in `dialect`; its SQL text is
 * built here, once. The table has an increasing `seq` primary key, a unique `id`,
 * `organization_id`, the spec's columns and `doc`.
 */
export function scopedTable<T extends ScopedRecord, F extends object = object>(
  dialect: SqlDialect,
  spec: ScopedTableSpec<T, F>,
): ScopedTable<T, F> {
  const table = dialect.table(spec.table);
  const columns = Object.entries(spec.columns ?? {});
  const filters = Object.entries(spec.filters ?? {}) as Array<[keyof F & string, string]>;
  const names = ['id', 'organization_id', ...columns.map(([name]) => name)];
  const insertSql = statement(dialect, (p) => {
    const values = [...names.map(() => p.value()), p.document()];
    return `INSERT INTO ${table} (${[...names, 'doc'].join(', ')}) VALUES (${values.join(', ')})`;
  });
  const updateSql = statement(dialect, (p) => {
    const sets = [...columns.map(([name]) => `${name} = ${p.value()}`), `doc = ${p.document()}`];
    return `UPDATE ${table} SET ${sets.join(', ')} WHERE organization_id = ${p.value()} AND id = ${p.value()}`;
  });
  const getSql = statement(
    dialect,
    (p) => `SELECT doc FROM ${table} WHERE organization_id = ${p.value()} AND id = ${p.value()}`,
  );
  const deleteSql = statement(
    dialect,
    (p) => `DELETE FROM ${table} WHERE organization_id = ${p.value()} AND id = ${p.value()}`,
  );
  // The list statement of a set of filters given (one bit per filter).
  const listSql = (given: number): string =>
    statement(dialect, (p) => {
      const where = [`organization_id = ${p.value()}`];
      for (const [i, [, column]] of filters.entries()) {
        if (given & (1 << i)) where.push(`${column} = ${p.value()}`);
      }
      return `SELECT doc FROM ${table} WHERE ${where.join(' AND ')} ORDER BY seq`;
    });
  const values = (record: T): unknown[] => [
    ...columns.map(([, read]) => read(record)),
    dialect.document(record),
  ];

  return (exec) => ({
    async create(record) {
      await sendWrite(exec, insertSql, [record.id, record.organizationId, ...values(record)]);
    },
    async get(organizationId, id) {
      return docOf<T>(dialect, await exec.get(getSql, [organizationId, id]));
    },
    async list(organizationId, filter) {
      const params: unknown[] = [organizationId];
      let given = 0;
      for (const [i, [field]] of filters.entries()) {
        const value = filter?.[field];
        if (value === undefined) continue;
        given |= 1 << i;
        params.push(value);
      }
      return docsOf<T>(dialect, await exec.all(listSql(given), params));
    },
    async update(record) {
      return (await exec.run(updateSql, [...values(record), record.organizationId, record.id])) > 0;
    },
    async delete(organizationId, id) {
      return (await exec.run(deleteSql, [organizationId, id])) > 0;
    },
  });
}

/** A scoped table whose records are also found by id alone (public URLs know only the id). */
export function publiclyAddressed<T extends ScopedRecord, F extends object>(
  dialect: SqlDialect,
  spec: ScopedTableSpec<T, F>,
): (exec: SqlExecutor) => PubliclyAddressed<T, F> {
  const scoped = scopedTable(dialect, spec);
  const findSql = statement(
    dialect,
    (p) => `SELECT doc FROM ${dialect.table(spec.table)} WHERE id = ${p.value()}`,
  );
  return (exec) => ({
    ...scoped(exec),
    find: async (id) => docOf<T>(dialect, await exec.get(findSql, [id])),
  });
}
