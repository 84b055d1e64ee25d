/**
 * Public form rate limits, one budget per endpoint (SPEC 4.2 gives each endpoint its own row):
 * 30/min on each GET endpoint (availability, slots, appointment types, and the config and calendars
 * extensions),
 * 5/min on submit, 10/min on slot holds (extension) and 120/min on telemetry, each keyed by form id
 * and client IP. Counts go to express-rate-limit stores (its `MemoryStore` by default, or any store
 * of its ecosystem: Redis, PostgreSQL), and answers carry the IETF draft-7 headers of their
 * endpoint's budget (`RateLimit`, `RateLimit-Policy`, and `Retry-After` on a 429), for both
 * adapters alike.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit';
import { errorFields, type Logger } from '../ports/logger';

/**
 * The public form limits, one per endpoint: `availability`, `slots`, `appointmentTypes` and
 * `config` and `calendars` (the GET endpoints), `submit`, `hold` (slot holds, an extension) and
 * `telemetry`.
 */
export type RateLimitName =
  'availability' | 'slots' | 'appointmentTypes' | 'config' | 'calendars' | 'submit' | 'hold' | 'telemetry';

/**
 * Requests per window of each endpoint: SPEC 4.2's 30, 5 and 120 a minute; the config and calendars
 * extensions GETs like the others, and slot holds counted apart from submit, with room for a visitor
 * to pick a few slots.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitName, number>> = {
  availability: 30,
  slots: 30,
  appointmentTypes: 30,
  config: 30,
  calendars: 30,
  submit: 5,
  hold: 10,
  telemetry: 120,
};

/** The GET endpoints' limits: `limits.read` sets them all. */
const READ_LIMITS: ReadonlySet<RateLimitName> = new Set([
  'availability',
  'slots',
  'appointmentTypes',
  'config',
  'calendars',
]);

/** Options of the public form rate limits. */
export interface RateLimitOptions {
  /** Turn the limits off (for load tests behind your own limiter). Default: on. */
  enabled?: boolean;
  /** The window in milliseconds. Default: one minute. */
  windowMs?: number;
  /**
   * Requests per window, per endpoint. Default: {@link DEFAULT_RATE_LIMITS}. `read` sets the five
   * GET limits at once (a GET endpoint named here as well keeps its own value); each GET endpoint
   * still counts on a budget of its own.
   */
  limits?: Partial<Record<RateLimitName | 'read', number>>;
  /**
   * A store per limit (express-rate-limit `Store`), so several instances can share counts (Redis,
   * PostgreSQL): called once with each {@link RateLimitName}. Default: a `MemoryStore` per limit.
   * Return a new store instance for each name (a store with a prefix of the name, for stores that
   * share a table or a Redis database).
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
      logger.error('rate-limit store failed to start', { name, error: errorFields(error) }),
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

/** Creates one limiter per endpoint (or none, when disabled). */
export function createRateLimiters(
  options: RateLimitOptions = {},
  logger: Logger,
): Record<RateLimitName, RateLimiter> | undefined {
  if (options.enabled === false) return undefined;
  const windowMs = options.windowMs ?? 60_000;
  const { limits = {} } = options;
  const limitOf = (name: RateLimitName) =>
    limits[name] ?? (READ_LIMITS.has(name) ? limits.read : undefined) ?? DEFAULT_RATE_LIMITS[name];
  const names = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[];
  return Object.fromEntries(
    names.map((name) => [
      name,
      createLimiter({
        name,
        limit: limitOf(name),
        windowMs,
        store: options.store?.(name) ?? new MemoryStore(),
        logger,
      }),
    ]),
  ) as Record<RateLimitName, RateLimiter>;
}

/** The 429 body of the public form API. */
export const TOO_MANY_REQUESTS_BODY = TOO_MANY;
