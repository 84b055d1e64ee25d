/**
 * The sql.js storage adapter.
 *
 * @module
 */
export { createSqlJsStorage, type SqlJsStorage, type SqlJsStorageOptions } from './storage';
export type { StorageLogger } from './persistence';
export type { Durability } from './wal/durable-file';
