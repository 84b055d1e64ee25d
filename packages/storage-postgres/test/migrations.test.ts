import { StorageError } from '@leadbook/server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPostgresStorage, migrate, postgresMigrations } from '../src';
import {
  lazily,
  openPglite,
  openServer,
  RUN_PGLITE,
  SERVER_URL,
  type TestDatabase,
} from './support/databases';

const pglite = lazily(openPglite);
const server = lazily(() => openServer(SERVER_URL!));
afterAll(async () => {
  await pglite.close();
  await server.close();
});

async function tables(db: TestDatabase, schema: string): Promise<string[]> {
  const { rows } = await db.pool.query(
    'SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename',
    [schema],
  );
  return rows.map((row) => String(row['tablename']));
}

function migrationTests(database: () => Promise<TestDatabase>) {
  afterEach(async () => (await database()).dropSchemas());

  it('creates the schema, applies every migration once and records them', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_mig');
    expect(await migrate(db.pool, { schema })).toBe(postgresMigrations().length);
    expect(await migrate(db.pool, { schema })).toBe(0);
    const { rows } = await db.pool.query(
      `SELECT version, name FROM "${schema}".schema_migrations ORDER BY version`,
    );
    expect(rows).toEqual(postgresMigrations(schema).map(({ version, name }) => ({ version, name })));
    expect(await tables(db, schema)).toContain('bookings');
  });

  it('migration 6 gives the blockers a database already holds their times, as Date.parse reads them', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_mig');
    // A database at version 5, as an earlier release left it, with two blockers.
    await db.pool.query(`CREATE SCHEMA "${schema}"`);
    await db.pool.query(
      `CREATE TABLE "${schema}".schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const { version, name, sql } of postgresMigrations(schema).filter(({ version }) => version < 6)) {
      await db.pool.query(sql);
      await db.pool.query(`INSERT INTO "${schema}".schema_migrations (version, name) VALUES ($1, $2)`, [
        version,
        name,
      ]);
    }
    const times = [
      ['2026-03-29T00:30:00.000Z', '2026-03-29T03:15:00.250Z'],
      ['2026-03-29T02:30:00+02:00', '2026-10-25T02:30:00.5-04:30'],
    ];
    for (const [i, [start, end]] of times.entries()) {
      await db.pool.query(
        `INSERT INTO "${schema}".blockers (id, organization_id, calendar_id, resource_id, doc) VALUES ($1, 'org', 'cal', NULL, $2)`,
        [`b${i}`, JSON.stringify({ id: `b${i}`, startDateTime: start, endDateTime: end })],
      );
    }
    expect(await migrate(db.pool, { schema })).toBe(postgresMigrations().length - 5);
    const { rows } = await db.pool.query(`SELECT start_ms, end_ms FROM "${schema}".blockers ORDER BY id`);
    expect(rows.map((row) => [Number(row['start_ms']), Number(row['end_ms'])])).toEqual(
      times.map(([start, end]) => [Date.parse(start!), Date.parse(end!)]),
    );
  });

  it('instances migrating at once take turns: the migrations run once in all', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_mig');
    const applied = await Promise.all(Array.from({ length: 5 }, () => migrate(db.pool, { schema })));
    expect(applied.reduce((sum, count) => sum + count, 0)).toBe(postgresMigrations().length);
  });

  it('refuses a database at a newer schema version', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_mig');
    await migrate(db.pool, { schema });
    await db.pool.query(`INSERT INTO "${schema}".schema_migrations (version, name) VALUES (99, 'future')`);
    const error = await migrate(db.pool, { schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/version 99, newer than/);
  });

  it('a failing migration keeps nothing of the run', async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_mig');
    await db.pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".calendars (x int)`);
    const error = await migrate(db.pool, { schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/migration 1 \(initial schema\).*already exists/);
    expect(await tables(db, schema)).toEqual(['calendars']);
  });

  it("the storage's schemaStatus() reads how far the schema is migrated (for the health report)", async () => {
    const db = await database();
    const schema = db.freshSchema('leadbook_mig');
    const latest = postgresMigrations().at(-1)!.version;
    const storage = await createPostgresStorage({ pool: db.pool, schema, migrate: false });
    expect(await storage.schemaStatus()).toEqual({ applied: 0, latest });
    await db.pool.query(`CREATE SCHEMA "${schema}"`);
    await db.pool.query(
      `CREATE TABLE "${schema}".schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    expect(await storage.schemaStatus()).toEqual({ applied: 0, latest });
    for (const { version, name, sql } of postgresMigrations(schema).slice(0, 2)) {
      await db.pool.query(sql);
      await db.pool.query(`INSERT INTO "${schema}".schema_migrations (version, name) VALUES ($1, $2)`, [
        version,
        name,
      ]);
    }
    expect(await storage.schemaStatus()).toEqual({ applied: 2, latest });
    await migrate(db.pool, { schema });
    expect(await storage.schemaStatus()).toEqual({ applied: latest, latest });
    await storage.close();
    await expect(storage.schemaStatus()).rejects.toBeInstanceOf(StorageError);
  });

  it('the exported SQL, run by hand, builds the tables migrate() builds', async () => {
    const db = await database();
    const [byHand, byMigrate] = [db.freshSchema('leadbook_mig'), db.freshSchema('leadbook_mig')];
    await db.pool.query(`CREATE SCHEMA "${byHand}"`);
    for (const { sql } of postgresMigrations(byHand)) await db.pool.query(sql);
    await migrate(db.pool, { schema: byMigrate });
    expect([...(await tables(db, byHand)), 'schema_migrations'].sort()).toEqual(await tables(db, byMigrate));
  });
}

describe.skipIf(!RUN_PGLITE)('migrations (PGlite)', () => {
  migrationTests(pglite.get);

  it('schema names must be plain identifiers', () => {
    expect(() => postgresMigrations('leadbook"; DROP SCHEMA public; --')).toThrow(RangeError);
    expect(postgresMigrations('tenant_7')[0]?.sql).toContain('CREATE TABLE "tenant_7".organizations');
  });
});

// The real server runs only where LEADBOOK_TEST_DATABASE_URL names one (CI sets it).
describe.skipIf(!SERVER_URL)('migrations (server)', () => migrationTests(server.get));
