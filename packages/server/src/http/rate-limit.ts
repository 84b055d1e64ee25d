/**
 * Public form rate limits: 30/min on the GET endpoints, 5/min on submit, 120/min on
 * telemetry (and 10/min on slot holds, an extension), keyed by form id and client IP. Counts go to express-rate-limit stores (its
 * `MemoryStore` by default, or any store of its ecosystem: Redis, PostgreSQL), and answers carry
 * the IETF draft-7 headers (`RateLimit`, `RateLimit-Policy`, and `Retry-After` on a 429), for both
 * adapters alike.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit';
import type { Logger } from '../ports/logger';

/** The three limits. */
export type RateLimitName = 'read' | 'submit' | 'hold' | 'telemetry';

/**
 * The public form limits, per window, and the limit of slot holds (extension): counted apart from
 * submit, like submit per form and client IP, with room for a visitor to pick a few slots.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitName, number>> = {
  read: 30,
  submit: 5,
  hold: 10,
  telemetry: 120,
};

/** Options of the public form rate limits. */
export interface RateLimitOptions {
  /** Turn the limits off (for load tests behind your own limiter). Default: on. */
  enabled?: boolean;
  /** The window in milliseconds. Default: one minute. */
  windowMs?: number;
  /** Requests per window, per limit. Default: {@link DEFAULT_RATE_LIMITS}. */
  limits?: Partial<Record<RateLimitName, number>>;
  /**
   * A store per limit (express-rate-limit `Store`), so several instances can share counts (Redis,
   * PostgreSQL). Default: a `MemoryStore` per limit. Each limit needs its own store instance.
   */
  store?: (name: RateLimitName) => Store;
}

/** One limit. */
export interface RateLimiter {
  /** Counts one request of `formId` from `clientIp`; says whether it is over the limit, with headers. */
  check(
    formId: string,
    clientIp: string | undefined,
  ): Promise<{ limited: boolean; headers: Record<string, string> }>;
}

const TOO_MANY = { statusCode: 429, message: ErrorMessages.tooManyRequests };

const keyOf = (name: RateLimitName, formId: string, ip: string | undefined) =>
  `${name}:${formId}:${ip ? ipKeyGenerator(ip) : 'unknown'}`;

function createLimiter(settings: {
  name: RateLimitName;
  limit: number;
  windowMs: number;
  store: Store;
  logger: Logger;
}): RateLimiter {
  const { name, limit, windowMs, store, logger } = settings;
  // What express-rate-limit's middleware does with a store it is given (stores read windowMs); a
  // store that fails later fails its requests with a 500 as well.
  const init = store.init?.({ windowMs, limit } as Options);
  if (init instanceof Promise) {
    init.catch((error: unknown) =>
      logger.error('rate-limit store failed to start', { name, error: String(error) }),
    );
  }
  const windowSeconds = Math.ceil(windowMs / 1000);
  return {
    async check(formId, clientIp) {
      const { totalHits, resetTime } = await store.increment(keyOf(name, formId, clientIp));
      const reset = resetTime
        ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000))
        : windowSeconds;
      const headers: Record<string, string> = {
        'RateLimit-Policy': `${limit};w=${windowSeconds}`,
        RateLimit: `limit=${limit}, remaining=${Math.max(0, limit - totalHits)}, reset=${reset}`,
      };
      const limited = totalHits > limit;
      if (limited) headers['Retry-After'] = String(reset);
      return { limited, headers };
    },
  };
}

/** Creates the three limiters (or none, when disabled). */
export function createRateLimiters(
  options: RateLimitOptions = {},
  logger: Logger,
): Record<RateLimitName, RateLimiter> | undefined {
  if (options.enabled === false) return undefined;
  const windowMs = options.windowMs ?? 60_000;
  const make = (name: RateLimitName) =>
    createLimiter({
      name,
      limit: options.limits?.[name] ?? DEFAULT_RATE_LIMITS[name],
      windowMs,
      store: options.store?.(name) ?? new MemoryStore(),
      logger,
    });
  return { read: make('read'), submit: make('submit'), hold: make('hold'), telemetry: make('telemetry') };
}

/** The 429 body of the public form API. */
export const TOO_MANY_REQUESTS_BODY = TOO_MANY;
