/**
 * Results of small reads, remembered until a write changes a table they read. The sql.js
 * connection is the only one its database ever has and every write goes through it (`run`,
 * `exec`, a rollback). Which tables a statement reads or writes comes from SQLite's own compiled
 * program (see `footprint.ts`), triggers included; a statement whose tables cannot all be named
 * forgets everything when it writes and is never remembered when it reads. Nothing here looks
 * inside the SQL text.
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

/** The remembered results of one statement, and the tables it reads. */
interface StatementEntries<Row> {
  readonly tables: readonly string[];
  readonly results: Map<string, readonly Row[]>;
}

/** Remembered query results of one connection, by statement text and then by parameters. */
export class ReadCache<Row extends Record<string, unknown>> {
  private readonly byStatement = new Map<string, StatementEntries<Row>>();
  private size = 0;

  /**
   * The rows of the read `sql` with `params`, as a fresh array: the remembered ones when there are,
   * otherwise what `read` returns. That is remembered when `tables` (what `sql` reads) is known,
   * unless there are too many rows or a value is bytes.
   */
  through(
    mode: 'all' | 'get',
    sql: string,
    params: readonly unknown[],
    tables: (sql: string) => readonly string[] | null,
    read: () => Row[],
  ): Row[] {
    const key = keyOf(mode, params);
    if (key === null) return read();
    let entries = this.byStatement.get(sql);
    const remembered = entries?.results.get(key);
    if (remembered !== undefined) return remembered.slice();
    const rows = read();
    if (!rememberable(rows)) return rows;
    if (entries === undefined) {
      const read = tables(sql);
      if (read === null) return rows;
      if (this.size >= MAX_ENTRIES) this.forgetAll();
      entries = { tables: read, results: new Map() };
      this.byStatement.set(sql, entries);
    } else if (this.size >= MAX_ENTRIES) {
      this.forgetAll();
      this.byStatement.set(sql, (entries = { tables: entries.tables, results: new Map() }));
    }
    // Callers share the rows; the array is copied on the way out.
    for (const row of rows) Object.freeze(row);
    entries.results.set(key, rows);
    this.size++;
    return rows.slice();
  }

  /** Forgets the results of every statement that reads one of `tables`: call it before writing them. */
  forget(tables: readonly string[]): void {
    if (this.size === 0) return;
    for (const [sql, entries] of this.byStatement) {
      if (!entries.tables.some((table) => tables.includes(table))) continue;
      this.size -= entries.results.size;
      this.byStatement.delete(sql);
    }
  }

  /** Forgets every result: call it before anything that may change the database in unknown ways. */
  forgetAll(): void {
    if (this.size === 0) return;
    this.byStatement.clear();
    this.size = 0;
  }
}

/** Small results without bytes are remembered. */
function rememberable(rows: readonly Record<string, unknown>[]): boolean {
  if (rows.length > MAX_ROWS) return false;
  for (const row of rows) for (const name in row) if (row[name] instanceof Uint8Array) return false;
  return true;
}
