/**
 * A persisted sql.js file (`createSqlJsStorage({ file })`, what `LEADBOOK_DATA_FILE` selects in
 * the examples; every 2xx is on disk) against the in-memory default: lead POSTs over loopback
 * HTTP, in interleaved rounds.
 *
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createConnectService, createSqlJsStorage, type SqlJsStorage } from '@leadbook/server';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { compareHttp, listen, type HttpSide } from '../lib/http';
import { failed, figure, heading, list, median } from '../lib/report';

/** A seeded service on `storage`, served on loopback. */
async function serve(storage: SqlJsStorage) {
  const service = await createConnectService({ storage });
  await service.admin.seed(studioFixture());
  const app = express();
  app.use(service.express());
  const server = await listen(app);
  return { url: server.url, close: async () => (await server.close(), await service.close()) };
}

/** Prints POST throughput of a file-backed service against an in-memory one. */
export async function benchDurability(): Promise<void> {
  heading('Durability: a sql.js file (every 2xx on disk) vs in memory, POST /connect/table_entries/');
  const dir = await mkdtemp(join(tmpdir(), 'leadbook-bench-file-'));
  const memory = await serve(await createSqlJsStorage());
  const file = await serve(await createSqlJsStorage({ file: join(dir, 'leads.sqlite') }));
  try {
    const post = (url: string): HttpSide => ({
      url,
      method: 'POST',
      path: '/connect/table_entries/',
      headers: { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        tableId: ID.table,
        leadStateId: ID.leadStateNew,
        data: { name: 'Load', email: 'load@example.com' },
      }),
    });
    const { rps, failures } = await compareHttp({ file: post(file.url), memory: post(memory.url) });
    const ratios = rps.file.map((value, round) => value / rps.memory[round]!);
    figure(
      'file / memory (POST requests per second)',
      median(ratios),
      { op: '>=', x: 0.5 },
      `${median(rps.file).toFixed(0)} vs ${median(rps.memory).toFixed(0)} req/s (medians); per round ${list(ratios)}` +
        failed(failures.file + failures.memory),
    );
  } finally {
    await memory.close();
    await file.close();
    await rm(dir, { recursive: true, force: true });
  }
}
