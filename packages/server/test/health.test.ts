/**
 * `service.health()` and the liveness and readiness routes (the `health` option) on both adapters:
 * what each check reports, readiness failing from the moment `close()` is called (before the drain),
 * and no route at all without the option.
 */
import type { Server } from 'node:http';
import express from 'express';
import {
  createConnectService,
  createSqlJsStorage,
  type ConnectServiceOptions,
  type LogFields,
  type Scheduler,
  type StorageAdapter,
} from '@leadbook/server';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../../test-support/http-host';
import { testClock } from '../../../test-support/time';
import { ADAPTERS, type AdapterKind } from './harness';

/** A service and a way to send it a request through one adapter. */
async function host(kind: AdapterKind, options: ConnectServiceOptions) {
  const service = await createConnectService({ clock: testClock(), ...options });
  let server: Server | undefined;
  let base = 'http://service.test';
  let send = (request: Request) => service.fetch(request);
  if (kind === 'express') {
    const app = express();
    app.use(service.express());
    ({ server, url: base } = await listenOnLoopback(app));
    send = (request) => fetch(request);
  }
  return {
    service,
    async get(path: string, headers: Record<string, string> = {}, method = 'GET') {
      const response = await send(new Request(`${base}${path}`, { method, headers }));
      const text = await response.text();
      const json =
        text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
      return { status: response.status, headers: response.headers, text, json };
    },
    async close() {
      await service.close();
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    },
  };
}

/** sql.js storage whose transactions wait, once `hold()` is called, until `release()`. */
async function holdingStorage(extra: Partial<StorageAdapter> = {}) {
  const inner = await createSqlJsStorage();
  let gate: Promise<void> | undefined;
  let open = () => {};
  let entered = () => {};
  const storage: StorageAdapter = {
    name: inner.name,
    close: () => inner.close(),
    schemaStatus: () => inner.schemaStatus!(),
    async transaction(fn, options) {
      if (gate) {
        entered();
        await gate;
      }
      return inner.transaction(fn, options);
    },
    ...extra,
  };
  return {
    storage,
    /** Holds the next transactions; the promise resolves once one of them waits. */
    hold: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
      return new Promise<void>((resolve) => (entered = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

function capturingLogger() {
  const lines: Array<{ level: string; message: string; fields: LogFields | undefined }> = [];
  const at = (level: string) => (message: string, fields?: LogFields) =>
    lines.push({ level, message, fields });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

describe.each(ADAPTERS)('health routes on the %s adapter', { timeout: 60_000 }, (kind) => {
  it('liveness is 200 and readiness answers the ok report, to GET and HEAD, uncached', async () => {
    const h = await host(kind, { health: true });
    try {
      const live = await h.get('/healthz');
      expect(live.status).toBe(200);
      expect(live.json).toEqual({ status: 'ok' });
      const ready = await h.get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(ready.json).toEqual({
        status: 'ok',
        checks: {
          storage: { status: 'pass' },
          migrations: { status: 'pass', applied: expect.any(Number), latest: expect.any(Number) },
          scheduler: { status: 'pass' },
          shuttingDown: false,
        },
      });
      expect(ready.json.checks.migrations.applied).toBe(ready.json.checks.migrations.latest);
      const head = await h.get('/readyz', {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    } finally {
      await h.close();
    }
  });

  it('serves the configured paths, and none without the option', async () => {
    const custom = await host(kind, { health: { livenessPath: '/live', readinessPath: '/ops/ready' } });
    try {
      expect((await custom.get('/live')).status).toBe(200);
      expect((await custom.get('/ops/ready')).status).toBe(200);
      expect((await custom.get('/healthz')).status).toBe(404);
    } finally {
      await custom.close();
    }
    const off = await host(kind, {});
    try {
      expect((await off.get('/healthz')).status).toBe(404);
      expect((await off.get('/readyz')).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('readiness fails with 503 as soon as close() is called, while a request still drains; liveness stays 200', async () => {
    const held = await holdingStorage();
    const h = await host(kind, { health: true, storage: held.storage });
    expect((await h.get('/readyz')).status).toBe(200);
    const waiting = held.hold();
    // A well-formed token that is nobody's: the request is admitted, and waits in storage for its
    // lookup, holding the drain open.
    const inFlight = h.get('/connect/tables/', { authorization: `Bearer service_live_${'0'.repeat(64)}` });
    await waiting;
    let closed = false;
    const closing = h.service.close({ drainMs: 60_000 }).then(() => (closed = true));
    const ready = await h.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json.status).toBe('unavailable');
    expect(ready.json.checks.shuttingDown).toBe(true);
    expect(ready.json.checks.storage).toEqual({ status: 'skip', reason: 'shutting down' });
    expect((await h.get('/healthz')).status).toBe(200);
    expect(closed).toBe(false);
    held.release();
    expect((await inFlight).status).toBe(401);
    await closing;
    await h.close();
  });
});

describe('service.health()', { timeout: 60_000 }, () => {
  it('reports a failing storage round trip as unavailable, logging the error but not reporting it', async () => {
    const inner = await createSqlJsStorage();
    let failing = false;
    const storage: StorageAdapter = {
      name: 'flaky',
      close: () => inner.close(),
      transaction: (fn, options) =>
        failing
          ? Promise.reject(new Error('connection refused: secret-host'))
          : inner.transaction(fn, options),
    };
    const { lines, logger } = capturingLogger();
    const service = await createConnectService({ clock: testClock(), storage, logger });
    try {
      // Without schemaStatus() the migrations check is skipped, and the service is still ok.
      expect(await service.health()).toMatchObject({
        status: 'ok',
        checks: { migrations: { status: 'skip', reason: 'unsupported' } },
      });
      failing = true;
      const report = await service.health();
      expect(report.status).toBe('unavailable');
      expect(report.checks.storage).toEqual({ status: 'fail', reason: 'error' });
      expect(JSON.stringify(report)).not.toContain('secret-host');
      expect(lines).toContainEqual({
        level: 'warn',
        message: 'health check storage failed',
        fields: { error: { name: 'Error', message: 'connection refused: secret-host' } },
      });
    } finally {
      failing = false;
      await service.close();
    }
  });

  it('reports a schema behind the adapter, and a check past its deadline', async () => {
    const held = await holdingStorage({ schemaStatus: async () => ({ applied: 3, latest: 4 }) });
    const service = await createConnectService({
      clock: testClock(),
      storage: held.storage,
      health: { timeoutMs: 20 },
    });
    try {
      expect((await service.health()).checks.migrations).toEqual({
        status: 'fail',
        reason: 'behind',
        applied: 3,
        latest: 4,
      });
      void held.hold();
      const report = await service.health();
      expect(report.status).toBe('unavailable');
      expect(report.checks.storage).toEqual({ status: 'fail', reason: 'timeout' });
    } finally {
      held.release();
      await service.close();
    }
  });

  it('is degraded, and readiness fails, when the scheduler did not start', async () => {
    const scheduler: Scheduler = {
      schedule: async () => {},
      cancel: async () => false,
      start: () => Promise.reject(new Error('no scheduler today')),
      stop: async () => {},
    };
    const h = await host('fetch', { scheduler, health: true });
    try {
      expect(await h.service.health()).toMatchObject({
        status: 'degraded',
        checks: { storage: { status: 'pass' }, scheduler: { status: 'fail', reason: 'failed' } },
      });
      expect((await h.get('/readyz')).status).toBe(503);
    } finally {
      await h.close();
    }
  });

  it('refuses health paths inside the surfaces and deadlines out of range', async () => {
    await expect(createConnectService({ health: { readinessPath: '/connect/ready' } })).rejects.toThrow(
      RangeError,
    );
    await expect(createConnectService({ health: { livenessPath: 'healthz' } })).rejects.toThrow(RangeError);
    await expect(
      createConnectService({ health: { livenessPath: '/x', readinessPath: '/x' } }),
    ).rejects.toThrow(RangeError);
    await expect(createConnectService({ health: { timeoutMs: 0 } })).rejects.toThrow(RangeError);
  });
});
