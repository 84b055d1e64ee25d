/**
 * Scopes and token formats of the Connect, public form and ingress APIs.
 *
 * @module
 */
import { z } from 'zod';
import type { Scope } from './types.generated';

/** The three Connect API scopes. `admin` includes `write`, and `write` includes `read`. */
export const SCOPES = ['read', 'write', 'admin'] as const;

/** A Connect API scope. */
export const ScopeSchema = z.enum(SCOPES);

const SCOPE_RANK: Record<Scope, number> = { read: 0, write: 1, admin: 2 };

/**
 * Whether a token holding `granted` may call an operation that needs `required`.
 * Scopes are ordered: `admin` includes `write`, and `write` includes `read`.
 *
 * @example
 * ```ts
 * scopeIncludes(['write'], 'read'); // true
 * scopeIncludes(['read'], 'write'); // false
 * ```
 */
export function scopeIncludes(granted: readonly Scope[], required: Scope): boolean {
  return granted.some((scope) => SCOPE_RANK[scope] >= SCOPE_RANK[required]);
}

/** The prefix of every Connect API token. */
export const API_TOKEN_PREFIX = 'service_live_';

/** A Connect API token: `service_live_` followed by 64 lowercase hex characters. */
export const API_TOKEN_PATTERN = /^service_live_[0-9a-f]{64}$/;

/** A Connect API token (`service_live_<64-hex-secret>`). */
export const ApiTokenSchema = z.string().regex(API_TOKEN_PATTERN, 'Must be service_live_ followed by 64 hex');

/** An ingress webhook token: 64 lowercase hex characters. */
export const INGRESS_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** An ingress webhook token (64 hex characters), sent in the `x-service-ingress-token` header. */
export const IngressTokenSchema = z.string().regex(INGRESS_TOKEN_PATTERN, 'Must be 64 hex characters');

/** The header that carries an ingress webhook token. */
export const INGRESS_TOKEN_HEADER = 'x-service-ingress-token';

/** The bearer format advertised in the OpenAPI security scheme. */
export const BEARER_FORMAT = 'service_';
