import { randomUUID } from 'node:crypto';
import { ErrorMessages, operations } from '@leadbook/contract';
import { createConnectService, type ConnectService } from '@leadbook/server';
import type { Options, Store } from 'express-rate-limit';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPgBossScheduler, createPostgresRateLimitStore, createPostgresStorage, migrate } from '../src';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from './support/databases';
import { inertScheduler, seedScenario } from './support/scenario';

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

async function stores(db: TestDatabase, windowMs: number, prefix = 'read:') {
  const schema = db.freshSchema('leadbook_rl');
  await migrate(db.pool, { schema });
  const open = (pool = db.pool) => {
    const store = createPostgresRateLimitStore({ pool, schema, prefix });
    void store.init?.({ windowMs } as Options);
    return store;
  };
  return { schema, open };
}

const hits = async (store: Store, key: string) => (await store.increment(key)).totalHits;

function storeTests(database: () => Promise<TestDatabase>) {
  afterEach(async () => (await database()).dropSchemas());

  it('counts hits per key within a window, and get/decrement/resetKey act on the count', async () => {
    const { open } = await stores(await database(), 60_000);
    const store = open();
    expect(store.localKeys).toBe(false);
    expect(store.prefix).toBe('read:');
    const first = await store.increment('form:1.2.3.4');
    expect(first.totalHits).toBe(1);
    expect(first.resetTime!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await hits(store, 'form:1.2.3.4')).toBe(2);
    expect(await hits(store, 'form:5.6.7.8')).toBe(1);
    expect(await store.get!('form:1.2.3.4')).toEqual({ totalHits: 2, resetTime: first.resetTime });
    await store.decrement('form:1.2.3.4');
    expect((await store.get!('form:1.2.3.4'))?.totalHits).toBe(1);
    await store.resetKey('form:1.2.3.4');
    expect(await store.get!('form:1.2.3.4')).toBeUndefined();
    expect(await hits(store, 'form:1.2.3.4')).toBe(1);
  });

  it('starts a new window once the old one has passed', async () => {
    const { open } = await stores(await database(), 300);
    const store = open();
    expect(await hits(store, 'k')).toBe(1);
    expect(await hits(store, 'k')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await store.get!('k')).toBeUndefined();
    const fresh = await store.increment('k');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime!.getTime()).toBeGreaterThan(Date.now() + 100);
  });

  it('stores with different prefixes count separately; stores with the same prefix share counts', async () => {
    const db = await database();
    const { schema, open } = await stores(db, 60_000);
    const [a, b] = [open(), open()];
    const other = createPostgresRateLimitStore({ pool: db.pool, schema, prefix: 'submit:' });
    void other.init?.({ windowMs: 60_000 } as Options);
    expect(await hits(a, 'k')).toBe(1);
    expect(await hits(b, 'k')).toBe(2);
    expect(await hits(other, 'k')).toBe(1);
  });

  it('keeps keys with bytes PostgreSQL text refuses (NUL) or a backslash, each apart from the others', async () => {
    const { open } = await stores(await database(), 60_000);
    const store = open();
    const keys = ['a\0b', 'a\\0b', 'a\\\0b', 'a\0', 'a\\', 'a'];
    for (const key of keys) expect(await hits(store, key)).toBe(1);
    for (const key of keys) expect(await hits(store, key)).toBe(2);
    await store.decrement('a\0b');
    expect((await store.get!('a\0b'))?.totalHits).toBe(1);
    await store.resetKey('a\0');
    expect(await store.get!('a\0')).toBeUndefined();
    expect((await store.get!('a'))?.totalHits).toBe(2);
  });
}

describe.skipIf(!RUN_PGLITE)('postgres rate-limit store (PGlite)', () => storeTests(pglite.get));

// The real server runs only where LEADBOOK_TEST_DATABASE_URL names one (CI sets it).
describe.skipIf(!SERVER_URL)('postgres rate-limit store (server)', () => {
  storeTests(server.get);

  it('40 concurrent increments through two pools count 1 to 40, each once', async () => {
    const db = await server.get();
    const other = await openServer(SERVER_URL!, 10);
    try {
      const { open } = await stores(db, 60_000);
      const [a, b] = [open(), open(other.pool)];
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => hits(i % 2 ? a : b, 'k')));
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      await other.close();
    }
  });
});

/** Every public form route, at a form id that cannot be a form's. */
const publicRoutesAt = (id: string) =>
  Object.values(operations)
    .filter((operation) => operation.surface === 'public-form')
    .map((operation) => ({ method: operation.method, path: operation.path.replace(':id', id) }));

function publicIdTests(database: () => Promise<TestDatabase>) {
  afterEach(async () => (await database()).dropSchemas());

  it('a form id with a NUL byte answers 404 Form not found on every public route, and counts nothing', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_rl');
    const service = await createConnectService({
      storage: await createPostgresStorage({ pool: db.pool, schema }),
      scheduler: inertScheduler,
      rateLimit: {
        store: (name) => createPostgresRateLimitStore({ pool: db.pool, schema, prefix: `${name}:` }),
      },
    });
    try {
      for (const id of ['%00', `${randomUUID()}%00`, 'a%00b', '%00%00']) {
        for (const { method, path } of publicRoutesAt(id)) {
          const response = await service.fetch(
            new Request(`http://leadbook.test${path}`, {
              method,
              headers: { origin: 'https://www.example.com', 'content-type': 'application/json' },
              ...(method === 'POST' ? { body: '{}' } : {}),
            }),
            { clientIp: '203.0.113.7' },
          );
          expect([method, path, response.status, await response.json()]).toEqual([
            method,
            path,
            404,
            { statusCode: 404, message: ErrorMessages.formNotFound },
          ]);
          expect(response.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
        }
      }
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM "${schema}".rate_limits`);
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await service.close();
    }
  });
}

describe.skipIf(!RUN_PGLITE)('public form ids on the postgres rate-limit store (PGlite)', () =>
  publicIdTests(pglite.get),
);

describe.skipIf(!SERVER_URL)('public form ids on the postgres rate-limit store (server)', () =>
  publicIdTests(server.get),
);

describe('two services sharing the store (PGlite)', () => {
  const services: ConnectService[] = [];
  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
    await (await pglite.get()).dropSchemas();
  });

  it("40 GETs of one form's config from one client, split across two services, get exactly 30 answers; its other endpoints keep their own budgets", async () => {
    const db = await pglite.get();
    const schema = db.freshSchema('leadbook_rl');
    const { formId } = await seedScenario(db.pool, schema);
    const bossSchema = db.freshSchema('pgboss_rl');
    for (let i = 0; i < 2; i++) {
      services.push(
        await createConnectService({
          storage: await createPostgresStorage({ pool: db.pool, schema }),
          scheduler: createPgBossScheduler({ pool: db.pool, schema: bossSchema }),
          rateLimit: {
            store: (name) => createPostgresRateLimitStore({ pool: db.pool, schema, prefix: `${name}:` }),
          },
        }),
      );
    }
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        services[i % 2]!.fetch(new Request(`http://leadbook.test/public/forms/${formId}/config`), {
          clientIp: '203.0.113.7',
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(responses.find((response) => response.status === 429)?.headers.get('retry-after')).toMatch(
      /^\d+$/,
    );
    for (const [i, endpoint] of ['availability', 'appointment-types'].entries()) {
      const other = await services[i]!.fetch(
        new Request(`http://leadbook.test/public/forms/${formId}/${endpoint}`),
        { clientIp: '203.0.113.7' },
      );
      expect([endpoint, other.headers.get('ratelimit')]).toEqual([
        endpoint,
        expect.stringMatching(/^limit=30, remaining=29, reset=\d+$/),
      ]);
    }
  });
});
