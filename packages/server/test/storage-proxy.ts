import type { Repositories, SqlJsStorage, StorageAdapter } from '@leadbook/server';

/**
 * sql.js storage whose transactions hand callers `wrap(tx)` instead of `tx`: tests count or fail
 * repository calls through it.
 */
export function proxyStorage(inner: SqlJsStorage, wrap: (tx: Repositories) => Repositories): StorageAdapter {
  return {
    name: inner.name,
    close: () => inner.close(),
    transaction: (fn, options) => inner.transaction((tx) => fn(wrap(tx)), options),
  };
}
