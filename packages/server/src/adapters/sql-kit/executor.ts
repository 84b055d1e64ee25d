/**
 * What the repositories see of a database: three calls, synchronous (sql.js) or not (`pg`).
 *
 * @module
 */

/** One result row, by column name. */
export type SqlRow = Record<string, unknown>;

/** A value now or later: a synchronous executor answers at once, an asynchronous one with a promise. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Runs one transaction's SQL statements. Parameters are what the repositories bind: strings,
 * numbers, null, and documents as the dialect's `document()` makes them. Failures
 * throw (or reject with) a `StorageError`.
 */
export interface SqlExecutor {
  /** Every row the query returns. */
  all(sql: string, params?: readonly unknown[]): MaybePromise<SqlRow[]>;
  /** The first row the query returns, or undefined. */
  get(sql: string, params?: readonly unknown[]): MaybePromise<SqlRow | undefined>;
  /** Runs a write statement; returns how many rows it changed. */
  run(sql: string, params?: readonly unknown[]): MaybePromise<number>;
  /**
   * Optional: runs a write whose changed-row count nobody reads. An executor may hold it and send
   * it with its next statement or with the commit, saving a round trip; its failure then rejects
   * that statement or the commit, so the transaction still fails as a whole. Without it, the
   * repositories call {@link SqlExecutor.run}.
   */
  write?(sql: string, params?: readonly unknown[]): MaybePromise<void>;
}

/** Sends a write whose changed-row count the caller does not need (see {@link SqlExecutor.write}). */
export async function sendWrite(exec: SqlExecutor, sql: string, params: readonly unknown[]): Promise<void> {
  if (exec.write) await exec.write(sql, params);
  else await exec.run(sql, params);
}
