/**
 * The executor one transaction's repositories run through: statements go to the transaction's
 * client while it is open, and every later call throws, so a repository kept past its transaction
 * cannot write outside of it.
 *
 * @module
 */
import { StorageError } from '@leadbook/server';
import type { SqlExecutor } from '@leadbook/server/sql';
import type { PgPoolClient } from '../pg';
import { describeSql, toStorageError } from './errors';

/** An executor bound to one transaction, plus the switch that ends it. */
export interface TransactionScope {
  /** Runs statements while the transaction is open. */
  exec: SqlExecutor;
  /**
   * Ends the scope: every later call rejects. Resolves once the statement running on the client,
   * if any, has finished, so the client is free for `COMMIT` or `ROLLBACK`.
   */
  end(): Promise<void>;
}

/** Opens a scope over `client`; a read-only scope refuses every write. */
export function openTransactionScope(
  client: PgPoolClient,
  options: { readOnly?: boolean } = {},
): TransactionScope {
  let open = true;
  const check = (write: boolean) => {
    if (!open) {
      throw new StorageError(
        'postgres: this transaction has already finished; use the repositories only inside the transaction(fn) callback and await every call',
      );
    }
    if (write && options.readOnly) throw new StorageError('postgres: a read-only transaction cannot write');
  };
  // A client runs one query at a time; callers may still start several at once (Promise.all over
  // repositories), so they queue here rather than in pg, which deprecates its own queue.
  let tail: Promise<unknown> = Promise.resolve();
  const query = (sql: string, params: readonly unknown[] | undefined, write = false) => {
    const result = tail.then(async () => {
      check(write);
      try {
        return await client.query(sql, params && [...params]);
      } catch (error) {
        throw toStorageError(error, describeSql(sql));
      }
    });
    tail = result.catch(() => undefined);
    return result;
  };
  return {
    exec: {
      all: async (sql, params) => (await query(sql, params)).rows,
      get: async (sql, params) => (await query(sql, params)).rows[0],
      run: async (sql, params) => (await query(sql, params, true)).rowCount ?? 0,
    },
    end: async () => {
      open = false;
      await tail;
    },
  };
}
