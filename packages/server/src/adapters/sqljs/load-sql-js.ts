/**
 * Loads the sql.js WebAssembly module once per process.
 *
 * @module
 */
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | undefined;

/**
 * The sql.js module. In Node, sql.js finds `sql-wasm.wasm` beside its own script in
 * `node_modules`, so no `locateFile` is needed. A failed load is not cached, so a later call
 * retries.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) {
    const attempt = initSqlJs();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}
