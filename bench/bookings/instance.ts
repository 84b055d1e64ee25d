/**
 * One service instance in its own process, wired as a deployment on PostgreSQL would be: the
 * PostgreSQL storage and the pg-boss scheduler on one pool, the service mounted in Express on a
 * loopback port. Prints `{"port": n}` once listening; closes and exits on SIGTERM.
 *
 * Environment: DATABASE_URL, LEADBOOK_SCHEMA, LEADBOOK_PGBOSS_SCHEMA, LEADBOOK_POOL_MAX.
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { createConnectService } from '@leadbook/server';
import { createPgBossScheduler, createPostgresStorage } from '@leadbook/storage-postgres';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: Number(env('LEADBOOK_POOL_MAX')) });
const scheduler = createPgBossScheduler({ pool, schema: env('LEADBOOK_PGBOSS_SCHEMA') });
const service = await createConnectService({
  storage: await createPostgresStorage({ pool, schema: env('LEADBOOK_SCHEMA'), scheduler }),
  scheduler,
});
const app = express();
app.use(service.express());
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.once('SIGTERM', () => {
  server.close();
  void service
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
