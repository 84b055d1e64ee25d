/**
 * Reading records out of result rows: a record is stored whole as JSON in the `doc` column.
 *
 * @module
 */
import { StorageError } from '../../ports/storage';
import type { SqlDialect } from './dialect';
import type { SqlRow } from './executor';

/**
 * The record a row's `doc` column holds, or null when there is no row. SQLite returns the JSON as
 * text; `pg` parses a json column itself (or returns text when configured to).
 */
export function docOf<T>(dialect: SqlDialect, row: SqlRow | undefined): T | null {
  if (row === undefined) return null;
  const doc = row['doc'];
  if (typeof doc === 'string') return JSON.parse(doc) as T;
  if (doc === null || typeof doc !== 'object' || ArrayBuffer.isView(doc)) {
    throw new StorageError(`${dialect.name}: a stored row has no JSON document`);
  }
  return doc as T;
}

/** The records of several rows. */
export function docsOf<T>(dialect: SqlDialect, rows: readonly SqlRow[]): T[] {
  return rows.map((row) => docOf<T>(dialect, row) as T);
}

/** A map from the `k` column to the `n` column of `GROUP BY` count rows. */
export function countsOf(rows: readonly SqlRow[]): Map<string, number> {
  return new Map(rows.map((row) => [String(row['k']), Number(row['n'])]));
}

/**
 * An ISO-8601 time in epoch milliseconds, so stored times compare by time rather than as strings
 * (offsets and precision do not matter).
 *
 * @throws StorageError when `iso` is not a time.
 */
export function timeOf(dialect: SqlDialect, iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new StorageError(`${dialect.name}: not an ISO-8601 time: ${iso}`);
  return ms;
}
