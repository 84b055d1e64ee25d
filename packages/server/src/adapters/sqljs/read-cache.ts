/**
 * Results of small reads, remembered until the next write of any kind. The sql.js connection is
 * the only one its database ever has and every write goes through it (`run`, `exec`, a rollback),
 * so it forgets everything on each of them and never has to know what a statement reads or writes:
 * nothing here looks inside the SQL. What it keeps is exactly what the database held at the last
 * write, whatever the query joins or a trigger changes.
 *
 * @module
 */
/** Results with more rows than this are not remembered (large range reads stay uncached). */
const MAX_ROWS = 64;
/** Remembered results before the cache starts over. */
const MAX_ENTRIES = 1024;

/**
 * The key of a parameter list within one statement's entries, or null when a parameter is not a
 * string, number or null (bytes: never remembered). The type is part of the key: `3` and `'3'` are
 * different reads.
 */
function keyOf(mode: 'all' | 'get', params: readonly unknown[]): string | null {
  let key: string = mode;
  for (const param of params) {
    if (typeof param === 'string') key += `\u0000s${param}`;
    else if (typeof param === 'number') key += `\u0000n${param}`;
    else if (param === null) key += '\u0000z';
    else return null;
  }
  return key;
}

/** Remembered query results of one connection, by statement text and then by parameters. */
export class ReadCache<Row extends Record<string, unknown>> {
  private readonly byStatement = new Map<string, Map<string, readonly Row[]>>();
  private size = 0;

  /**
   * The rows of the read `sql` with `params`, as a fresh array: the remembered ones when there are,
   * otherwise what `read` returns (remembered unless there are too many, or a value is bytes).
   */
  through(mode: 'all' | 'get', sql: string, params: readonly unknown[], read: () => Row[]): Row[] {
    const key = keyOf(mode, params);
    if (key === null) return read();
    const remembered = this.byStatement.get(sql)?.get(key);
    if (remembered !== undefined) return remembered.slice();
    const rows = read();
    this.remember(sql, key, rows);
    return rows.slice();
  }

  /** Forgets every result: call it before anything that may change the database. */
  forgetAll(): void {
    if (this.size === 0) return;
    this.byStatement.clear();
    this.size = 0;
  }

  private remember(sql: string, key: string, rows: readonly Row[]): void {
    if (rows.length > MAX_ROWS) return;
    for (const row of rows) for (const name in row) if (row[name] instanceof Uint8Array) return;
    if (this.size >= MAX_ENTRIES) this.forgetAll();
    // Callers share the rows; the array is copied on the way out.
    for (const row of rows) Object.freeze(row);
    let entries = this.byStatement.get(sql);
    if (entries === undefined) this.byStatement.set(sql, (entries = new Map()));
    entries.set(key, rows);
    this.size++;
  }
}
