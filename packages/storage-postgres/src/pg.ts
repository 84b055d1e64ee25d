/**
 * What the adapters need of `pg`: a pool to take clients from and run single statements on. A
 * `pg.Pool` satisfies these interfaces; so does any pool with the same methods, which keeps `pg`'s
 * types out of this package's public API.
 *
 * @module
 */

/** One result row, by column name. */
export type PgRow = Record<string, unknown>;

/** The part of a `pg` query result the adapters read. */
export interface PgQueryResult {
  /** The rows returned. */
  rows: PgRow[];
  /** Rows returned or changed, or null for statements that report none. */
  rowCount: number | null;
}

/** A client checked out of a pool (a `pg.PoolClient`). */
export interface PgPoolClient {
  /** Runs one statement (or, without values, several separated by `;`). */
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  /** Runs a named (prepared) statement: the connection parses and plans `text` once per name. */
  query(config: { name: string; text: string; values?: unknown[] }): Promise<PgQueryResult>;
  /** Returns the client to the pool; `true` or an error destroys it instead. */
  release(destroy?: boolean | Error): void;
  /**
   * Listens for the client's `error` event (a `pg` client emits one when the server ends its
   * connection while it is checked out). Optional for wrappers; a `pg.PoolClient` has it.
   */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening (see {@link PgPoolClient.on}). */
  off?(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * A connection pool (a `pg.Pool`). The adapters never end it: its owner, who created it, ends it
 * after closing everything that uses it.
 */
export interface PgPool {
  /** Checks out a client for a transaction. */
  connect(): Promise<PgPoolClient>;
  /** Runs one statement on any idle client. */
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The schema name as a quoted SQL identifier, for SQL text.
 *
 * @throws RangeError when the name is not a plain identifier (letters, digits, `_`, at most 63).
 */
export function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema)) {
    throw new RangeError(
      `schema must be a plain SQL identifier (letters, digits and _, at most 63 characters), got ${JSON.stringify(schema)}`,
    );
  }
  return `"${schema}"`;
}
