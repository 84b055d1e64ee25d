import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SqlConnection, type Row } from './connection';
import { loadSqlJs } from './load-sql-js';
import type { ApiTokenRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { createSqlJsStorage } from './index';

const token = (digest: string): ApiTokenRecord => ({
  id: `tok_${digest}`,
  organizationId: 'org_1',
  name: 'test',
  digest,
  scopes: ['read'],
  createdAt: '2026-01-01T00:00:00.000Z',
  revokedAt: null,
});

const SCHEMA = `
CREATE TABLE a (id TEXT PRIMARY KEY, v INTEGER NOT NULL);
CREATE TABLE b (id TEXT PRIMARY KEY, v INTEGER NOT NULL);
CREATE TABLE stats (id INTEGER PRIMARY KEY, total INTEGER NOT NULL);
INSERT INTO stats VALUES (1, 0);
CREATE TRIGGER b_total AFTER INSERT ON b BEGIN UPDATE stats SET total = total + NEW.v WHERE id = 1; END;
`;

/** A connection over a fresh database, and a way to read it past the cache. */
async function open() {
  const db = new (await loadSqlJs()).Database();
  const connection = new SqlConnection(db);
  connection.exec(SCHEMA);
  const direct = (sql: string, params: Array<string | number> = []): Row[] => {
    const statement = db.prepare(sql);
    statement.bind(params);
    const rows: Row[] = [];
    while (statement.step()) rows.push(statement.getAsObject());
    statement.free();
    return rows;
  };
  return { connection, direct };
}

const JOIN = 'SELECT a.id, a.v AS av, b.v AS bv FROM a JOIN b ON b.id = a.id ORDER BY a.id';

const READS = [
  'SELECT id, v FROM a ORDER BY id',
  'SELECT id, v FROM b ORDER BY id',
  'SELECT total FROM stats WHERE id = 1',
  'SELECT (SELECT COUNT(*) FROM a) + (SELECT COUNT(*) FROM b) AS n',
  JOIN,
  'SELECT id FROM a WHERE id IN (SELECT id FROM b WHERE v > 3) ORDER BY id',
] as const;

describe('sql.js read cache', () => {
  it('reads the new rows of a JOIN written after an UPDATE of the joined table', async () => {
    const { connection } = await open();
    connection.run('INSERT INTO a VALUES (?, ?)', ['x', 1]);
    connection.run('INSERT INTO b VALUES (?, ?)', ['x', 10]);
    expect(connection.all(JOIN)).toEqual([{ id: 'x', av: 1, bv: 10 }]);
    connection.run('UPDATE b SET v = ? WHERE id = ?', [20, 'x']);
    expect(connection.all(JOIN)).toEqual([{ id: 'x', av: 1, bv: 20 }]);
    connection.run('DELETE FROM b WHERE id = ?', ['x']);
    expect(connection.get(JOIN)).toBeUndefined();
  });

  it('answers a repeated read without running it, until a write of a table it reads', async () => {
    const { connection } = await open();
    connection.run('INSERT INTO a VALUES (?, ?)', ['x', 1]);
    expect(connection.all(READS[0])).toEqual([{ id: 'x', v: 1 }]);
    const before = connection.statementCount();
    expect(connection.all(READS[0])).toEqual([{ id: 'x', v: 1 }]);
    expect(connection.all(READS[0])).toEqual([{ id: 'x', v: 1 }]);
    // Neither read ran: both came from the cache.
    expect(connection.statementCount() - before).toBe(0);
    // A write of another table keeps it.
    connection.run('UPDATE stats SET total = ? WHERE id = ?', [2, 99]);
    expect(connection.all(READS[0])).toEqual([{ id: 'x', v: 1 }]);
    expect(connection.statementCount() - before).toBe(1);
    // A write of the table forgets it, whether it changed rows or not.
    connection.run('UPDATE a SET v = ? WHERE id = ?', [5, 'nobody']);
    expect(connection.all(READS[0])).toEqual([{ id: 'x', v: 1 }]);
    expect(connection.statementCount() - before).toBe(3);
    // So does a DELETE without WHERE (SQLite empties the table without opening a cursor on it).
    connection.run('DELETE FROM a');
    expect(connection.all(READS[0])).toEqual([]);
    expect(connection.statementCount() - before).toBe(5);
    // A schema change forgets everything.
    connection.exec('CREATE TABLE c (id TEXT)');
    expect(connection.all(READS[0])).toEqual([]);
    expect(connection.statementCount() - before).toBe(7);
  });

  it('forgets a read of a table only a trigger writes, or only a subquery reads', async () => {
    const { connection } = await open();
    const total = READS[2];
    const inList = 'SELECT id FROM a WHERE id IN (SELECT id FROM b WHERE v > ?) ORDER BY id';
    connection.run('INSERT INTO a VALUES (?, ?)', ['x', 1]);
    expect(connection.get(total)).toEqual({ total: 0 });
    expect(connection.all(inList, [0])).toEqual([]);
    // Inserting into b fires the trigger that updates stats.
    connection.run('INSERT INTO b VALUES (?, ?)', ['x', 7]);
    expect(connection.get(total)).toEqual({ total: 7 });
    expect(connection.all(inList, [0])).toEqual([{ id: 'x' }]);
  });

  it('sees what a trigger changed and forgets what a rollback undid', async () => {
    const { connection } = await open();
    expect(connection.get(READS[2])).toEqual({ total: 0 });
    connection.run('INSERT INTO b VALUES (?, ?)', ['y', 7]);
    expect(connection.get(READS[2])).toEqual({ total: 7 });
    connection.control('BEGIN');
    connection.run('INSERT INTO a VALUES (?, ?)', ['x', 1]);
    expect(connection.all(READS[0])).toHaveLength(1);
    connection.control('ROLLBACK');
    expect(connection.all(READS[0])).toEqual([]);
    // Transaction control sent as an ordinary statement forgets everything too.
    connection.run('BEGIN');
    connection.run('INSERT INTO a VALUES (?, ?)', ['x', 1]);
    expect(connection.all(READS[0])).toHaveLength(1);
    connection.run('ROLLBACK');
    expect(connection.all(READS[0])).toEqual([]);
    connection.run('BEGIN');
    connection.run('SAVEPOINT s');
    connection.run('INSERT INTO a VALUES (?, ?)', ['x', 1]);
    expect(connection.all(READS[0])).toHaveLength(1);
    connection.run('ROLLBACK TO s');
    expect(connection.all(READS[0])).toEqual([]);
    connection.run('COMMIT');
  });

  it('hands out fresh arrays of frozen rows, and does not keep large results', async () => {
    const { connection } = await open();
    for (let i = 0; i < 70; i++) connection.run('INSERT INTO a VALUES (?, ?)', [`k${i}`, i]);
    const first = connection.all('SELECT id FROM a WHERE v < ? ORDER BY id', [3]);
    const second = connection.all('SELECT id FROM a WHERE v < ? ORDER BY id', [3]);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    expect(Object.isFrozen(second[0])).toBe(true);
    // Parameters are part of the key with their types: 3 and '3' are different reads.
    const typeOf = 'SELECT typeof(?) AS t FROM stats';
    expect([connection.get(typeOf, [3]), connection.get(typeOf, ['3'])]).toEqual([
      { t: 'integer' },
      { t: 'text' },
    ]);
    const before = connection.statementCount();
    connection.all(READS[0]);
    connection.all(READS[0]);
    expect(connection.statementCount() - before).toBe(2);
  });

  it('always returns what the database holds, over any sequence of writes, reads and rollbacks', async () => {
    const write = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        table: fc.constantFrom('a', 'b'),
        id: fc.constantFrom('p', 'q', 'r', 's'),
        v: fc.integer({ min: 0, max: 9 }),
      }),
      fc.record({
        kind: fc.constant('update' as const),
        table: fc.constantFrom('a', 'b'),
        v: fc.integer({ min: 0, max: 9 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), table: fc.constantFrom('a', 'b') }),
      fc.record({ kind: fc.constant('clear' as const), table: fc.constantFrom('a', 'b', 'stats') }),
    );
    const step = fc.oneof(
      write,
      fc.record({ kind: fc.constant('read' as const), sql: fc.constantFrom(...READS) }),
      fc.record({
        kind: fc.constant('transaction' as const),
        writes: fc.array(write, { maxLength: 3 }),
        commit: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const { connection, direct } = await open();
        const apply = (w: {
          kind: 'insert' | 'update' | 'delete' | 'clear';
          table: string;
          id?: string;
          v?: number;
        }) => {
          if (w.kind === 'insert')
            connection.run(`INSERT OR IGNORE INTO ${w.table} VALUES (?, ?)`, [w.id!, w.v!]);
          else if (w.kind === 'update') connection.run(`UPDATE ${w.table} SET v = ?`, [w.v!]);
          else if (w.kind === 'delete') connection.run(`DELETE FROM ${w.table} WHERE v < ?`, [5]);
          else connection.run(`DELETE FROM ${w.table}`);
        };
        for (const s of steps) {
          if (s.kind === 'read') expect(connection.all(s.sql)).toEqual(direct(s.sql));
          else if (s.kind === 'transaction') {
            connection.control('BEGIN');
            for (const w of s.writes) {
              apply(w);
              for (const sql of READS) expect(connection.all(sql)).toEqual(direct(sql));
            }
            connection.control(s.commit ? 'COMMIT' : 'ROLLBACK');
          } else apply(s);
          for (const sql of READS) expect(connection.all(sql)).toEqual(direct(sql));
        }
        connection.close();
      }),
      { numRuns: 200 },
    );
  });
});

describe('sql.js storage with the read cache', () => {
  it('counts statements as createSqlJsStorage documents: a repeated read runs no SELECT', async () => {
    const storage = await createSqlJsStorage();
    const list = () => storage.transaction((tx) => tx.calendars.list('org_1'));
    let before = storage.statementCount();
    await list();
    expect(storage.statementCount() - before).toBe(3);
    before = storage.statementCount();
    await list();
    expect(storage.statementCount() - before).toBe(2);
    await storage.close();
  });

  it('sees a revocation, and forgets what a rolled-back transaction wrote or read', async () => {
    const storage = await createSqlJsStorage();
    const find = (digest: string) =>
      storage.transaction((tx) => tx.apiTokens.findByDigest(digest), { readOnly: true });
    await storage.transaction((tx) => tx.apiTokens.create(token('aa')));
    expect((await find('aa'))?.revokedAt).toBeNull();
    await storage.transaction((tx) => tx.apiTokens.revoke('org_1', 'tok_aa', '2026-02-01T00:00:00.000Z'));
    expect((await find('aa'))?.revokedAt).toBe('2026-02-01T00:00:00.000Z');

    const rolledBack = async (fn: (tx: Repositories) => Promise<unknown>) =>
      expect(
        storage.transaction(async (tx) => {
          await fn(tx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    await rolledBack(async (tx) => {
      await tx.apiTokens.create(token('bb'));
      expect(await tx.apiTokens.findByDigest('bb')).not.toBeNull();
    });
    expect(await find('bb')).toBeNull();
    await storage.transaction((tx) => tx.apiTokens.create(token('cc')));
    await find('cc');
    await rolledBack(async (tx) => {
      await tx.apiTokens.revoke('org_1', 'tok_cc', '2026-02-01T00:00:00.000Z');
      expect((await tx.apiTokens.findByDigest('cc'))?.revokedAt).not.toBeNull();
    });
    expect((await find('cc'))?.revokedAt).toBeNull();

    // A remembered record is shared, so it is frozen all the way down: a caller cannot change
    // what the next one reads.
    const shared = (await find('cc'))!;
    expect(() => shared.scopes.push('admin')).toThrow(TypeError);
    expect(() => Object.assign(shared, { name: 'changed' })).toThrow(TypeError);
    expect((await find('cc'))!.scopes).toEqual(['read']);
    await storage.close();
  });
});
