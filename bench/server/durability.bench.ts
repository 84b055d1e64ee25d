/**
 * Issue 19 benchmark: a persisted sql.js file in `'commit'` durability (every 2xx on disk) against
 * the in-memory default, side by side: POST /connect/table_entries/ throughput (goal >= 0.5x), and
 * read latency p99 during steady writes on a 40 MB database (goal <= 3x). Prints the group-commit
 * sizes the log saw and what a snapshot of the 40 MB database costs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import autocannon from 'autocannon';
import { createConnectService, createSqlJsStorage, type SqlJsStorage } from '@leadbook/server';
import { compare, comparisonRow, listen } from './http-harness';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { heading, median } from './report';

const auth = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };

/** A seeded service on `storage`, served on loopback. */
async function serve(storage: SqlJsStorage) {
  const service = await createConnectService({ storage });
  await service.admin.seed(studioFixture());
  const app = express();
  app.use(service.express());
  const server = await listen(app);
  return {
    service,
    url: server.url,
    close: async () => {
      await server.close();
      await service.close();
    },
  };
}

/** Sizes of the log's group commits: how many records each write carried. */
function batchReport(sizes: readonly number[]): string {
  if (sizes.length === 0) return 'no log writes';
  const sorted = [...sizes].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const records = sizes.reduce((sum, size) => sum + size, 0);
  return `${sizes.length} writes for ${records} records: mean ${(records / sizes.length).toFixed(1)}, median ${at(0.5)}, p90 ${at(0.9)}, max ${sorted.at(-1)}`;
}

/** Adds leads of about 1.6 KB each until the database image passes `bytes`. */
async function grow(
  service: Awaited<ReturnType<typeof serve>>['service'],
  storage: SqlJsStorage,
  bytes: number,
) {
  const filler = 'x'.repeat(1_500);
  for (let batch = 0; storage.exportBytes().length < bytes; batch++) {
    await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        service.admin.entries.create(ID.organization, {
          tableId: ID.table,
          leadStateId: ID.leadStateNew,
          data: { name: `Bulk ${batch}-${i}`, notes: filler },
        }),
      ),
    );
  }
}

/** Median p99 read latency over `rounds`, each with a steady writer at `writeRate` req/s beside the reads. */
async function readP99UnderWrites(url: string, seconds: number, writeRate: number): Promise<number> {
  const writes = autocannon({
    url: `${url}/connect/table_entries/`,
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ tableId: ID.table, leadStateId: ID.leadStateNew, data: { name: 'Steady' } }),
    duration: seconds,
    connections: 2,
    overallRate: writeRate,
  });
  const reads = await autocannon({
    url: `${url}/connect/tables/${ID.table}`,
    headers: auth,
    duration: seconds,
    connections: 4,
  });
  await writes;
  return reads.latency.p99;
}

export async function benchDurability(): Promise<void> {
  heading(`sql.js file, 'commit' durability vs in memory`);
  const dir = await mkdtemp(join(tmpdir(), 'leadbook-bench-wal-'));
  try {
    const memory = await serve(await createSqlJsStorage());
    const fileStorage = await createSqlJsStorage({ file: join(dir, 'post.sqlite') });
    const file = await serve(fileStorage);
    const body = JSON.stringify({
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { name: 'Load', email: 'load@example.com' },
    });
    const post = await compare(
      { url: file.url, method: 'POST', path: '/connect/table_entries/', headers: auth, body },
      { url: memory.url, method: 'POST', path: '/connect/table_entries/', headers: auth, body },
    );
    comparisonRow('POST /connect/table_entries/, file / memory', post, {
      of: 'baseline',
      atLeast: 0.5,
      baseline: 'in memory',
    });
    console.log(`  group commits (10 connections): ${batchReport(fileStorage.logBatchSizes())}`);
    await memory.close();
    await file.close();

    // A 40 MB database in both modes, reads measured while a steady writer runs beside them.
    const target = 40 * 1024 * 1024;
    const bigMemoryStorage = await createSqlJsStorage();
    const bigMemory = await serve(bigMemoryStorage);
    await grow(bigMemory.service, bigMemoryStorage, target);
    const bigFileStorage = await createSqlJsStorage({ file: join(dir, 'big.sqlite') });
    const bigFile = await serve(bigFileStorage);
    await grow(bigFile.service, bigFileStorage, target);
    const size = bigFileStorage.exportBytes().length;
    const started = performance.now();
    await bigFileStorage.snapshot();
    console.log(
      `  a snapshot of the ${(size / 1024 / 1024).toFixed(1)} MB database took ${(performance.now() - started).toFixed(0)} ms (transactions wait only while the image is copied)`,
    );
    const seconds = Number(process.env.BENCH_SECONDS ?? 2);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
    const p99: { memory: number[]; file: number[] } = { memory: [], file: [] };
    await readP99UnderWrites(bigMemory.url, 1, 200);
    await readP99UnderWrites(bigFile.url, 1, 200);
    const before = bigFileStorage.logBatchSizes().length;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['memory', 'file'] as const) : (['file', 'memory'] as const);
      for (const side of order) {
        p99[side].push(
          await readP99UnderWrites(side === 'memory' ? bigMemory.url : bigFile.url, seconds, 200),
        );
      }
    }
    const ratios = p99.file.map((value, round) => value / p99.memory[round]!);
    const ratio = median(ratios);
    console.log(
      `${'read p99 during 200 writes/s, 40 MB, file / memory'.padEnd(48)} ${median(p99.file).toFixed(1).padStart(8)} vs ${median(p99.memory).toFixed(1).padStart(8)} ms    ratio ${ratio.toFixed(2)}x  (goal <= 3x: ${ratio <= 3 ? 'meets' : 'ABOVE'})`,
    );
    console.log(`  per-round ratios: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(
      `  group commits (steady writes): ${batchReport(bigFileStorage.logBatchSizes().slice(before))}`,
    );
    await bigMemory.close();
    await bigFile.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
