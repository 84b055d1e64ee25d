/**
 * Finds placeholders (`$1`, `$2`, ...) inside quoted text of a SQL statement: string literals
 * (`'...'`, `E'...'`), quoted identifiers (`"..."`) and dollar-quoted strings (`$tag$...$tag$`).
 * Such a `$n` is no parameter, yet a rewrite that renumbers placeholders (combining reads) would
 * change it, so no statement may have one.
 *
 * @module
 */

const PLACEHOLDER = /\$\d/;

/** The quoted parts of `sql` that hold a placeholder character sequence (`$` and a digit). */
export function quotedPlaceholders(sql: string): string[] {
  const found: string[] = [];
  let i = 0;
  const quoted = (start: number, end: number) => {
    const text = sql.slice(start, end);
    if (PLACEHOLDER.test(text)) found.push(text);
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === "'" || c === '"') {
      // A doubled quote inside is the quote itself.
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      quoted(i, j + 1);
      i = j + 1;
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? sql.length : end + tag[0].length;
        quoted(i, stop);
        i = stop;
      } else i += 1;
    } else i += 1;
  }
  return found;
}
