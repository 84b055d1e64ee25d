/**
 * The service's storage spans on PostgreSQL: the transaction span and, under it, a client span per
 * statement with `db.system` `postgresql` and the statement's operation, never its text or values.
 */
import { context, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createConnectService } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../src';
import { lazily, openPglite } from './support/databases';
import { inertScheduler, PLANNER_TOKEN, seedScenario } from './support/scenario';

const pglite = lazily(openPglite);
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
});
afterAll(async () => {
  await pglite.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
});

describe('PostgreSQL storage spans', () => {
  it('a request reads in a transaction span whose statements are postgresql client spans', async () => {
    const db = await pglite.get();
    const schema = db.freshSchema('leadbook_otel');
    await seedScenario(db.pool, schema);
    const storage = await createPostgresStorage({ pool: db.pool, schema });
    const service = await createConnectService({ storage, scheduler: inertScheduler });
    try {
      exporter.reset();
      const response = await service.fetch(
        new Request('http://x/connect/calendar/', { headers: { authorization: `Bearer ${PLANNER_TOKEN}` } }),
      );
      expect(response.status).toBe(200);
      const spans = exporter.getFinishedSpans();
      const transactions = spans.filter((s) => s.name === 'leadbook.storage.transaction');
      expect(transactions.length).toBeGreaterThan(0);
      for (const tx of transactions) expect(tx.attributes['db.system']).toBe('postgresql');
      const ids = new Set(transactions.map((s) => s.spanContext().spanId));
      const statements = spans.filter((s) => ids.has(s.parentSpanContext?.spanId ?? ''));
      expect(statements.map((s) => s.name)).toContain('SELECT');
      for (const statement of statements) {
        expect(statement.kind).toBe(SpanKind.CLIENT);
        expect(statement.attributes).toEqual({
          'db.system': 'postgresql',
          'db.system.name': 'postgresql',
          'db.operation.name': statement.name,
        });
      }
    } finally {
      await service.close();
      await db.dropSchemas();
    }
  });
});
