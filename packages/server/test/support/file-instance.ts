/**
 * One service instance in its own process on a persisted sql.js file, for the tests that kill it:
 * prints `{"port": n}` once listening, exits cleanly (flushing the file) on SIGTERM.
 *
 * Environment: LEADBOOK_DATA_FILE (required), LEADBOOK_WEBHOOK_TIMEOUT_MS (default 10000).
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';

const file = process.env['LEADBOOK_DATA_FILE'];
if (!file) throw new Error('LEADBOOK_DATA_FILE is required');

const service = await createConnectService({
  storage: await createSqlJsStorage({ file }),
  // The tests' webhook receivers listen on loopback.
  webhooks: { allowPrivateUrls: true, timeoutMs: Number(process.env['LEADBOOK_WEBHOOK_TIMEOUT_MS'] ?? 10_000) },
  rateLimit: { enabled: false },
  logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
});

const app = express();
app.use(service.express());
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, pid: process.pid })}\n`);
});

process.once('SIGTERM', () => {
  server.close();
  void service.close().then(() => process.exit(0));
});
