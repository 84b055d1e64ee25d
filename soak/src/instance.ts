/**
 * One service instance of the soak, in its own process, wired as a deployment on PostgreSQL is:
 * the PostgreSQL storage, the pg-boss scheduler and the shared rate-limit store on one pool, the
 * service mounted in Express on a loopback port. Prints `{"port": n}` once listening. The soak
 * kills it with SIGKILL and starts it again on the same port; SIGTERM shuts it down gracefully.
 *
 * Environment: DATABASE_URL, LEADBOOK_SCHEMA, LEADBOOK_PGBOSS_SCHEMA, PORT (0: any free port).
 *
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { createConnectService, HTTP_SERVER_OPTIONS } from '@leadbook/server';
import {
  createPgBossScheduler,
  createPostgresRateLimitStore,
  createPostgresStorage,
} from '@leadbook/storage-postgres';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};
const log = (level: string, message: string, meta?: unknown) =>
  process.stderr.write(
    `${new Date().toISOString()} [${process.pid}] ${level} ${message} ${JSON.stringify(meta ?? {})}\n`,
  );

const schema = env('LEADBOOK_SCHEMA');
const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 8 });
// An idle connection that PostgreSQL closes (a restart) is an 'error' event: without a listener it
// would end the process. The pool opens a new connection for the next query.
pool.on('error', (error) => log('warn', 'idle database connection lost', { error: String(error) }));
const logger = {
  debug() {},
  info() {},
  warn: (message: string, meta?: unknown) => log('warn', message, meta),
  error: (message: string, meta?: unknown) => log('error', message, meta),
};
const scheduler = createPgBossScheduler({
  pool,
  schema: env('LEADBOOK_PGBOSS_SCHEMA'),
  pollIntervalMs: 500,
  // A killed instance's job runs again within seconds, well inside the soak's wait at the end.
  heartbeatSeconds: 10,
  maintenanceIntervalMs: 2_000,
  retryDelaySeconds: 1,
  logger,
});
const service = await createConnectService({
  storage: await createPostgresStorage({ pool, schema, scheduler }),
  scheduler,
  // The load comes from one client address: the limits stay on (counted in PostgreSQL, shared by
  // both instances) but far above what the soak sends.
  rateLimit: {
    limits: { read: 1_000_000, submit: 1_000_000, hold: 1_000_000, telemetry: 1_000_000 },
    store: (name) => createPostgresRateLimitStore({ pool, schema, prefix: `${name}:` }),
  },
  // The receiver listens on loopback; a short attempt timeout settles an attempt cut by a kill soon.
  webhooks: { allowPrivateUrls: true, timeoutMs: 5_000 },
  logger,
});

const app = express();
app.use(service.express());
const server = createServer({ ...HTTP_SERVER_OPTIONS }, app);
server.listen(Number(env('PORT')), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});

process.once('SIGTERM', () => {
  server.close();
  void service
    .close({ drainMs: 5_000 })
    .then(() => server.closeAllConnections())
    .then(() => pool.end())
    .then(() => process.exit(0));
});
