/**
 * What differs between SQL databases, as far as the document tables care: a dialect is data and a
 * few small functions that produce SQL text. The repositories write each statement once and ask the
 * dialect for placeholders, table names and the JSON expressions.
 *
 * @module
 */

/**
 * The role of a statement parameter, which some databases spell differently:
 * - `value`: a plain value;
 * - `document`: a whole record as bound by {@link SqlDialect.document}, stored as JSON;
 * - `text`: a value used as text inside a JSON expression (PostgreSQL needs the type named).
 */
export type PlaceholderKind = 'value' | 'document' | 'text';

/** How one database spells what the document tables need. */
export interface SqlDialect {
  /** Starts every storage error message, such as `sql.js` or `postgres`. */
  readonly name: string;
  /**
   * The OpenTelemetry `db.system` of its statement spans, such as `sqlite` or `postgresql`.
   * Default: `other_sql`.
   */
  readonly system?: string;
  /**
   * The `LIMIT` parameter that means "no limit" (SQLite reads a negative limit so, PostgreSQL a
   * null one).
   */
  readonly noLimit: number | null;
  /**
   * A SQL expression giving the longest duration (`end_ms - start_ms`) of any stored booking, when
   * the schema keeps one (SQLite keeps it in `booking_stats` with a trigger): the overlap query then
   * bounds `start_ms` from below too. Leave it out when the schema keeps none.
   */
  readonly maxBookingDuration?: string;
  /** The table's name in SQL text, qualified as the database needs (`"leadbook".bookings`). */
  table(name: string): string;
  /** The text of the statement's `index`th parameter (counting from 1) in the given role. */
  placeholder(index: number, kind: PlaceholderKind): string;
  /** A record as the parameter of a `document` placeholder. */
  document(record: unknown): unknown;
  /** SQL for the text of the top-level field `key` of the JSON in `json`: NULL when absent or null. */
  jsonText(json: string, key: string): string;
  /**
   * SQL for the JSON object in `json` with top-level fields replaced or added; each value is a SQL
   * expression (`NULL` gives JSON null, a `text` placeholder a JSON string).
   */
  jsonSet(json: string, fields: ReadonlyArray<readonly [key: string, value: string]>): string;
  /**
   * SQL for a `FROM` item with one row per element of a JSON array bound at `placeholder` (a
   * `document` placeholder), the element as the JSON column `value`.
   */
  jsonElements(placeholder: string): string;
  /**
   * SQL for the condition that `column` equals one of the strings of a JSON array bound at
   * `placeholder` (a `value` placeholder).
   */
  inJsonList(column: string, placeholder: string): string;
}

/** Hands out one statement's placeholders, numbered in the order the SQL text names them. */
export interface Placeholders {
  /** A plain value. */
  value(): string;
  /** A whole record, bound with {@link SqlDialect.document}. */
  document(): string;
  /** A value used as text inside a JSON expression. */
  text(): string;
}

/**
 * The SQL text `build` writes with fresh placeholders of `dialect`. A template literal evaluates
 * left to right, so the numbers follow the text; bind the parameters in the same order.
 *
 * @example
 * ```ts
 * const sql = statement(dialect, (p) => `SELECT doc FROM ${dialect.table('jobs')} WHERE key = ${p.value()}`);
 * // SQLite: SELECT doc FROM jobs WHERE key = ?
 * // PostgreSQL: SELECT doc FROM "leadbook".jobs WHERE key = $1
 * const row = await exec.get(sql, ['job_1']);
 * ```
 */
export function statement(dialect: SqlDialect, build: (p: Placeholders) => string): string {
  let index = 0;
  const next = (kind: PlaceholderKind) => () => dialect.placeholder(++index, kind);
  return build({ value: next('value'), document: next('document'), text: next('text') });
}
