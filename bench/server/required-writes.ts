/**
 * What the required-work floors (`required-floor.ts`) share: the sample's lead pool, its data
 * schema and lead states copied from the service into a storage floor's database, and the reads,
 * the schema inference and the writes of one lead entry, over the floor's connection (and its read
 * cache, as the service's reads go through its own).
 */
import { randomUUID } from 'node:crypto';
import type { ConnectService } from '@leadbook/server';
import type { TableEntryRecord } from '../../packages/server/src/ports/records';
import { jsonParam, type SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import {
  applySchemaInference,
  type InferredFieldDescriptor,
} from '../../packages/server/src/domain/leads/schema-inference';

/** The sample a floor copies: an entry the service wrote and the events it fired for it. */
export interface RequiredSample {
  entry: TableEntryRecord;
  events: Array<{ type: string; payload: object }>;
}

// Rows the read cache remembers come back as the same objects: each is parsed once, as the
// service's own storage does.
const parsed = new WeakMap<object, unknown>();

/** A stored document, parsed (undefined without a row). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench records, read field by field
export function docOf(row: Record<string, unknown> | undefined): any {
  if (row === undefined) return undefined;
  let doc = parsed.get(row);
  if (doc === undefined) parsed.set(row, (doc = JSON.parse(String(row['doc']))));
  return doc;
}

/** Copies what the entry's writes need and returns the helpers of one request's transaction. */
export async function requiredWrites(
  connection: SqlConnection,
  service: ConnectService,
  sample: RequiredSample,
) {
  const { organizationId, tableId } = sample.entry;
  const { pool, schema, states } = await service.storage.transaction(async (tx) => ({
    pool: await tx.tables.get(organizationId, tableId),
    schema: await tx.tableSchemas.get(organizationId, tableId),
    states: await tx.leadStates.list(organizationId, { tableId }),
  }));
  if (!pool || !schema) throw new Error('required-work floor: the sample pool or schema is missing');
  const run = (sql: string, params: Parameters<SqlConnection['run']>[1]) => connection.run(sql, params);
  const saveSchema = (org: string, id: string, doc: object) =>
    run(
      `INSERT INTO table_schemas (organization_id, table_id, doc) VALUES (?, ?, CAST(? AS TEXT))
       ON CONFLICT (organization_id, table_id) DO UPDATE SET doc = excluded.doc`,
      [org, id, jsonParam(doc)],
    );
  run('INSERT INTO lead_tables (id, organization_id, doc) VALUES (?, ?, CAST(? AS TEXT))', [
    pool.id,
    organizationId,
    jsonParam(pool),
  ]);
  saveSchema(organizationId, tableId, schema);
  for (const state of states) {
    run('INSERT INTO lead_states (id, organization_id, table_id, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
      state.id,
      organizationId,
      tableId,
      jsonParam(state),
    ]);
  }

  return {
    run,
    /** The pool `id` of `org`, or undefined. */
    pool: (org: string, id: string) =>
      docOf(connection.get('SELECT doc FROM lead_tables WHERE organization_id = ? AND id = ?', [org, id])),
    /** The pool's lead states. */
    leadStates: (org: string, id: string) =>
      connection
        .all('SELECT doc FROM lead_states WHERE organization_id = ? AND table_id = ? ORDER BY seq', [org, id])
        .map(docOf),
    /**
     * The pool's data schema checks and learns `data`'s keys: the schema is saved and the data
     * returned, or undefined for a value of the wrong type (a 400, nothing saved).
     */
    infer(org: string, id: string, data: Record<string, unknown>, now: string, coerce: boolean) {
      const stored = docOf(
        connection.get('SELECT doc FROM table_schemas WHERE organization_id = ? AND table_id = ?', [org, id]),
      );
      const fields = (stored?.fields ?? {}) as Record<string, InferredFieldDescriptor>;
      const inferred = applySchemaInference(fields, data, now, { coerce });
      if (!inferred.ok) return undefined;
      saveSchema(org, id, { ...stored, updatedAt: now, fields: inferred.fields });
      return inferred.data;
    },
    /** Writes a new entry and its events (after looking up where they would be delivered). */
    insert(entry: TableEntryRecord, now: string) {
      run(
        'INSERT INTO table_entries (id, organization_id, table_id, lead_state_id, appointment_type_id, doc) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT))',
        [entry.id, entry.organizationId, entry.tableId, entry.leadStateId, null, jsonParam(entry)],
      );
      // No subscription in the studio, but they must be looked up.
      connection.all('SELECT doc FROM webhook_subscriptions WHERE organization_id = ? ORDER BY seq', [
        entry.organizationId,
      ]);
      for (const event of sample.events) {
        const record = { ...event, id: randomUUID(), occurredAt: now, payload: { ...event.payload, entry } };
        run('INSERT INTO activity (id, organization_id, type, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
          record.id,
          entry.organizationId,
          record.type,
          jsonParam(record),
        ]);
      }
    },
    /** Runs `write` in one transaction: committed when it returns an entry, rolled back otherwise. */
    transaction(write: (now: string) => TableEntryRecord | undefined): TableEntryRecord | undefined {
      connection.control('BEGIN');
      let entry: TableEntryRecord | undefined;
      try {
        entry = write(new Date().toISOString());
      } finally {
        connection.control(entry ? 'COMMIT' : 'ROLLBACK');
      }
      return entry;
    },
  };
}
