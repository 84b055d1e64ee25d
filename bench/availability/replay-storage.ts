/**
 * A storage that answers from memory: it wraps a real `StorageAdapter` (through the public storage
 * port), records what each repository call returned, and once switched to replay answers the same
 * calls with the recorded results, touching no database. A service on it does all its own work
 * for a request (routing, auth, validation, the availability engine, the response) but no reads,
 * which is how the bench times the engine through public entry points only.
 *
 * @module
 */
import type { Repositories, StorageAdapter } from '@leadbook/server';

/** A {@link StorageAdapter} that records its reads, and replays them once `replay` is set. */
export interface ReplayStorage {
  storage: StorageAdapter;
  /** Answer every repository call from what was recorded (a call not recorded throws). */
  replay: boolean;
}

/** Wraps `inner`; see {@link ReplayStorage}. */
export function replayStorage(inner: StorageAdapter): ReplayStorage {
  const recorded = new Map<string, unknown>();
  const repositories = (tx: Repositories | undefined) =>
    new Proxy({} as Repositories, {
      get: (_, repository: string) =>
        new Proxy(
          {},
          {
            get:
              (__, method: string) =>
              async (...args: unknown[]) => {
                const key = `${repository}.${method}${JSON.stringify(args)}`;
                if (!tx) {
                  if (!recorded.has(key)) throw new Error(`replay: ${key} was not recorded`);
                  return recorded.get(key);
                }
                const repo = tx[repository as keyof Repositories] as unknown as Record<
                  string,
                  (...a: unknown[]) => Promise<unknown>
                >;
                const result = await repo[method]!(...args);
                recorded.set(key, result);
                return result;
              },
          },
        ),
    });
  const state: ReplayStorage = {
    replay: false,
    storage: new Proxy(inner, {
      get(target, name, receiver) {
        if (name !== 'transaction') return Reflect.get(target, name, receiver);
        const transaction: StorageAdapter['transaction'] = (fn, options) =>
          state.replay
            ? fn(repositories(undefined))
            : target.transaction((tx) => fn(repositories(tx)), options);
        return transaction;
      },
    }),
  };
  return state;
}
