/**
 * One service instance in its own process on a persisted sql.js file, for the tests that kill it:
 * prints `{"port": n}` once listening and `{"event": type, "id": entry or booking id}` for each
 * lead and booking event, and on SIGTERM shuts down as the mounting guide says (stop accepting,
 * `service.close()`, end the open connections) and exits (with a last snapshot).
 *
 * Environment: LEADBOOK_DATA_FILE (required), LEADBOOK_WEBHOOK_TIMEOUT_MS (default 10000).
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { listenOnLoopback, shutDownHost } from '../../../../test-support/http-host';

const file = process.env['LEADBOOK_DATA_FILE'];
if (!file) throw new Error('LEADBOOK_DATA_FILE is required');

const service = await createConnectService({
  storage: await createSqlJsStorage({ file }),
  // The tests' webhook receivers listen on loopback.
  webhooks: {
    allowPrivateUrls: true,
    timeoutMs: Number(process.env['LEADBOOK_WEBHOOK_TIMEOUT_MS'] ?? 10_000),
  },
  rateLimit: { enabled: false },
  logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
});

const report = (line: Record<string, unknown>): void =>
  void process.stdout.write(`${JSON.stringify(line)}\n`);
service.events.on('table.entry.added', (event) => report({ event: event.type, id: event.payload.entry.id }));
service.events.on('calendar.appointment.booked', (event) =>
  report({ event: event.type, id: event.payload.booking.id }),
);

const app = express();
app.use(service.express());
const { server } = await listenOnLoopback(app);
report({ port: (server.address() as AddressInfo).port, pid: process.pid });

process.once('SIGTERM', () => {
  void shutDownHost(server, service).then(() => process.exit(0));
});
