import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { SqlConnection } from './connection';
import { applyMigrations, MIGRATIONS } from './migrations';

// The next version after the newest (versions may skip numbers a branch reserved).
const NEXT = MIGRATIONS.at(-1)!.version + 1;

const openMemory = async () => new SqlConnection(new (await initSqlJs()).Database());

describe('sql.js migrations', () => {
  it('applies every migration once and records it', async () => {
    const connection = await openMemory();
    expect(applyMigrations(connection)).toBe(MIGRATIONS.length);
    expect(applyMigrations(connection)).toBe(0);
    const rows = connection.all('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    connection.close();
  });

  it('applies only the missing ones, in order', async () => {
    const connection = await openMemory();
    const extra = [...MIGRATIONS, { version: NEXT, name: 'add notes', sql: 'CREATE TABLE notes (id TEXT)' }];
    applyMigrations(connection);
    expect(applyMigrations(connection, extra)).toBe(1);
    expect(connection.all("SELECT name FROM sqlite_master WHERE name = 'notes'")).toHaveLength(1);
    connection.close();
  });

  it('rolls back a failing migration and reports it', async () => {
    const connection = await openMemory();
    const broken = [...MIGRATIONS, { version: NEXT, name: 'broken', sql: 'CREATE TABLE a (x); NOT SQL' }];
    expect(() => applyMigrations(connection, broken)).toThrow(`migration ${NEXT} (broken) failed`);
    expect(connection.all("SELECT name FROM sqlite_master WHERE name = 'a'")).toEqual([]);
    expect(applyMigrations(connection)).toBe(0);
    connection.close();
  });

  it('refuses a database from a newer schema', async () => {
    const connection = await openMemory();
    applyMigrations(connection);
    connection.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')");
    expect(() => applyMigrations(connection)).toThrow(/schema version 99, newer/);
    connection.close();
  });

  it('migration 4 keeps the deliveries of a version 3 database, in order, and lets form_id be null', async () => {
    const connection = await openMemory();
    applyMigrations(connection, MIGRATIONS.slice(0, 3));
    const insert =
      'INSERT INTO webhook_deliveries (id, organization_id, form_id, submission_id, doc) VALUES (?, ?, ?, ?, ?)';
    connection.run(insert, ['d2', 'org', 'f', 's2', '{"id":"d2"}']);
    connection.run(insert, ['d1', 'org', 'f', 's1', '{"id":"d1"}']);
    expect(applyMigrations(connection)).toBe(MIGRATIONS.length - 3);
    connection.run(
      'INSERT INTO webhook_deliveries (id, organization_id, subscription_id, doc) VALUES (?, ?, ?, ?)',
      ['d3', 'org', 'sub', '{"id":"d3"}'],
    );
    expect(
      connection.all('SELECT id, form_id, subscription_id FROM webhook_deliveries ORDER BY seq'),
    ).toEqual([
      { id: 'd2', form_id: 'f', subscription_id: null },
      { id: 'd1', form_id: 'f', subscription_id: null },
      { id: 'd3', form_id: null, subscription_id: 'sub' },
    ]);
    const plan = connection.all(
      `EXPLAIN QUERY PLAN SELECT doc FROM webhook_deliveries
       WHERE organization_id = ? AND subscription_id = ? ORDER BY seq DESC LIMIT 10`,
      ['org', 'sub'],
    );
    expect(plan.map((row) => String(row['detail'])).join('\n')).toMatch(/webhook_deliveries_by_subscription/);
    connection.close();
  });

  it('indexes the booking overlap query', async () => {
    const connection = await openMemory();
    applyMigrations(connection);
    const plan = connection.all(
      `EXPLAIN QUERY PLAN SELECT doc FROM bookings
       WHERE organization_id = ? AND resource_id IN (SELECT value FROM json_each(?)) AND start_ms < ? AND end_ms > ?`,
      ['org', '["r"]', 2, 1],
    );
    expect(plan.map((row) => String(row['detail'])).join('\n')).toMatch(
      /USING (COVERING )?INDEX bookings_by_resource/,
    );
    connection.close();
  });

  it('answers the capacity check from the index alone, ids and buffers included', async () => {
    const connection = await openMemory();
    applyMigrations(connection);
    const plan = connection.all(
      `EXPLAIN QUERY PLAN SELECT id, resource_id, start_ms, end_ms, buffer_before_ms, buffer_after_ms
       FROM bookings WHERE organization_id = ? AND resource_id IN (SELECT value FROM json_each(?))
       AND start_ms < ? AND start_ms > ? - 3600000 AND end_ms > ? ORDER BY start_ms, seq`,
      ['org', '["r"]', 2, 1, 1],
    );
    expect(plan.map((row) => String(row['detail'])).join('\n')).toMatch(
      /USING COVERING INDEX bookings_by_resource/,
    );
    connection.close();
  });

  it('migration 7 gives the blockers a database already holds their times, as Date.parse reads them', async () => {
    const connection = await openMemory();
    applyMigrations(
      connection,
      MIGRATIONS.filter(({ version }) => version < 7),
    );
    const times = [
      ['2026-03-29T00:30:00.000Z', '2026-03-29T03:15:00.250Z'],
      ['2026-03-29T02:30:00+02:00', '2026-10-25T02:30:00.5-04:30'],
    ];
    for (const [i, [start, end]] of times.entries()) {
      const doc = JSON.stringify({ id: `b${i}`, startDateTime: start, endDateTime: end });
      connection.run(
        "INSERT INTO blockers (id, organization_id, calendar_id, resource_id, doc) VALUES (?, 'org', 'cal', NULL, ?)",
        [`b${i}`, doc],
      );
    }
    expect(applyMigrations(connection)).toBe(MIGRATIONS.length - 6);
    expect(connection.all('SELECT start_ms, end_ms FROM blockers ORDER BY id')).toEqual(
      times.map(([start, end]) => ({ start_ms: Date.parse(start!), end_ms: Date.parse(end!) })),
    );
    connection.close();
  });
});
