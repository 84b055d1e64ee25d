/**
 * SQLite as the shared document-table repositories need it, with the sql.js specifics: documents
 * bound as UTF-8 bytes, values as `+?`, and the booking duration bound of migration 3.
 *
 * @module
 */
import type { PlaceholderKind, SqlDialect } from '../sql-kit/dialect';
import { jsonParam } from './connection';

const PLACEHOLDERS: Record<PlaceholderKind, string> = {
  // SQLite re-prepares a statement that sorts or groups whenever a parameter it compares is bound;
  // a unary plus changes neither the value nor the index used, and stops it.
  value: '+?',
  // Bound as UTF-8 bytes (see jsonParam) and stored as text.
  document: 'CAST(? AS TEXT)',
  text: '?',
};

/** The dialect of the sql.js adapter's schema. */
export const sqliteDialect: SqlDialect = {
  name: 'sql.js',
  system: 'sqlite',
  noLimit: -1,
  maxBookingDuration: '(SELECT max_duration_ms FROM booking_stats WHERE id = 1)',
  table: (name) => name,
  placeholder: (_index, kind) => PLACEHOLDERS[kind],
  document: jsonParam,
  jsonText: (json, key) => `json_extract(${json}, '$.${key}')`,
  // json_set turns SQL NULL into JSON null and text into a JSON string.
  jsonSet: (json, fields) =>
    `json_set(${json}, ${fields.map(([key, value]) => `'$.${key}', ${value}`).join(', ')})`,
  jsonElements: (placeholder) => `json_each(${placeholder})`,
  inJsonList: (column, placeholder) => `${column} IN (SELECT value FROM json_each(${placeholder}))`,
};
