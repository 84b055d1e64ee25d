/**
 * Every repository of the port in one dialect, bound to one transaction's executor.
 *
 * @module
 */
import { trace } from '@opentelemetry/api';
import type { Repositories } from '../../../ports/storage';
import type { SqlDialect } from '../dialect';
import type { SqlExecutor } from '../executor';
import { traceStatements } from '../traced-executor';
import { bookingRepositories } from './bookings';
import { calendarFeedRepositories } from './calendar-feeds';
import { externalCalendarRepositories } from './external-calendars';
import { formRepositories } from './forms';
import { holdRepositories } from './holds';
import { leadRepositories } from './leads';
import { lookupRepositories } from './lookups';
import { systemRepositories } from './system';
import { tenantRepositories } from './tenants';

/** How each repository is built for one transaction's executor. */
export type RepositoryFactories = {
  [K in keyof Repositories]: (exec: SqlExecutor) => Repositories[K];
};

/**
 * Every repository of the storage port on the document tables, for databases that speak `dialect`.
 * The SQL text is built here, once; the function returned opens the repositories of one
 * transaction, each built on first use (a transaction touches two or three of them). `overrides`
 * replaces some factories (the PostgreSQL storage writes jobs to pg-boss's table when it is given the
 * pg-boss scheduler).
 *
 * @example
 * ```ts
 * const repositories = createSqlRepositories(myDialect);
 * // In the adapter's transaction(fn), with an executor bound to the transaction:
 * return fn(repositories(executor));
 * ```
 */
export function createSqlRepositories(
  dialect: SqlDialect,
  overrides: Partial<RepositoryFactories> = {},
): (exec: SqlExecutor) => Repositories {
  const factories: RepositoryFactories = {
    ...tenantRepositories(dialect),
    ...lookupRepositories(dialect),
    ...leadRepositories(dialect),
    ...bookingRepositories(dialect),
    ...holdRepositories(dialect),
    ...systemRepositories(dialect),
    ...formRepositories(dialect),
    ...externalCalendarRepositories(dialect),
    ...calendarFeedRepositories(dialect),
    ...overrides,
  };
  // One getter per repository on a shared prototype, so opening a transaction allocates one small
  // object instead of defining two dozen properties on a fresh one.
  class TransactionRepositories {
    readonly built: Partial<Record<keyof Repositories, unknown>> = {};
    constructor(readonly exec: SqlExecutor) {}
  }
  for (const name of Object.keys(factories) as Array<keyof Repositories>) {
    Object.defineProperty(TransactionRepositories.prototype, name, {
      enumerable: true,
      get(this: TransactionRepositories) {
        return (this.built[name] ??= factories[name](this.exec));
      },
    });
  }
  const system = dialect.system ?? 'other_sql';
  // Statement spans only inside a recording span (the service's transaction span): with no
  // OpenTelemetry SDK registered, the executor is used as it is.
  return (exec) =>
    new TransactionRepositories(
      trace.getActiveSpan()?.isRecording() ? traceStatements(exec, system) : exec,
    ) as unknown as Repositories;
}
