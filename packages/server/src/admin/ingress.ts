/**
 * Console actions on ingress webhooks: create (the token is shown once), rotate (the old
 * token stops working at once), list and delete. Only the SHA-256 digest of a token is stored, and
 * no call returns a token except the one that made it.
 *
 * @module
 */
import { ApiTokenInputSchema, IngressTokenSchema, UuidSchema } from '@leadbook/contract';
import type { z } from 'zod';
import { nowIso, readTx, type ServiceContext } from '../core/context';
import { notFound, ServiceError } from '../core/errors';
import { digestToken, generateIngressToken } from '../core/tokens';
import { runUnit } from '../core/unit-of-work';
import type { IngressWebhookRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { mustGet, mustGetOrganization } from './access';
import { parseInput } from './parse';

/** Input of `admin.ingressWebhooks.create`. */
export interface IngressWebhookInput {
  /** A UUID; generated when absent. It is the public address, so unique across organizations. */
  id?: string;
  /** The lead pool the webhook writes to. */
  tableId: string;
  /** A label for the console. */
  name: string;
  /** A fixed token (64 lowercase hex) for tests and demos; generated when absent. */
  token?: string;
}

/**
 * The strict schema of {@link IngressWebhookInput}. Derived from contract schemas because the server
 * imports zod for types only (a value import would make tsup bundle a second zod); it belongs in the
 * contract's `fixture.ts` once the seed fixture learns ingress webhooks.
 */
const IngressWebhookInputSchema: z.ZodType<IngressWebhookInput, z.ZodTypeDef, IngressWebhookInput> =
  ApiTokenInputSchema.omit({ scopes: true, token: true }).extend({
    tableId: UuidSchema,
    token: IngressTokenSchema.optional(),
  });

/** A created ingress webhook. `token` is the only time the secret is ever returned. */
export interface CreatedIngressWebhook {
  /** Webhook id: the `:id` of `POST /public/ingress_webhooks/:id`. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The bound lead pool. */
  tableId: string;
  /** Label. */
  name: string;
  /** The secret: 64 hex characters, sent as `x-service-ingress-token`. Shown once; store it now. */
  token: string;
  /** Creation time (ISO-8601). */
  createdAt: string;
}

/** The new token of a rotated webhook; the previous token no longer works. */
export interface RotatedIngressToken {
  /** Webhook id. */
  id: string;
  /** The new secret. Shown once; store it now. */
  token: string;
}

/** An ingress webhook as the console lists it: never the token, never its digest. */
export interface IngressWebhookSummary {
  /** Webhook id. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The bound lead pool. */
  tableId: string;
  /** Label. */
  name: string;
  /** Creation time. */
  createdAt: string;
  /** Last rotation time, or null. */
  rotatedAt: string | null;
}

const summarize = ({ digest: _digest, ...summary }: IngressWebhookRecord): IngressWebhookSummary => summary;

async function mustGetWebhook(tx: Repositories, org: string, id: string) {
  const webhook = await tx.ingressWebhooks.get(org, id);
  if (!webhook) throw notFound(`Ingress webhook ${id}`);
  return webhook;
}

/** Creates an ingress webhook bound to one of the organization's pools; stores only the digest. */
export async function createIngressWebhookTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  input: IngressWebhookInput,
): Promise<CreatedIngressWebhook> {
  const parsed = parseInput(IngressWebhookInputSchema, input, 'ingress webhook');
  await mustGetOrganization(tx, organizationId);
  await mustGet(tx, 'tables', organizationId, parsed.tableId);
  // The id is a public address, so it must be unique across organizations.
  if (parsed.id && (await tx.ingressWebhooks.find(parsed.id)))
    throw new ServiceError('validation', `Id ${parsed.id} is already in use`);
  const token = parsed.token ?? generateIngressToken();
  const record: IngressWebhookRecord = {
    id: parsed.id ?? ctx.newId(),
    organizationId,
    tableId: parsed.tableId,
    name: parsed.name,
    digest: digestToken(token),
    createdAt: nowIso(ctx),
    rotatedAt: null,
  };
  await tx.ingressWebhooks.create(record);
  ctx.logger.info('ingress webhook created', { organizationId, id: record.id, tableId: record.tableId });
  const { id, tableId, name, createdAt } = record;
  return { id, organizationId, tableId, name, token, createdAt };
}

/** Replaces a webhook's token; the old one fails with 401 from the next request on. */
export async function rotateIngressTokenTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  id: string,
): Promise<RotatedIngressToken> {
  const webhook = await mustGetWebhook(tx, organizationId, id);
  const token = generateIngressToken();
  await tx.ingressWebhooks.update({ ...webhook, digest: digestToken(token), rotatedAt: nowIso(ctx) });
  ctx.logger.info('ingress webhook token rotated', { organizationId, id });
  return { id, token };
}

/** Deletes a webhook; its URL answers 404 from the next request on. */
export async function deleteIngressWebhookTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  id: string,
): Promise<void> {
  if (!(await tx.ingressWebhooks.delete(organizationId, id))) throw notFound(`Ingress webhook ${id}`);
  ctx.logger.info('ingress webhook deleted', { organizationId, id });
}

/** The console API of ingress webhooks: `service.admin.ingressWebhooks`. */
export interface IngressAdminApi {
  /**
   * Creates a webhook bound to one lead pool. The result's `token` is the only time the secret is
   * shown; only its SHA-256 digest is stored.
   *
   * @throws `ServiceError` 404 for an unknown organization or pool; 400 for a bad input or an id in use.
   * @example
   * ```ts
   * const { id, token } = await service.admin.ingressWebhooks.create(orgId, { tableId, name: 'Website' });
   * // POST /public/ingress_webhooks/${id} with the header `x-service-ingress-token: ${token}`
   * ```
   */
  create(organizationId: string, input: IngressWebhookInput): Promise<CreatedIngressWebhook>;
  /**
   * Issues a new token; the old one stops working at once. The new token is shown only here.
   *
   * @throws `ServiceError` 404 for an unknown webhook.
   */
  rotate(organizationId: string, id: string): Promise<RotatedIngressToken>;
  /**
   * Deletes a webhook; its URL answers 404 from then on.
   *
   * @throws `ServiceError` 404 for an unknown webhook.
   */
  delete(organizationId: string, id: string): Promise<void>;
  /** The webhook without its token or digest, or null. */
  get(organizationId: string, id: string): Promise<IngressWebhookSummary | null>;
  /** The organization's webhooks (optionally of one pool), without tokens or digests. */
  list(organizationId: string, filter?: { tableId?: string }): Promise<IngressWebhookSummary[]>;
}

/** Creates the console API of ingress webhooks over a service context. */
export function createIngressAdmin(ctx: ServiceContext): IngressAdminApi {
  return {
    create: (organizationId, input) =>
      runUnit(ctx, (tx) => createIngressWebhookTx(ctx, tx, organizationId, input)),
    rotate: (organizationId, id) => runUnit(ctx, (tx) => rotateIngressTokenTx(ctx, tx, organizationId, id)),
    delete: (organizationId, id) => runUnit(ctx, (tx) => deleteIngressWebhookTx(ctx, tx, organizationId, id)),
    get: (organizationId, id) =>
      readTx(ctx, async (tx) => {
        const webhook = await tx.ingressWebhooks.get(organizationId, id);
        return webhook && summarize(webhook);
      }),
    list: (organizationId, filter = {}) =>
      readTx(ctx, async (tx) => (await tx.ingressWebhooks.list(organizationId, filter)).map(summarize)),
  };
}
