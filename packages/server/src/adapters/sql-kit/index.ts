/**
 * `@leadbook/server/sql`: the document-table kit the SQL storage adapters share. Each record is
 * stored whole as JSON in a `doc` column beside the indexed columns queries filter on, and every
 * repository of the storage port is written once against a {@link SqlDialect}. An adapter supplies
 * its dialect, an executor per transaction, its migrations (the tables the repositories expect)
 * and its transaction handling; the sql.js adapter and `@leadbook/storage-postgres` are built so.
 *
 * @module @leadbook/server/sql
 */
export { createSqlRepositories, type RepositoryFactories } from './repositories';
export { statement, type Placeholders, type PlaceholderKind, type SqlDialect } from './dialect';
export { sendWrite, type MaybePromise, type SqlExecutor, type SqlRow } from './executor';
