import {
  createSqlJsStorage,
  type Repositories,
  type SqlJsStorage,
  type StorageAdapter,
} from '@leadbook/server';

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

/** sql.js storage that counts the calls of every repository method, by `repository.method`. */
export async function countingStorage() {
  const inner = await createSqlJsStorage();
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  // Each repository is wrapped so that its methods count their calls.
  const storage = proxyStorage(
    inner,
    (tx) =>
      new Proxy(tx, {
        get(target, repository, receiver) {
          const value: unknown = Reflect.get(target, repository, receiver);
          if (typeof repository !== 'string' || typeof value !== 'object' || value === null) return value;
          return new Proxy(value, {
            get(methods, method, methodsReceiver) {
              const fn: unknown = Reflect.get(methods, method, methodsReceiver);
              if (typeof fn !== 'function') return fn;
              return (...args: unknown[]) => {
                count(`${repository}.${String(method)}`);
                return (fn as (...a: unknown[]) => unknown).apply(methods, args);
              };
            },
          });
        },
      }),
  );
  return { storage, calls };
}
