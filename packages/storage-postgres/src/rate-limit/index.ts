/**
 * A shared rate-limit store: express-rate-limit's `Store` on PostgreSQL, so every instance counts
 * into the same fixed windows.
 *
 * @module
 */
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { quoteSchema, type PgPool } from '../pg';
import { toStorageError } from '../storage/errors';
import { DEFAULT_SCHEMA } from '../storage/migrations';

/** Options of {@link createPostgresRateLimitStore}. */
export interface PostgresRateLimitStoreOptions {
  /** The pool (a `pg.Pool`); you own it and end it. */
  pool: PgPool;
  /**
   * The schema holding the `rate_limits` table of migration 3 (`migrate()`, which
   * `createPostgresStorage` runs by default). Default `leadbook`.
   */
  schema?: string;
  /**
   * Prepended to every key, so limits that share the table keep separate counts. Give each
   * limiter its own prefix, such as the limit's name (the service asks `rateLimit.store` for one
   * store per public form endpoint). Default: none.
   */
  prefix?: string;
}

/**
 * The key as the table keeps it. PostgreSQL text cannot hold U+0000, which a key made from a request
 * may carry (express-rate-limit's key generators are the caller's): it is kept as `\0`, and a
 * backslash as `\\`, so no two keys meet and none is refused.
 */
const stored = (key: string) => key.replace(/[\\\0]/g, (c) => (c === '\0' ? '\\0' : '\\\\'));

/** How often at most one instance's store deletes rows whose window has passed. */
const SWEEP_EVERY_MS = 60_000;

class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private nextSweep = 0;
  private readonly sql: ReturnType<typeof statements>;

  constructor(
    private readonly pool: PgPool,
    schema: string,
    prefix: string,
  ) {
    this.prefix = prefix;
    this.sql = statements(quoteSchema(schema));
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = (await this.query(this.sql.get, [stored(this.prefix + key)]))[0];
    return row ? info(row) : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    this.sweep();
    const row = (await this.query(this.sql.increment, [stored(this.prefix + key), this.windowMs]))[0];
    if (!row) throw toStorageError(new Error('the upsert returned no row'), 'rate limit increment');
    return info(row);
  }

  async decrement(key: string): Promise<void> {
    await this.query(this.sql.decrement, [stored(this.prefix + key)]);
  }

  async resetKey(key: string): Promise<void> {
    await this.query(this.sql.reset, [stored(this.prefix + key)]);
  }

  private async query(text: string, values: unknown[]) {
    try {
      return (await this.pool.query(text, values)).rows;
    } catch (error) {
      throw toStorageError(error, 'rate limit');
    }
  }

  // Expired rows are harmless (the next hit resets them) but would pile up; deleting them now and
  // then, off the request path, keeps the table the size of the active clients.
  private sweep(): void {
    const now = Date.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    this.pool.query(this.sql.sweep, []).catch(() => undefined);
  }
}

/** The store's statements on the table in the schema `s` (a quoted identifier). */
export function statements(s: string) {
  return {
    // One atomic statement: a new key starts a window, a live window counts up, a passed window
    // starts again at 1. Concurrent increments of a key serialise on its row. now() is the
    // statement's start in autocommit, so both CASEs judge the window by the same instant.
    increment: `INSERT INTO ${s}.rate_limits AS r (key, hits, reset_at)
      VALUES ($1, 1, now() + $2 * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
        reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
      RETURNING hits, reset_at`,
    get: `SELECT hits, reset_at FROM ${s}.rate_limits WHERE key = $1 AND reset_at > now()`,
    decrement: `UPDATE ${s}.rate_limits SET hits = GREATEST(hits - 1, 0)
      WHERE key = $1 AND reset_at > now()`,
    reset: `DELETE FROM ${s}.rate_limits WHERE key = $1`,
    sweep: `DELETE FROM ${s}.rate_limits WHERE reset_at <= now()`,
  };
}

function info(row: Record<string, unknown>): ClientRateLimitInfo {
  const resetAt = row['reset_at'];
  return {
    totalHits: Number(row['hits']),
    resetTime: resetAt instanceof Date ? resetAt : new Date(String(resetAt)),
  };
}

/**
 * Creates an express-rate-limit `Store` on PostgreSQL. `increment` is one atomic upsert, so
 * instances behind a load balancer share each client's count: N instances together allow the
 * limit, not N times it. Windows are fixed (they start at a key's first hit) and timed by the
 * database clock.
 *
 * @throws RangeError when `schema` is not a plain SQL identifier.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createConnectService } from '@leadbook/server';
 * import { createPostgresRateLimitStore, createPostgresStorage } from '@leadbook/storage-postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const service = await createConnectService({
 *   storage: await createPostgresStorage({ pool }),
 *   rateLimit: { store: (name) => createPostgresRateLimitStore({ pool, prefix: `${name}:` }) },
 * });
 * ```
 */
export function createPostgresRateLimitStore(options: PostgresRateLimitStoreOptions): Store {
  return new PostgresRateLimitStore(options.pool, options.schema ?? DEFAULT_SCHEMA, options.prefix ?? '');
}
