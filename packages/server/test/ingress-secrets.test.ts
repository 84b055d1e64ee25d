/**
 * Ingress tokens never reach storage or logs in plain text, and real internal failures answer 500
 * in the ingress envelope without detail.
 */
import { ErrorMessages, INGRESS_TOKEN_HEADER } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlJsStorage, StorageError, type Logger, type SqlJsStorage } from '@leadbook/server';
import { digestToken } from '../src/core/tokens';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { proxyStorage } from './storage-proxy';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';

/** A logger that keeps every call, for searching. */
function captureLogger() {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (message: string, meta?: object): void =>
      void lines.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);
  const logger: Logger = {
    debug: keep('debug'),
    info: keep('info'),
    warn: keep('warn'),
    error: keep('error'),
  };
  return { logger, text: () => lines.join('\n'), lines };
}

/** Wraps sql.js storage so a test can make the ingress webhook lookup fail. */
function failingStorage(inner: SqlJsStorage) {
  const state: { failure: Error | undefined } = { failure: undefined };
  const storage = proxyStorage(
    inner,
    (tx) =>
      new Proxy(tx, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as object;
          if (property !== 'ingressWebhooks' || !state.failure) return value;
          const failure = state.failure;
          return { ...value, find: () => Promise.reject(failure) };
        },
      }),
  );
  return { storage, state };
}

describe.each(ADAPTERS)('ingress secrets and failures through %s', (kind) => {
  let h: Harness;
  let sqljs: SqlJsStorage;
  let failures: ReturnType<typeof failingStorage>['state'];
  const log = captureLogger();
  const tokens: string[] = [];
  beforeAll(async () => {
    sqljs = await createSqlJsStorage({ logger: log.logger });
    const wrapped = failingStorage(sqljs);
    failures = wrapped.state;
    h = await createHarness(kind, { storage: wrapped.storage, logger: log.logger });
  });
  afterAll(() => h.close());

  const push = (id: string, token: string | undefined, body: unknown = { data: { name: 'Ada' } }) =>
    h.call('POST', `/public/ingress_webhooks/${id}`, {
      body,
      headers: token === undefined ? {} : { [INGRESS_TOKEN_HEADER]: token },
    });

  it('500 in the ingress envelope for an internal failure, without detail', async () => {
    const hook = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Fail',
    });
    tokens.push(hook.token);
    failures.failure = new Error('boom');
    try {
      const res = await push(hook.id, hook.token);
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ statusCode: 500, message: ErrorMessages.internalError });
      failures.failure = new StorageError('disk on fire');
      const db = await push(hook.id, hook.token);
      expect(db.status).toBe(500);
      expect(db.json).toEqual({ statusCode: 500, message: ErrorMessages.databaseError });
    } finally {
      failures.failure = undefined;
    }
    expect(log.text()).toContain('boom');
    expect(log.text()).toContain('disk on fire');
    expect((await push(hook.id, hook.token)).status).toBe(201);
  });

  it('a dump of the database and the captured logs hold no plaintext token', async () => {
    const admin = h.service.admin.ingressWebhooks;
    const created = await admin.create(ID.organization, { tableId: ID.table, name: 'Secret' });
    const fixed = await admin.create(ID.organization, {
      tableId: ID.tableOtherPool,
      name: 'Fixed',
      token: '9'.repeat(64),
    });
    const rotated = await admin.rotate(ID.organization, created.id);
    tokens.push(created.token, fixed.token, rotated.token);
    // Successes, rejections and failures all pass through the code that could leak a token.
    expect((await push(created.id, rotated.token)).status).toBe(201);
    expect((await push(created.id, created.token)).status).toBe(401);
    expect((await push(fixed.id, fixed.token)).status).toBe(201);
    expect((await push(fixed.id, fixed.token, { data: { name: ['a', 'b'] } })).status).toBe(400);
    expect((await push(fixed.id, fixed.token, { bad: true })).status).toBe(400);
    await admin.list(ID.organization);

    const dump = Buffer.from(sqljs.exportBytes()).toString('latin1');
    const logs = log.text();
    expect(logs).toContain('ingress webhook token rotated');
    expect(dump).toContain(digestToken(rotated.token));
    expect(dump).toContain(digestToken(fixed.token));
    for (const token of tokens) {
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(token.toUpperCase());
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(token.slice(0, 16));
      expect(logs).not.toContain(token.slice(-16));
    }
  });
});
