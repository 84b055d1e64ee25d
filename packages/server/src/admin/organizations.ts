/**
 * Console actions on organizations and API tokens.
 *
 * @module
 */
import {
  ApiTokenInputSchema,
  OrganizationInputSchema,
  type ApiTokenInput,
  type OrganizationInput,
  type Scope,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { digestToken, generateApiToken } from '../core/tokens';
import type { OrganizationRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { mustGetOrganization } from './access';
import { parseInput } from './parse';

/** A created API token. `token` is the only time the secret is ever returned. */
export interface CreatedApiToken {
  /** Token id. */
  id: string;
  /** The organization it acts for. */
  organizationId: string;
  /** Label. */
  name: string;
  /** Granted scopes. */
  scopes: Scope[];
  /** The secret: `service_live_` + 64 hex. Shown once; store it now. */
  token: string;
}

/** An API token as the console lists it: never the secret, never the digest. */
export interface ApiTokenSummary {
  /** Token id. */
  id: string;
  /** Label. */
  name: string;
  /** Granted scopes. */
  scopes: Scope[];
  /** Creation time. */
  createdAt: string;
  /** Revocation time or null. */
  revokedAt: string | null;
}

/** Creates an organization inside a transaction. */
export async function createOrganizationTx(
  ctx: ServiceContext,
  tx: Repositories,
  input: OrganizationInput,
): Promise<OrganizationRecord> {
  const parsed = parseInput(OrganizationInputSchema, input, 'organization');
  const id = parsed.id ?? ctx.newId();
  if (await tx.organizations.get(id))
    throw new ServiceError('validation', `Organization ${id} already exists`);
  const record = { id, name: parsed.name, resourcePlanner: parsed.resourcePlanner, createdAt: nowIso(ctx) };
  await tx.organizations.create(record);
  return record;
}

/** Creates an API token inside a transaction; only its SHA-256 digest is stored. */
export async function createApiTokenTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  input: ApiTokenInput,
): Promise<CreatedApiToken> {
  const parsed = parseInput(ApiTokenInputSchema, input, 'API token');
  await mustGetOrganization(tx, organizationId);
  const token = parsed.token ?? generateApiToken();
  const digest = digestToken(token);
  if (await tx.apiTokens.findByDigest(digest))
    throw new ServiceError('validation', 'That token is already in use');
  const id = parsed.id ?? ctx.newId();
  const scopes = [...new Set(parsed.scopes)];
  await tx.apiTokens.create({
    id,
    organizationId,
    name: parsed.name,
    digest,
    scopes,
    createdAt: nowIso(ctx),
    revokedAt: null,
  });
  return { id, organizationId, name: parsed.name, scopes, token };
}

/** Revokes a token inside a transaction; it stops working at once. */
export async function revokeApiTokenTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  id: string,
) {
  if (!(await tx.apiTokens.revoke(organizationId, id, nowIso(ctx)))) {
    throw new ServiceError('notFound', `API token ${id} not found`);
  }
}

/** Lists tokens without secrets or digests. */
export async function listApiTokensTx(tx: Repositories, organizationId: string): Promise<ApiTokenSummary[]> {
  return (await tx.apiTokens.list(organizationId)).map(({ id, name, scopes, createdAt, revokedAt }) => ({
    id,
    name,
    scopes,
    createdAt,
    revokedAt,
  }));
}
