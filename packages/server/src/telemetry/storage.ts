/**
 * A span and a duration measurement per storage transaction, around any storage adapter.
 *
 * @module
 */
import type { StorageAdapter } from '../ports/storage';
import type { Telemetry } from './instruments';
import { inSpan } from './spans';

/** The OpenTelemetry `db.system` of the bundled adapters, by their `name`. */
const DB_SYSTEMS: Readonly<Record<string, string>> = { sqljs: 'sqlite', postgres: 'postgresql' };

/** The `db.system` of a storage adapter: `sqlite` and `postgresql` for the bundled ones. */
export function dbSystemOf(storage: Pick<StorageAdapter, 'name'>): string {
  return DB_SYSTEMS[storage.name] ?? 'other_sql';
}

/**
 * `storage` with each `transaction()` in a `leadbook.storage.transaction` span (the statement spans
 * of the SQL kit are its children) and measured in `leadbook.storage.transaction.duration`, waiting
 * for the adapter's lock included. Everything else passes through to `storage` itself.
 */
export function traceStorage(storage: StorageAdapter, telemetry: Telemetry): StorageAdapter {
  const system = dbSystemOf(storage);
  const transaction: StorageAdapter['transaction'] = async (fn, options) => {
    const readOnly = options?.readOnly === true;
    const started = performance.now();
    let outcome = 'commit';
    try {
      return await inSpan(
        telemetry.tracer,
        'leadbook.storage.transaction',
        { attributes: { 'db.system': system, 'leadbook.transaction.read_only': readOnly } },
        () => storage.transaction(fn, options),
      );
    } catch (error) {
      outcome = 'rollback';
      throw error;
    } finally {
      telemetry.transactionDuration.record((performance.now() - started) / 1000, {
        'db.system': system,
        'leadbook.transaction.read_only': readOnly,
        'leadbook.transaction.outcome': outcome,
      });
    }
  };
  return new Proxy(storage, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      // Methods run on the adapter itself (a class with private fields needs its own `this`).
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
