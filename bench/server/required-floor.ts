/**
 * The floor of the work a lead-writing route cannot leave out, a breakdown for the POST, PATCH and
 * ingress goals of issue 21: the storage floor's writes (see `storage-floor.ts`) plus what the
 * spec requires of the route besides them, written as directly as a bare Express route can: the
 * token's digest and its lookup, the body's schema, the pool (and, for ingress, its default lead
 * state), the data schema read and the inference of the new keys, a PATCH's read of the entry it
 * merges into, and the webhook subscriptions the events would go to. What it leaves out (error
 * envelopes, request ids, the unit of work) is the service's own design: the gap between the
 * service and this is what the design costs, and the gap between this and the storage floor is
 * what no implementation can avoid.
 */
import { randomUUID } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import express from 'express';
import type { ConnectService } from '@leadbook/server';
import {
  CreateTableEntryBodySchema,
  IngressBodySchema,
  INGRESS_TOKEN_HEADER,
  PatchTableEntryBodySchema,
} from '@leadbook/contract';
import type { TableEntryRecord } from '../../packages/server/src/ports/records';
import { jsonParam, type SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import { digestsEqual, digestToken } from '../../packages/server/src/core/tokens';
import { applyMergePatch } from '../../packages/server/src/domain/leads/merge-patch';
import { docOf, requiredWrites, type RequiredSample } from './required-writes';

/** How the benchmarks name these routes in their breakdown rows. */
export const REQUIRED_LABEL = 'the same writes plus the reads and checks the spec requires';

/** Answers 201/200 with the entry, 400 when a check refused it (nothing written). */
const answer = (res: Response, status: number, entry: TableEntryRecord | undefined) =>
  entry ? void res.status(status).json(entry) : void res.sendStatus(400);

/**
 * Mounts `POST path` and `PATCH path/:id` (Connect, Bearer `sample.token`) on `app`, over the
 * floor's `connection`, after copying the token, the pool and its schema into its database.
 */
export async function mountRequiredWork(
  app: Express,
  connection: SqlConnection,
  service: ConnectService,
  sample: RequiredSample & { token: string },
  path: string,
): Promise<void> {
  const token = await service.storage.transaction((tx) =>
    tx.apiTokens.findByDigest(digestToken(sample.token)),
  );
  if (!token) throw new Error('required-work floor: the sample token is missing');
  const writes = await requiredWrites(connection, service, sample);
  writes.run('INSERT INTO api_tokens (id, organization_id, digest, doc) VALUES (?, ?, ?, CAST(? AS TEXT))', [
    token.id,
    token.organizationId,
    token.digest,
    jsonParam(token),
  ]);
  // The organization of a valid write token, or undefined (a 401).
  const writer = (req: Request): string | undefined => {
    const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const auth = docOf(connection.get('SELECT doc FROM api_tokens WHERE digest = ?', [digestToken(bearer)]));
    return auth && auth.revokedAt === null && auth.scopes.includes('write') ? auth.organizationId : undefined;
  };

  app.post(path, express.json(), (req, res) => {
    const org = writer(req);
    if (!org) return void res.sendStatus(401);
    const body = CreateTableEntryBodySchema.safeParse(req.body);
    if (!body.success) return void res.sendStatus(400);
    const entry = writes.transaction((now) => {
      const pool = writes.pool(org, body.data.tableId);
      const data = pool && writes.infer(org, pool.id, body.data.data, now, false);
      if (!data) return undefined;
      const { leadStateId } = body.data;
      const entry = { ...sample.entry, id: randomUUID(), leadStateId, data, createdAt: now, updatedAt: now };
      writes.insert(entry, now);
      return entry;
    });
    answer(res, 201, entry);
  });

  app.patch(`${path}/:id`, express.json(), (req, res) => {
    const org = writer(req);
    if (!org) return void res.sendStatus(401);
    const body = PatchTableEntryBodySchema.safeParse(req.body);
    if (!body.success || !body.data.data) return void res.sendStatus(400);
    const patch = body.data.data;
    const entry = writes.transaction((now) => {
      const sql = 'SELECT doc FROM table_entries WHERE organization_id = ? AND id = ?';
      const stored = docOf(connection.get(sql, [org, req.params.id]));
      const data =
        stored && writes.pool(org, stored.tableId) && writes.infer(org, stored.tableId, patch, now, false);
      if (!data) return undefined;
      const next = { ...stored, data: applyMergePatch(stored.data, data), updatedAt: now };
      writes.run(
        'UPDATE table_entries SET table_id = ?, lead_state_id = ?, appointment_type_id = ?, doc = CAST(? AS TEXT) WHERE organization_id = ? AND id = ?',
        [next.tableId, next.leadStateId, null, jsonParam(next), org, next.id],
      );
      return next;
    });
    answer(res, 200, entry);
  });
}

/**
 * Mounts `POST path/:id` (an ingress webhook, its token in the header) on `app`, over the floor's
 * `connection`, after copying the webhook, the pool, its schema and lead states into its database.
 */
export async function mountRequiredIngress(
  app: Express,
  connection: SqlConnection,
  service: ConnectService,
  sample: RequiredSample & { webhookId: string },
  path: string,
): Promise<void> {
  const webhook = await service.storage.transaction((tx) => tx.ingressWebhooks.find(sample.webhookId));
  if (!webhook) throw new Error('required-work floor: the sample webhook is missing');
  const writes = await requiredWrites(connection, service, sample);
  writes.run(
    'INSERT INTO ingress_webhooks (id, organization_id, table_id, doc) VALUES (?, ?, ?, CAST(? AS TEXT))',
    [webhook.id, webhook.organizationId, webhook.tableId, jsonParam(webhook)],
  );

  app.post(`${path}/:id`, express.json(), (req, res) => {
    const token = req.get(INGRESS_TOKEN_HEADER);
    const found = docOf(connection.get('SELECT doc FROM ingress_webhooks WHERE id = ?', [req.params.id]));
    if (!found) return void res.sendStatus(404);
    if (!token || !digestsEqual(digestToken(token), found.digest)) return void res.sendStatus(401);
    const body = IngressBodySchema.safeParse(req.body);
    if (!body.success) return void res.sendStatus(400);
    const org: string = found.organizationId;
    const entry = writes.transaction((now) => {
      const pool = writes.pool(org, found.tableId);
      const state = pool && writes.leadStates(org, pool.id).find((s: { default: boolean }) => s.default);
      const data = state && writes.infer(org, pool.id, body.data.data, now, true);
      if (!data) return undefined;
      const entry = {
        ...sample.entry,
        id: randomUUID(),
        leadStateId: state.id,
        data,
        createdAt: now,
        updatedAt: now,
      };
      writes.insert(entry, now);
      return entry;
    });
    answer(res, 201, entry);
  });
}
