/**
 * Several reads as one statement, for fewer round trips. Every value stays a parameter.
 *
 * @module
 */

const PLACEHOLDER = /\$(\d+)/g;

/**
 * One statement answering several reads: one row whose column `r<i>` holds read `i`'s rows as a
 * JSON array (null when it has none), each row an object by column name. Placeholders are
 * renumbered after the reads before them, which relies on the reads' SQL having no `$<digits>`
 * inside quoted text (a test checks every repository statement). Values come back as JSON:
 * documents as objects, numbers as numbers, text as strings, which is what the repositories read
 * (`doc`, and `k`/`n`/`next` through `Number` and `String`).
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
