/**
 * Token generation and digests. Tokens are shown once; only SHA-256 digests are stored and they are
 * compared in constant time.
 *
 * @module
 */
import * as crypto from 'node:crypto';
import { API_TOKEN_PREFIX } from '@leadbook/contract';

/** A new Connect API token: `service_live_` + 64 hex characters from 32 random bytes. */
export const generateApiToken = (): string => `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('hex')}`;

/** A new ingress webhook token: 64 hex characters from 32 random bytes. */
export const generateIngressToken = (): string => crypto.randomBytes(32).toString('hex');

// crypto.hash (Node 20.12+) digests in one call, without a Hash object per request.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** The hex SHA-256 digest of a token, the only form in which tokens are stored. */
export const digestToken = (token: string): string =>
  oneShot ? oneShot('sha256', token, 'hex') : crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Compares two hex digests in constant time. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && crypto.timingSafeEqual(left, right);
}
