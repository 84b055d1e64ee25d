/**
 * What the tests of several service instances in child processes on one PostgreSQL database share:
 * a fresh schema seeded with the scenario (and set up further through a service that runs no
 * jobs), the environment the instances start with, Connect calls to one instance, and the lines
 * the instances printed.
 *
 * @module
 */
import { createConnectService, type ConnectServiceOptions, type ConnectService } from '@leadbook/server';
import { expect } from 'vitest';
import type { Instance } from '../../../../test-support/processes';
import { createPostgresStorage } from '../../src';
import type { TestDatabase } from './databases';
import { inertScheduler, PLANNER_TOKEN, seedScenario, type Scenario } from './scenario';

/** A seeded schema and the environment of instances on it. */
export interface SharedDatabase {
  /** The service's schema. */
  schema: string;
  /** The seeded scenario. */
  scenario: Scenario;
  /** `DATABASE_URL`, `LEADBOOK_SCHEMA` and `LEADBOOK_PGBOSS_SCHEMA` (and what `extraEnv` adds). */
  env: Record<string, string>;
}

/** How {@link shareDatabase} sets the schema up. */
export interface ShareOptions {
  /** Set-up through the console API of a service on the schema (its scheduler runs no jobs). */
  configure?: (service: ConnectService, scenario: Scenario) => Promise<void>;
  /** More options of that service (such as `externalCalendars`). */
  service?: ConnectServiceOptions;
  /** More environment for the instances. */
  extraEnv?: Record<string, string>;
}

/** A fresh schema `leadbook_<name>` (and pg-boss schema `pgboss_<name>`) seeded for instances. */
export async function shareDatabase(
  db: TestDatabase,
  name: string,
  options: ShareOptions = {},
): Promise<SharedDatabase> {
  const schema = db.freshSchema(`leadbook_${name}`);
  const scenario = await seedScenario(db.pool, schema);
  if (options.configure) {
    const service = await createConnectService({
      ...options.service,
      storage: await createPostgresStorage({ pool: db.pool, schema }),
      scheduler: inertScheduler,
    });
    try {
      await options.configure(service, scenario);
    } finally {
      await service.close();
    }
  }
  const env = {
    DATABASE_URL: db.url,
    LEADBOOK_SCHEMA: schema,
    LEADBOOK_PGBOSS_SCHEMA: db.freshSchema(`pgboss_${name}`),
    ...options.extraEnv,
  };
  return { schema, scenario, env };
}

/** A Connect call to an instance as the planner (or `token`): status and JSON body. */
export async function connectCall(
  url: string,
  method: string,
  path: string,
  body: unknown,
  token = PLANNER_TOKEN,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Books `body` on an instance as the planner, expects 201, and returns the booking's id. */
export async function bookOn(url: string, body: unknown): Promise<string> {
  const { status, json } = await connectCall(url, 'POST', '/connect/calendar_bookings/', body);
  expect(status, JSON.stringify(json)).toBe(201);
  return String(json['id']);
}

/** What the instances printed under `key`, one entry per JSON line holding it as a string. */
export const reported = (instances: Instance[], key: string): string[] =>
  instances.flatMap((instance) =>
    instance.output.flatMap((line) => {
      try {
        const value = (JSON.parse(line) as Record<string, unknown>)[key];
        return typeof value === 'string' ? [value] : [];
      } catch {
        return [];
      }
    }),
  );

/** Resolves after `ms` of real time. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
