/**
 * A unit's connection ended by the server while the unit holds it (a PostgreSQL restart, an
 * administrator's pg_terminate_backend): the unit fails with a StorageError, the process lives on,
 * and the next unit runs on a new connection. pg reports the end as an 'error' event on the
 * checked-out client; unheard, that event ended the process (found by the soak's PostgreSQL
 * restart).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isStorageError } from '@leadbook/server';
import { createPostgresStorage } from '../src';
import { lazily, openServer, SERVER_URL } from './support/databases';

const server = lazily(() => openServer(SERVER_URL!));

afterAll(async () => {
  await server.close();
});

const NOBODY = '00000000-0000-4000-8000-000000000000';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Ending another session's connection needs a real server: this runs where LEADBOOK_TEST_DATABASE_URL
// names one (CI sets it).
describe.skipIf(!SERVER_URL)('a connection the server ends during a unit', () => {
  it('fails the unit, not the process, and the next unit gets a new connection', async () => {
    const db = await server.get();
    const schema = db.freshSchema('leadbook_ended');
    // One connection, named, so the other pool can find and end it.
    const pool = new pg.Pool({ connectionString: db.url, max: 1, application_name: schema });
    try {
      const storage = await createPostgresStorage({ pool, schema });
      const backends = async () =>
        (await db.pool.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [schema])).rows;
      const unit = storage.transaction(async (tx) => {
        await tx.organizations.get(NOBODY);
        await db.pool.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [schema],
        );
        // Once the backend is gone, its last message (the FATAL that pg turns into the 'error'
        // event) has reached this process; a few turns of the event loop later it was read.
        while ((await backends()).length > 0) await sleep(10);
        await sleep(50);
        return tx.organizations.get(NOBODY);
      });
      const error = await unit.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isStorageError(error)).toBe(true);
      await expect(storage.transaction((tx) => tx.organizations.get(NOBODY))).resolves.toBeNull();
    } finally {
      await pool.end();
      await db.dropSchemas();
    }
  });
});
