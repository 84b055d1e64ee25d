/**
 * An application whose `@leadbook/server` is another installed copy than the one this package was
 * built against (a peer dependency resolved twice, ESM beside CJS): the two `StorageError` classes
 * are different objects, so the service must recognise a database failure by its brand.
 */
import { StorageError } from '@leadbook/server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresStorage } from '../src';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from './support/databases';

// This file's static imports (and the adapter's) are one copy; loading the server again after a
// module reset gives a second, separate copy, as a second install would.
async function secondCopyOfTheServer() {
  vi.resetModules();
  const server = await import('@leadbook/server');
  expect(server.StorageError).not.toBe(StorageError);
  return server;
}

const TOKEN = `service_live_${'ab'.repeat(32)}`;

function withDatabase(kind: string, database: () => Promise<TestDatabase>) {
  afterEach(async () => (await database()).dropSchemas());

  it(`${kind}: the other copy's isStorageError accepts the adapter's database failure`, async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_copies');
    const storage = await createPostgresStorage({ pool: db.pool, schema });
    await db.pool.query(`DROP TABLE "${schema}".calendars`);
    const failure: unknown = await storage.transaction((tx) => tx.calendars.list('org')).catch((e) => e);
    const app = await secondCopyOfTheServer();
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure).not.toBeInstanceOf(app.StorageError);
    expect(app.isStorageError(failure)).toBe(true);
    expect(app.isStorageError(new Error('not a database failure'))).toBe(false);
    await storage.close();
  });

  it(`${kind}: a database failure is a 500 DATABASE_ERROR from a service of the other copy`, async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_copies');
    const storage = await createPostgresStorage({ pool: db.pool, schema });
    const app = await secondCopyOfTheServer();
    const service = await app.createConnectService({ storage });
    try {
      // Every Connect request looks its token up first: that lookup now fails in the database.
      await db.pool.query(`DROP TABLE "${schema}".api_tokens`);
      const response = await service.fetch(
        new Request('http://leadbook.test/connect/calendar/', {
          headers: { authorization: `Bearer ${TOKEN}` },
        }),
      );
      expect(await response.json()).toMatchObject({ statusCode: 500, error: 'DATABASE_ERROR' });
      expect(response.status).toBe(500);
    } finally {
      await service.close();
    }
  });
}

describe('@leadbook/storage-postgres beside a second copy of @leadbook/server', () => {
  const pglite = lazily(openPglite);
  const server = lazily(() => openServer(SERVER_URL!));
  afterAll(async () => {
    await pglite.close();
    await server.close();
  });
  describe.skipIf(!RUN_PGLITE)('on PGlite', () => withDatabase('PGlite', pglite.get));
  describe.skipIf(!SERVER_URL)('on the real server', () => withDatabase('server', server.get));
});
