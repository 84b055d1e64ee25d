/**
 * One instance: the Connect service on PostgreSQL storage, the pg-boss scheduler and the shared
 * rate-limit store, mounted in Express on PORT. `start.ts` runs two; run more behind your load
 * balancer the same way.
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
import { databaseUrl, pgBossSchema, schema } from './config';

// One pool per process, owned here: the adapters borrow it and never end it.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// Given to the storage, the scheduler writes a booking's timers in the booking's own transaction.
const scheduler = createPgBossScheduler({ pool, schema: pgBossSchema });
const service = await createConnectService({
  storage: await createPostgresStorage({ pool, schema, scheduler }),
  scheduler,
  // One store per limit, all in one table: every instance counts into the same windows.
  rateLimit: { store: (name) => createPostgresRateLimitStore({ pool, schema, prefix: `${name}:` }) },
  logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
  // GET /healthz (liveness) and GET /readyz (storage, migrations, scheduler; 503 once shutting down).
  health: true,
});
service.events.on('calendar.appointment.hasStarted', (event) => {
  console.log(`[${process.pid}] hasStarted: booking ${event.payload.booking.id}`);
});

const app = express();
// Behind a reverse proxy, tell Express which hops to trust so client IPs (rate limits) are right.
app.set('trust proxy', process.env['TRUST_PROXY'] === 'true' ? 1 : false);
app.get('/', (_req, res) => void res.json({ service: 'leadbook-demo', instance: process.pid }));
app.use(service.express());

// Slow clients: headers within 10 s, the whole request within 30 s, checked every second; idle
// keep-alive connections kept 65 s, longer than your load balancer keeps them (see
// HTTP_SERVER_OPTIONS and the mounting guide).
const server = createServer({ ...HTTP_SERVER_OPTIONS }, app);
server.listen(Number(process.env['PORT'] ?? 3001), () => {
  const { port } = server.address() as AddressInfo;
  // start.ts reads this line.
  console.log(JSON.stringify({ listening: `http://localhost:${port}`, pid: process.pid }));
});

// A graceful shutdown, in this order: stop accepting connections (Node also closes the idle
// keep-alive ones); close the service (new requests answer 503 with Connection: close, those in
// flight finish, jobs and webhook attempts not yet done are left for the other instances, storage
// closes); end the connections still open; end the pool; exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void service
      .close({ drainMs: 10_000 })
      .then(() => server.closeAllConnections())
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}
