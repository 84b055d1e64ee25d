/**
 * The storage floor of a lead-writing route, the baseline of the write goals of the HTTP
 * benchmarks: bare Express 5 routes that make only the sql.js writes the service's routes make. A
 * POST writes `BEGIN`, the entry row, the pool schema upsert, one activity row per event and
 * `COMMIT`; a PATCH (of data, lead state unchanged) updates the entry row and upserts the schema.
 * They use prepared statements on a database with the service's own schema and pragmas, and write
 * documents cloned from what the service stored for a sample request, so the bytes match. They have
 * no auth, validation, reads, events or error envelope: what they cost, the goal's route cannot
 * avoid with this storage.
 */
import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import type { ConnectService } from '@leadbook/server';
import type {
  ActivityRecord,
  TableEntryRecord,
  TableSchemaRecord,
} from '../../packages/server/src/ports/records';
import { jsonParam, SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import { loadSqlJs } from '../../packages/server/src/adapters/sqljs/load-sql-js';
import { applyMigrations } from '../../packages/server/src/adapters/sqljs/migrations';

/** How the benchmarks name the floor route in their breakdown rows. */
export const FLOOR_LABEL = 'a bare Express route doing only the same sql.js writes';

/** What the service stored for one sample request. */
export interface StoredWrites {
  entry: TableEntryRecord;
  schema: TableSchemaRecord;
  events: ActivityRecord[];
}

/** Reads the entry `entryId`, its pool's schema and the `eventCount` newest activity rows. */
async function storedWrites(
  service: ConnectService,
  organizationId: string,
  entryId: string,
  eventCount: number,
): Promise<StoredWrites> {
  return service.storage.transaction(async (tx) => {
    const entry = await tx.entries.get(organizationId, entryId);
    if (!entry) throw new Error(`storage floor: entry ${entryId} not found`);
    const schema = await tx.tableSchemas.get(organizationId, entry.tableId);
    if (!schema) throw new Error(`storage floor: no schema for pool ${entry.tableId}`);
    const events = await tx.activity.list(organizationId, { limit: eventCount });
    return { entry, schema, events: events.reverse() };
  });
}

/** A fresh in-memory database with the service's pragmas and schema, for a floor's raw writes. */
export async function floorConnection(): Promise<SqlConnection> {
  const connection = new SqlConnection(new (await loadSqlJs()).Database());
  connection.applyPragmas();
  applyMigrations(connection);
  return connection;
}

/**
 * Mounts `POST path` and `PATCH path/:id` on a bare Express app. The POST parses the body, makes
 * the same writes as the service made for the sample request (fresh ids and times, the request's
 * `data`), and echoes the entry with 201. The PATCH merges the request's `data` into the sample
 * entry (stored in the floor's database at start, as `:id`) and makes the writes of a data patch.
 * Returns the app, its database connection (tests compare the stored bytes) and what it copies.
 */
export async function storageFloorApp(
  service: ConnectService,
  sample: { organizationId: string; entryId: string; eventCount: number },
  path: string,
): Promise<{ app: Express; connection: SqlConnection; stored: StoredWrites }> {
  const stored = await storedWrites(service, sample.organizationId, sample.entryId, sample.eventCount);
  const connection = await floorConnection();
  const run = (sql: string, params: Parameters<SqlConnection['run']>[1] = []) => connection.run(sql, params);
  const insertEntry = (entry: TableEntryRecord) =>
    run(
      'INSERT INTO table_entries (id, organization_id, table_id, lead_state_id, appointment_type_id, doc) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT))',
      [entry.id, entry.organizationId, entry.tableId, entry.leadStateId, null, jsonParam(entry)],
    );
  const saveSchema = (entry: TableEntryRecord) =>
    run(
      `INSERT INTO table_schemas (organization_id, table_id, doc) VALUES (?, ?, CAST(? AS TEXT))
       ON CONFLICT (organization_id, table_id) DO UPDATE SET doc = excluded.doc`,
      [entry.organizationId, entry.tableId, jsonParam(stored.schema)],
    );
  insertEntry(stored.entry);

  const app = express();
  app.post(path, express.json(), (req, res) => {
    const now = new Date().toISOString();
    const entry = { ...stored.entry, id: randomUUID(), data: req.body.data, createdAt: now, updatedAt: now };
    connection.control('BEGIN');
    insertEntry(entry);
    saveSchema(entry);
    for (const event of stored.events) {
      const record = { ...event, id: randomUUID(), occurredAt: now, payload: { ...event.payload, entry } };
      run('INSERT INTO activity (id, organization_id, type, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
        record.id,
        record.organizationId,
        record.type,
        jsonParam(record),
      ]);
    }
    connection.control('COMMIT');
    res.status(201).json(entry);
  });
  app.patch(`${path}/:id`, express.json(), (req, res) => {
    const entry = {
      ...stored.entry,
      id: req.params.id,
      data: { ...stored.entry.data, ...req.body.data },
      updatedAt: new Date().toISOString(),
    };
    connection.control('BEGIN');
    run(
      'UPDATE table_entries SET table_id = ?, lead_state_id = ?, appointment_type_id = ?, doc = CAST(? AS TEXT) WHERE organization_id = ? AND id = ?',
      [entry.tableId, entry.leadStateId, null, jsonParam(entry), entry.organizationId, entry.id],
    );
    saveSchema(entry);
    connection.control('COMMIT');
    res.json(entry);
  });
  return { app, connection, stored };
}
