/**
 * Connect API authentication: Bearer token to organization and scopes.
 *
 * @module
 */
import {
  API_TOKEN_PATTERN,
  ErrorMessages,
  scopeIncludes,
  type Scope,
  type TriggerContext,
} from '@leadbook/contract';
import { readTx, type ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { digestsEqual, digestToken } from '../core/tokens';

/** Who is calling the Connect API. */
export interface AuthContext {
  /** The organization every query is scoped to. */
  organizationId: string;
  /** The token used (goes into event trigger contexts). */
  apiTokenId: string;
  /** The token's scopes. */
  scopes: readonly Scope[];
}

// One error object shape for every 401 case, so missing, malformed, unknown and revoked tokens are
// indistinguishable to the caller.
const unauthorized = () =>
  new ServiceError('unauthorized', ErrorMessages.unauthorized, { headers: { 'WWW-Authenticate': 'Bearer' } });

/**
 * Resolves an `Authorization` header to the calling token, or throws a 401.
 */
export async function authenticate(ctx: ServiceContext, header: string | undefined): Promise<AuthContext> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1] ?? '';
  // Digest even a malformed token so every failure takes the same path.
  const digest = digestToken(token);
  if (!API_TOKEN_PATTERN.test(token)) throw unauthorized();
  const record = await readTx(ctx, (tx) => tx.apiTokens.findByDigest(digest));
  if (!record || record.revokedAt !== null || !digestsEqual(record.digest, digest)) throw unauthorized();
  return { organizationId: record.organizationId, apiTokenId: record.id, scopes: record.scopes };
}

/** Throws a 403 when the caller lacks `scope`. */
export function requireScope(auth: AuthContext, scope: Scope): void {
  if (!scopeIncludes(auth.scopes, scope)) {
    throw new ServiceError('forbidden', `${ErrorMessages.forbidden} (${scope})`);
  }
}

/** The trigger context of a Connect call. */
export const connectTrigger = (auth: AuthContext): TriggerContext => ({
  source: 'connect',
  apiTokenId: auth.apiTokenId,
  memberId: null,
});
