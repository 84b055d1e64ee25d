/**
 * Fingerprints of what a storage holds, to prove that a refused request wrote nothing: one entry per
 * table, its row count and an order-independent hash of its rows, read with SQL from the database
 * itself rather than through the storage port (which could hide what it wrote).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { SqlJsStorage, StorageAdapter } from '@leadbook/server';

/** What a storage holds at one moment. */
export interface StorageSnapshot {
  /** Equal keys mean equal contents; different keys may still hold the same rows. */
  readonly key: string;
  /** Table name to `rows:hash`, read when two keys differ. */
  tables(): Promise<ReadonlyMap<string, string>>;
}

/** Reads snapshots of one storage. */
export interface StorageProbe {
  /**
   * The storage to give the service: the probed one, watched for read-write transactions. Until
   * one starts, the last snapshot still holds, so a request refused before any write was tried
   * costs no read at all; one that tried gets its snapshot compared with the one before.
   */
  readonly storage: StorageAdapter;
  /** A snapshot of every table now. */
  snapshot(): Promise<StorageSnapshot>;
}

/** `read` behind the watch of {@link StorageProbe.storage}. */
function watched(inner: StorageAdapter, read: () => Promise<StorageSnapshot>): StorageProbe {
  // Bumped when a read-write transaction starts and when it ends: a snapshot is kept only while
  // the count stays what it was when the snapshot was read.
  let writes = 0;
  let last: { writes: number; snapshot: StorageSnapshot } | undefined;
  return {
    storage: {
      name: inner.name,
      close: () => inner.close(),
      transaction: async (fn, options) => {
        if (options?.readOnly) return inner.transaction(fn, options);
        writes++;
        try {
          return await inner.transaction(fn, options);
        } finally {
          writes++;
        }
      },
    },
    async snapshot() {
      if (last?.writes === writes) return last.snapshot;
      const before = writes;
      const snapshot = await read();
      if (writes === before) last = { writes, snapshot };
      return snapshot;
    },
  };
}

/** The tables whose rows differ between two snapshots. */
export async function changedTables(before: StorageSnapshot, after: StorageSnapshot): Promise<string[]> {
  if (before.key === after.key) return [];
  const [a, b] = [await before.tables(), await after.tables()];
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => a.get(name) !== b.get(name)).sort();
}

const sha1 = (data: Uint8Array | string) => createHash('sha1').update(data).digest('hex');

let sqlJs: Promise<SqlJsStatic> | undefined;

/**
 * A probe of the sql.js storage. A snapshot is the database image (exported outside any
 * transaction) keyed by its hash; when two keys differ, the tables of both images are read and
 * compared (a write may leave the rows as they were).
 */
export function sqlJsProbe(inner: SqlJsStorage): StorageProbe {
  return watched(inner, async () => {
    const image = await exportWhenIdle(inner);
    let tables: Promise<Map<string, string>> | undefined;
    return { key: sha1(image), tables: () => (tables ??= readTables(image)) };
  });
}

async function readTables(image: Uint8Array): Promise<Map<string, string>> {
  const db = new (await (sqlJs ??= initSqlJs())).Database(image);
  try {
    const out = new Map<string, string>();
    const [tables] = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    for (const [name] of tables?.values ?? []) {
      const [result] = db.exec(`SELECT * FROM "${String(name)}"`);
      const rows = (result?.values ?? []).map((row) => JSON.stringify(row)).sort();
      out.set(String(name), `${rows.length}:${sha1(rows.join('\n'))}`);
    }
    return out;
  } finally {
    db.close();
  }
}

/** The image, once no transaction runs (work after a commit may still hold the storage). */
async function exportWhenIdle(storage: SqlJsStorage): Promise<Uint8Array> {
  for (let attempt = 0; ; attempt++) {
    try {
      return storage.exportBytes();
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** What the PostgreSQL probe needs of a `pg.Pool`. */
export interface Queryable {
  query(text: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * A probe of the PostgreSQL `storage` working in `schema`: per table, `count(*)` and the sum of a
 * 64-bit hash of each row's text (order-independent, so no sort), read through `db` rather than
 * the storage. The table list is read once, after the storage migrated.
 */
export function postgresProbe(storage: StorageAdapter, db: Queryable, schema: string): StorageProbe {
  let sql: string | undefined;
  return watched(storage, async () => {
    if (!sql) {
      const { rows } = await db.query(
        `SELECT tablename FROM pg_tables WHERE schemaname = '${schema}' ORDER BY tablename`,
      );
      sql = rows
        .map(({ tablename }) => {
          const table = `"${schema}"."${String(tablename)}"`;
          return `SELECT '${String(tablename)}' AS name, count(*) AS n, coalesce(sum(hashtextextended(t::text, 0)), 0) AS h FROM ${table} t`;
        })
        .join(' UNION ALL ');
    }
    const { rows } = await db.query(sql);
    const tables = new Map(
      rows.map((row) => [String(row['name']), `${String(row['n'])}:${String(row['h'])}`]),
    );
    return { key: JSON.stringify([...tables]), tables: async () => tables };
  });
}
