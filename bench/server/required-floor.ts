/**
 * The floor of the work a lead-writing route cannot leave out, a breakdown for the POST and PATCH
 * goals of issue 21: the storage floor's writes (see `storage-floor.ts`) plus what the spec requires of the
 * route besides them, written as directly as a bare Express route can: the Bearer token's digest
 * and its lookup, the body's schema, the pool's existence, its data schema read and the inference
 * of the new keys, and the webhook subscriptions the events would go to. Reads go through the same
 * connection (and its read cache) as the service's. What it leaves out (error envelopes, request
 * ids, the unit of work) is the service's own design; the gap between the two is what the design
 * costs, and the gap between this and the storage floor is what no implementation can avoid.
 */
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import express from 'express';
import type { ConnectService } from '@leadbook/server';
import {
  CreateTableEntryBodySchema,
  PatchTableEntryBodySchema,
  type CreateTableEntryBody,
} from '@leadbook/contract';
import type { TableEntryRecord } from '../../packages/server/src/ports/records';
import { jsonParam, type SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import { digestToken } from '../../packages/server/src/core/tokens';
import {
  applySchemaInference,
  type InferredFieldDescriptor,
} from '../../packages/server/src/domain/leads/schema-inference';
import { applyMergePatch } from '../../packages/server/src/domain/leads/merge-patch';

/** How the benchmarks name this route in their breakdown rows. */
export const REQUIRED_LABEL = 'the same writes plus the reads and checks the spec requires';

/**
 * Mounts `POST path` and `PATCH path/:id` on `app`, over the floor's `connection`: it copies the
 * API token, the lead pool and its data schema of the sample entry from the service into the
 * floor's database, then answers like the storage floor's routes after the checks above (a PATCH
 * also reads the entry it merges into).
 */
export async function mountRequiredWork(
  app: Express,
  connection: SqlConnection,
  service: ConnectService,
  sample: { token: string; entry: TableEntryRecord; events: Array<{ type: string; payload: object }> },
  path: string,
): Promise<void> {
  const { organizationId, tableId } = sample.entry;
  const { token, pool, schema } = await service.storage.transaction(async (tx) => ({
    token: await tx.apiTokens.findByDigest(digestToken(sample.token)),
    pool: await tx.tables.get(organizationId, tableId),
    schema: await tx.tableSchemas.get(organizationId, tableId),
  }));
  if (!token || !pool || !schema)
    throw new Error('required-work floor: the sample token, pool or schema is missing');
  connection.run(
    'INSERT INTO api_tokens (id, organization_id, digest, doc) VALUES (?, ?, ?, CAST(? AS TEXT))',
    [token.id, organizationId, token.digest, jsonParam(token)],
  );
  connection.run('INSERT INTO lead_tables (id, organization_id, doc) VALUES (?, ?, CAST(? AS TEXT))', [
    pool.id,
    organizationId,
    jsonParam(pool),
  ]);
  const run = (sql: string, params: Parameters<SqlConnection['run']>[1]) => connection.run(sql, params);
  const doc = (row: Record<string, unknown> | undefined) =>
    row === undefined ? undefined : JSON.parse(String(row['doc']));

  const schemaSql = 'SELECT doc FROM table_schemas WHERE organization_id = ? AND table_id = ?';
  const saveSchema = (org: string, tableId: string, schema: object) =>
    run(
      `INSERT INTO table_schemas (organization_id, table_id, doc) VALUES (?, ?, CAST(? AS TEXT))
       ON CONFLICT (organization_id, table_id) DO UPDATE SET doc = excluded.doc`,
      [org, tableId, jsonParam(schema)],
    );
  // The pool's data schema checks and learns `data`'s keys: the new schema is saved, the data
  // returned (undefined when a value has the wrong type: a 400).
  const infer = (org: string, tableId: string, data: Record<string, unknown>, now: string) => {
    const stored = doc(connection.get(schemaSql, [org, tableId]));
    const fields = (stored?.fields ?? {}) as Record<string, InferredFieldDescriptor>;
    const inferred = applySchemaInference(fields, data, now, { coerce: false });
    if (!inferred.ok) return undefined;
    saveSchema(org, tableId, { ...stored, updatedAt: now, fields: inferred.fields });
    return inferred.data;
  };
  saveSchema(organizationId, tableId, schema);
  const poolOf = (org: string, id: string) =>
    doc(connection.get('SELECT doc FROM lead_tables WHERE organization_id = ? AND id = ?', [org, id]));

  // The transaction of one POST; a failed check answers 400 and writes nothing.
  const create = (org: string, input: CreateTableEntryBody, now: string): TableEntryRecord | undefined => {
    const table = poolOf(org, input.tableId);
    const data = table && infer(org, table.id, input.data, now);
    if (!data) return undefined;
    const entry = { ...sample.entry, id: randomUUID(), data, createdAt: now, updatedAt: now };
    run(
      'INSERT INTO table_entries (id, organization_id, table_id, lead_state_id, appointment_type_id, doc) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT))',
      [entry.id, org, entry.tableId, input.leadStateId, null, jsonParam(entry)],
    );
    // Where the events would be delivered: no subscription in the studio, but it must be looked up.
    connection.all('SELECT doc FROM webhook_subscriptions WHERE organization_id = ? ORDER BY seq', [org]);
    for (const event of sample.events) {
      const record = { ...event, id: randomUUID(), occurredAt: now, payload: { ...event.payload, entry } };
      run('INSERT INTO activity (id, organization_id, type, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
        record.id,
        org,
        record.type,
        jsonParam(record),
      ]);
    }
    return entry;
  };

  // The transaction of one PATCH of `data`: the entry is read to merge into, as RFC 7396 needs.
  const update = (org: string, id: string, patch: Record<string, unknown>, now: string) => {
    const entry = doc(
      connection.get('SELECT doc FROM table_entries WHERE organization_id = ? AND id = ?', [org, id]),
    );
    const table = entry && poolOf(org, entry.tableId);
    const data = table && infer(org, table.id, patch, now);
    if (!data) return undefined;
    const next = { ...entry, data: applyMergePatch(entry.data, data), updatedAt: now };
    run(
      'UPDATE table_entries SET table_id = ?, lead_state_id = ?, appointment_type_id = ?, doc = CAST(? AS TEXT) WHERE organization_id = ? AND id = ?',
      [next.tableId, next.leadStateId, null, jsonParam(next), org, id],
    );
    return next as TableEntryRecord;
  };

  // Auth first, then the body, then one transaction; any failure answers without writing.
  const answer = (
    req: express.Request,
    res: express.Response,
    status: number,
    parse: (body: unknown) => { success: boolean },
    transaction: (org: string, now: string) => TableEntryRecord | undefined,
  ) => {
    const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const auth = doc(connection.get('SELECT doc FROM api_tokens WHERE digest = ?', [digestToken(bearer)]));
    if (!auth || auth.revokedAt !== null || !auth.scopes.includes('write')) return void res.sendStatus(401);
    if (!parse(req.body).success) return void res.sendStatus(400);
    run('BEGIN', []);
    let entry: TableEntryRecord | undefined;
    try {
      entry = transaction(auth.organizationId, new Date().toISOString());
    } finally {
      run(entry ? 'COMMIT' : 'ROLLBACK', []);
    }
    if (entry) res.status(status).json(entry);
    else res.sendStatus(400);
  };

  app.post(path, express.json(), (req, res) =>
    answer(
      req,
      res,
      201,
      (body) => CreateTableEntryBodySchema.safeParse(body),
      (org, now) => create(org, req.body as CreateTableEntryBody, now),
    ),
  );
  app.patch(`${path}/:id`, express.json(), (req, res) =>
    answer(
      req,
      res,
      200,
      (body) => PatchTableEntryBodySchema.safeParse(body),
      (org, now) => update(org, req.params.id, req.body.data, now),
    ),
  );
}
