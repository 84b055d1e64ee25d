import { SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerInMemoryOtel, type InMemoryOtel } from '../../../test/support/otel';
import { StorageError } from '../../ports/storage';
import type { SqlExecutor } from './executor';
import { operationOf, traceStatements } from './traced-executor';

describe('statement spans', () => {
  let otel: InMemoryOtel;
  beforeAll(() => {
    otel = registerInMemoryOtel();
  });
  afterAll(() => otel.shutdown());

  const secret = "'ada@example.com'";
  const executor: SqlExecutor = {
    all: () => [{ n: 1 }],
    get: () => Promise.resolve({ n: 1 }),
    run: () => {
      throw new StorageError(`sql.js: constraint failed near ${secret}`);
    },
  };
  const inTransaction = <T>(fn: () => Promise<T>) =>
    trace.getTracer('test').startActiveSpan('transaction', async (span) => {
      try {
        return await fn();
      } finally {
        span.end();
      }
    });

  it('names the operation by the first keyword', () => {
    expect(operationOf('  select doc FROM leads WHERE id = ?')).toBe('SELECT');
    expect(operationOf('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('WITH');
    expect(operationOf('-- nothing')).toBe('UNKNOWN');
  });

  it('keeps a synchronous executor synchronous, and ends a failed statement as an error without its message', async () => {
    const traced = traceStatements(executor, 'sqlite');
    await inTransaction(async () => {
      expect(traced.all('SELECT 1')).toEqual([{ n: 1 }]);
      await expect(traced.get('SELECT 2')).resolves.toEqual({ n: 1 });
      expect(() => traced.run(`INSERT INTO leads VALUES (${secret})`)).toThrow(StorageError);
    });
    const spans = otel.spans().filter((s) => s.name !== 'transaction');
    expect(spans.map((s) => s.name)).toEqual(['SELECT', 'SELECT', 'INSERT']);
    const failed = spans[2]!;
    expect(failed.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(failed.attributes).toEqual({
      'db.system': 'sqlite',
      'db.system.name': 'sqlite',
      'db.operation.name': 'INSERT',
      'error.type': 'StorageError',
    });
  });

  it('makes no span outside a recording span', () => {
    const before = otel.spans().length;
    traceStatements(executor, 'sqlite').all('SELECT 1');
    expect(otel.spans()).toHaveLength(before);
  });
});
