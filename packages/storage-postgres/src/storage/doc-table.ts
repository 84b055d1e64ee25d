/**
 * "Document tables", as in the sql.js adapter: a record is stored whole as JSON in `doc`, and the
 * fields queries filter on are copied into indexed columns. One definition per table gives the
 * generic create/get/list/update/delete of an organization-scoped record.
 *
 * @module
 */
import type { ScopedRepository } from '@leadbook/server';
import { StorageError } from '@leadbook/server';
import type { PgRow } from '../pg';
import type { PgExecutor } from './executor';

/** A record every scoped table stores. */
export interface ScopedRecord {
  id: string;
  organizationId: string;
}

/** How a record maps onto its table. */
export interface ScopedTableSpec<T extends ScopedRecord, F extends object> {
  /** Schema-qualified table name (trusted: it goes into the SQL text). */
  table: string;
  /** Indexed columns besides `id` and `organization_id`, each read from the record. */
  columns?: Record<string, (record: T) => unknown>;
  /** The column each list filter field compares with. */
  filters?: { [K in keyof Required<F>]: string };
}

/** Builds a table's repository for one transaction's executor. */
export type ScopedTable<T extends ScopedRecord, F extends object> = (
  exec: PgExecutor,
) => ScopedRepository<T, F>;

/** The record a row's `doc` column holds, or null when there is no row. */
export function docOf<T>(row: PgRow | undefined): T | null {
  if (row === undefined) return null;
  const doc = row['doc'];
  // `pg` parses json columns; a driver configured to return text gives a string instead.
  if (typeof doc === 'string') return JSON.parse(doc) as T;
  if (doc === null || typeof doc !== 'object') {
    throw new StorageError('postgres: a stored row has no JSON document');
  }
  return doc as T;
}

/** The records of several rows. */
export function docsOf<T>(rows: readonly PgRow[]): T[] {
  return rows.map((row) => docOf<T>(row) as T);
}

/** A map from the `k` column to the `n` column of `GROUP BY` count rows. */
export function countsOf(rows: readonly PgRow[]): Map<string, number> {
  return new Map(rows.map((row) => [String(row['k']), Number(row['n'])]));
}

/** `$1, $2, ...` from `from`, `count` of them. */
export function placeholders(count: number, from = 1): string {
  return Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');
}

/**
 * Defines the generic repository of an organization-scoped table. The table has `seq bigserial
 * PRIMARY KEY`, `id text UNIQUE`, `organization_id`, the spec's columns and `doc`.
 */
export function defineScopedTable<T extends ScopedRecord, F extends object = object>(
  spec: ScopedTableSpec<T, F>,
): ScopedTable<T, F> {
  const { table } = spec;
  const columns = Object.entries(spec.columns ?? {});
  const filters = Object.entries(spec.filters ?? {}) as Array<[keyof F & string, string]>;
  const names = ['id', 'organization_id', ...columns.map(([name]) => name), 'doc'];
  const insertSql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${placeholders(names.length)})`;
  const assignments = [...columns.map(([name]) => name), 'doc'].map(
    (name, index) => `${name} = $${index + 1}`,
  );
  const updateSql = `UPDATE ${table} SET ${assignments.join(', ')} WHERE organization_id = $${assignments.length + 1} AND id = $${assignments.length + 2}`;
  const getSql = `SELECT doc FROM ${table} WHERE organization_id = $1 AND id = $2`;
  const deleteSql = `DELETE FROM ${table} WHERE organization_id = $1 AND id = $2`;
  const values = (record: T): unknown[] => [
    ...columns.map(([, read]) => read(record)),
    JSON.stringify(record),
  ];

  return (exec) => ({
    async create(record) {
      await exec.run(insertSql, [record.id, record.organizationId, ...values(record)]);
    },
    async get(organizationId, id) {
      return docOf<T>(await exec.get(getSql, [organizationId, id]));
    },
    async list(organizationId, filter) {
      const where = ['organization_id = $1'];
      const params: unknown[] = [organizationId];
      for (const [field, column] of filters) {
        const value = filter?.[field];
        if (value === undefined) continue;
        params.push(value);
        where.push(`${column} = $${params.length}`);
      }
      return docsOf<T>(
        await exec.all(`SELECT doc FROM ${table} WHERE ${where.join(' AND ')} ORDER BY seq`, params),
      );
    },
    async update(record) {
      return (await exec.run(updateSql, [...values(record), record.organizationId, record.id])) > 0;
    },
    async delete(organizationId, id) {
      return (await exec.run(deleteSql, [organizationId, id])) > 0;
    },
  });
}
