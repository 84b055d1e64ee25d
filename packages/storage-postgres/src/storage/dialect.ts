/**
 * PostgreSQL as the shared document-table repositories of `@leadbook/server/sql` need it: `$n`
 * placeholders, tables in the adapter's schema, `json` documents changed through `jsonb`.
 *
 * @module
 */
import type { SqlDialect } from '@leadbook/server/sql';

/** The dialect of the tables in the schema `s` (a quoted identifier). */
export function postgresDialect(s: string): SqlDialect {
  return {
    name: 'postgres',
    system: 'postgresql',
    // LIMIT NULL is no limit.
    noLimit: null,
    table: (name) => `${s}.${name}`,
    // Inside jsonb_build_object a parameter has no type to infer: name it.
    placeholder: (index, kind) => (kind === 'text' ? `$${index}::text` : `$${index}`),
    // The column is json (see migration 1), so a JSON text parameter is stored as the document.
    document: (record) => JSON.stringify(record),
    jsonText: (json, key) => `${json}->>'${key}'`,
    // `||` sets the keys whether present or not; the document goes through jsonb and back.
    jsonSet: (json, fields) =>
      `(${json}::jsonb || jsonb_build_object(${fields.map(([key, value]) => `'${key}', ${value}`).join(', ')}))::json`,
    jsonElements: (placeholder) => `json_array_elements(${placeholder}::json) AS elements(value)`,
    // An array compared with = ANY, so the ids stay an index condition on resource_id.
    inJsonList: (column, placeholder) =>
      `${column} = ANY(ARRAY(SELECT json_array_elements_text(${placeholder}::json)))`,
  };
}
