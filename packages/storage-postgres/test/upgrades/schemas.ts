/**
 * The schema names the PostgreSQL upgrade fixtures are written in, and how a test restores a dump
 * into fresh schemas of its own.
 *
 * @module
 */

/** The storage schema a fixture is dumped from. */
export const SCHEMA = 'leadbook_upgrade_fixture';

/** The pg-boss scheduler's schema a fixture is dumped from. */
export const PGBOSS_SCHEMA = 'leadbook_upgrade_fixture_pgboss';

/**
 * The SQL of a fixture dump, to run as one simple query: the schemas renamed to `schema` and
 * `pgbossSchema` (their names appear in statements and in pg-boss's function bodies alike), and
 * psql's meta-commands (`\restrict`, `\unrestrict`), which only psql understands, left out.
 */
export function restorableDump(dump: string, schema: string, pgbossSchema: string): string {
  return dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replace(new RegExp(`\\b${PGBOSS_SCHEMA}\\b`, 'g'), pgbossSchema)
    .replace(new RegExp(`\\b${SCHEMA}\\b`, 'g'), schema);
}
