/**
 * The PostgreSQL storage adapter and its migrations.
 *
 * @module
 */
export { createPostgresStorage, type PostgresStorage, type PostgresStorageOptions } from './storage';
export {
  DEFAULT_SCHEMA,
  migrate,
  postgresMigrations,
  type MigrateOptions,
  type PostgresMigration,
} from './migrations';
