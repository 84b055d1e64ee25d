/**
 * The executor one transaction's repositories run through: it refuses to run once the transaction
 * has ended, so a repository kept past its transaction cannot write outside of it.
 *
 * @module
 */
import type { SqlExecutor, SqlParam } from './connection';
import { StorageError } from '../../ports/storage';

/** An executor bound to one transaction, plus the switch that ends it. */
export interface TransactionScope {
  /** Runs statements while the transaction is open. */
  exec: SqlExecutor;
  /** Ends the scope: every later call throws. */
  end(): void;
}

/** Opens a scope over `inner`; a read-only scope refuses every write. */
export function openTransactionScope(
  inner: SqlExecutor,
  options: { readOnly?: boolean } = {},
): TransactionScope {
  let open = true;
  const check = (): void => {
    if (!open) {
      throw new StorageError(
        'sql.js: this transaction has already finished; use the repositories only inside the transaction(fn) callback and await every call',
      );
    }
  };
  return {
    exec: {
      all: (sql: string, params?: readonly SqlParam[]) => (check(), inner.all(sql, params)),
      get: (sql: string, params?: readonly SqlParam[]) => (check(), inner.get(sql, params)),
      run: (sql: string, params?: readonly SqlParam[]) => {
        check();
        if (options.readOnly) throw new StorageError('sql.js: a read-only transaction cannot write');
        return inner.run(sql, params);
      },
    },
    end: () => {
      open = false;
    },
  };
}
