/**
 * "Document tables": a record is stored whole as JSON in `doc`, and the fields queries filter on
 * are copied into indexed columns. One definition per table gives the generic
 * create/get/list/update/delete of an organization-scoped record, so most repositories are a few
 * lines.
 *
 * @module
 */
import type { ScopedRepository } from '../../ports/storage';
import { jsonParam, type Row, type SqlExecutor, type SqlParam } from './connection';
import { StorageError } from '../../ports/storage';

/** A record every scoped table stores. */
export interface ScopedRecord {
  id: string;
  organizationId: string;
}

/** How a record maps onto its table. */
export interface ScopedTableSpec<T extends ScopedRecord, F extends object> {
  /** Table name (trusted: it goes into the SQL text). */
  table: string;
  /** Indexed columns besides `id` and `organization_id`, each read from the record. */
  columns?: Record<string, (record: T) => SqlParam>;
  /** The column each list filter field compares with. */
  filters?: { [K in keyof Required<F>]: string };
}

/** Builds a table's repository for one transaction's executor. */
export type ScopedTable<T extends ScopedRecord, F extends object> = (
  exec: SqlExecutor,
) => ScopedRepository<T, F>;

/** The record a row's `doc` column holds, or null when there is no row. */
export function docOf<T>(row: Row | undefined): T | null {
  if (row === undefined) return null;
  const doc = row['doc'];
  if (typeof doc !== 'string') throw new StorageError('sql.js: a stored row has no JSON document');
  return JSON.parse(doc) as T;
}

/** The records of several rows. */
export function docsOf<T>(rows: readonly Row[]): T[] {
  return rows.map((row) => docOf<T>(row) as T);
}

/** A map from the `k` column to the `n` column of `GROUP BY` count rows. */
export function countsOf(rows: readonly Row[]): Map<string, number> {
  return new Map(rows.map((row) => [String(row['k']), Number(row['n'])]));
}

/**
 * Defines the generic repository of an organization-scoped table. The table has `seq INTEGER
 * PRIMARY KEY`, `id TEXT UNIQUE`, `organization_id`, the spec's columns and `doc`.
 */
export function defineScopedTable<T extends ScopedRecord, F extends object = object>(
  spec: ScopedTableSpec<T, F>,
): ScopedTable<T, F> {
  const { table } = spec;
  const columns = Object.entries(spec.columns ?? {});
  const filters = Object.entries(spec.filters ?? {}) as Array<[keyof F & string, string]>;
  const names = ['id', 'organization_id', ...columns.map(([name]) => name), 'doc'];
  // The document is bound as UTF-8 bytes (see jsonParam) and stored as text.
  const placeholders = [...names.slice(0, -1).map(() => '?'), 'CAST(? AS TEXT)'];
  const insertSql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${placeholders.join(', ')})`;
  const updateSql = `UPDATE ${table} SET ${[...columns.map(([name]) => `${name} = ?`), 'doc = CAST(? AS TEXT)'].join(', ')} WHERE organization_id = ? AND id = ?`;
  const getSql = `SELECT doc FROM ${table} WHERE organization_id = ? AND id = ?`;
  const deleteSql = `DELETE FROM ${table} WHERE organization_id = ? AND id = ?`;
  const values = (record: T): SqlParam[] => [...columns.map(([, read]) => read(record)), jsonParam(record)];

  return (exec) => ({
    async create(record) {
      exec.run(insertSql, [record.id, record.organizationId, ...values(record)]);
    },
    async get(organizationId, id) {
      return docOf<T>(exec.get(getSql, [organizationId, id]));
    },
    async list(organizationId, filter) {
      // `+?`: this query sorts (see SqlExecutor).
      const where = ['organization_id = +?'];
      const params: SqlParam[] = [organizationId];
      for (const [field, column] of filters) {
        const value = filter?.[field];
        if (value === undefined) continue;
        where.push(`${column} = +?`);
        params.push(value as SqlParam);
      }
      return docsOf<T>(
        exec.all(`SELECT doc FROM ${table} WHERE ${where.join(' AND ')} ORDER BY seq`, params),
      );
    },
    async update(record) {
      return exec.run(updateSql, [...values(record), record.organizationId, record.id]) > 0;
    },
    async delete(organizationId, id) {
      return exec.run(deleteSql, [organizationId, id]) > 0;
    },
  });
}
