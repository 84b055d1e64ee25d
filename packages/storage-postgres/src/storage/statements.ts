/**
 * Statement text for fewer round trips: values inlined as quoted literals (so several statements
 * go in one simple-protocol query), and several reads combined into one statement.
 *
 * @module
 */
import pg from 'pg';

const PLACEHOLDER = /\$(\d+)/g;

/**
 * A value as a SQL literal, or undefined when it has no safe literal form. Every literal is a
 * quoted string of unknown type, as `pg` sends a parameter (text, type left to the server), so the
 * statement means the same with the value inlined; `pg.escapeLiteral` does the quoting.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'boolean') return `'${value}'`;
  return undefined;
}

/**
 * `sql` with its `$n` placeholders replaced by `params` as literals, ending in `;`, or undefined
 * when a value has no literal form (bytes, objects): such a statement goes with its parameters.
 * The repositories' SQL has no `$` inside quoted text, which this relies on.
 */
export function inlineParams(sql: string, params: readonly unknown[]): string | undefined {
  const literals: string[] = [];
  for (const param of params) {
    const literal = literalOf(param);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  let missing = false;
  const text = sql.replace(PLACEHOLDER, (_, index: string) => {
    const literal = literals[Number(index) - 1];
    if (literal === undefined) missing = true;
    return literal ?? '';
  });
  return missing ? undefined : `${text};`;
}

/**
 * One statement answering several reads: one row whose column `r<i>` holds read `i`'s rows as a
 * JSON array (null when it has none), each row an object by column name. Placeholders are
 * renumbered after the reads before them. Values come back as JSON: documents as objects, numbers
 * as numbers, text as strings, which is what the repositories read (`doc`, and `k`/`n`/`next`
 * through `Number` and `String`).
 */
export function combineReads(reads: ReadonlyArray<{ sql: string; params: readonly unknown[] }>): {
  sql: string;
  params: unknown[];
} {
  const params: unknown[] = [];
  const columns = reads.map((read, index) => {
    const offset = params.length;
    params.push(...read.params);
    const sql = read.sql.replace(PLACEHOLDER, (_, n: string) => `$${Number(n) + offset}`);
    return `(SELECT json_agg(q) FROM (${sql}) q) AS r${index}`;
  });
  return { sql: `SELECT ${columns.join(', ')}`, params };
}
