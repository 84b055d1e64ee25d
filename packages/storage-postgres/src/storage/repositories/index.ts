/**
 * Every repository of the port, bound to one transaction's executor.
 *
 * @module
 */
import type { Repositories } from '@leadbook/server';
import type { PgExecutor } from '../executor';
import { bookingRepositories } from './bookings';
import { formRepositories } from './forms';
import { leadRepositories } from './leads';
import { lookupRepositories } from './lookups';
import { systemRepositories } from './system';
import { tenantRepositories } from './tenants';

/** How each repository is built for one transaction. */
export type RepositoryFactories = { [K in keyof Repositories]: (exec: PgExecutor) => Repositories[K] };

/** The repository factories of the schema `s` (a quoted identifier), their SQL text built once. */
export function repositoryFactories(s: string): RepositoryFactories {
  return {
    ...tenantRepositories(s),
    ...lookupRepositories(s),
    ...leadRepositories(s),
    ...bookingRepositories(s),
    ...systemRepositories(s),
    ...formRepositories(s),
  };
}

/**
 * The repositories of one transaction, all running their statements through `exec`. Each is built
 * on first use: a transaction touches two or three of them, so building all would be waste.
 */
export function createRepositories(exec: PgExecutor, factories: RepositoryFactories): Repositories {
  const repositories = {} as Repositories;
  for (const name of Object.keys(factories) as Array<keyof Repositories>) {
    Object.defineProperty(repositories, name, {
      enumerable: true,
      configurable: true,
      get() {
        const repository = factories[name](exec);
        Object.defineProperty(repositories, name, { value: repository, enumerable: true });
        return repository;
      },
    });
  }
  return repositories;
}
