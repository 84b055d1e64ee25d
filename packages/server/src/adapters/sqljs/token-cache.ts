/**
 * Token lookups remembered across transactions. The sql.js adapter is the only writer of its
 * database, so it can keep this cache exact: it drops everything on any revocation, remembers only
 * tokens read in read-only transactions (which see committed data only), and never remembers a
 * miss, so unknown tokens cannot fill it. Unlike the connection's read cache, which keeps rows, it
 * keeps parsed records, so authenticating a request parses no JSON.
 *
 * @module
 */
import type { ApiTokenRecord } from '../../ports/records';

/** Found tokens by digest, bounded. */
export class TokenCache {
  private readonly byDigest = new Map<string, ApiTokenRecord>();

  /** @param capacity - entries kept before the cache starts over */
  constructor(private readonly capacity = 1024) {}

  /** The remembered token of a digest. */
  get(digest: string): ApiTokenRecord | undefined {
    return this.byDigest.get(digest);
  }

  /** Remembers a token read from committed data; the record is frozen, as callers share it. */
  remember(record: ApiTokenRecord): ApiTokenRecord {
    if (this.byDigest.size >= this.capacity) this.byDigest.clear();
    Object.freeze(record.scopes);
    this.byDigest.set(record.digest, Object.freeze(record));
    return record;
  }

  /** Forgets every token (a token changed). */
  clear(): void {
    this.byDigest.clear();
  }
}
