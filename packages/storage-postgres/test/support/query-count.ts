/**
 * Round trips counted: a `pg.Pool` wrapper that counts every query sent to the database, through
 * the pool or through a client checked out of it. A query with several statements (one simple
 * query message) counts once: it is one round trip.
 *
 * @module
 */
import type pg from 'pg';

/** A pool that counts its queries, and the count so far. */
export interface CountingPool {
  /** Use it where the pool would go. */
  pool: pg.Pool;
  /** Queries sent so far. */
  count(): number;
  /** Records the queries sent from now on (text and values) until `stop()`, which returns them. */
  record(): { stop(): RecordedQuery[] };
}

/** One query as it was sent. */
export interface RecordedQuery {
  text: string;
  values: unknown[] | undefined;
  /** The prepared statement's name, for a named query. */
  name?: string | undefined;
}

/**
 * Wraps `pool`: the wrapper shares its clients and counts what goes through them, or only the
 * queries sent while `counts()` holds (an `AsyncLocalStorage` check tells a request's queries from
 * those of background work on the same pool).
 */
export function countingPool(pool: pg.Pool, counts: () => boolean = () => true): CountingPool {
  let queries = 0;
  let recording: RecordedQuery[] | undefined;
  const note = (args: unknown[]) => {
    if (!counts()) return;
    queries++;
    if (!recording) return;
    const [first, values] = args;
    if (typeof first === 'string') {
      recording.push({ text: first, values: Array.isArray(values) ? [...values] : undefined });
    } else if (first !== null && typeof first === 'object' && 'text' in first) {
      // A query config: a named (prepared) statement.
      const config = first as { name?: string; text: string; values?: unknown[] };
      recording.push({ text: config.text, values: config.values && [...config.values], name: config.name });
    }
  };
  const wrapped = new Proxy(pool, {
    get(target, name, receiver) {
      if (name === 'query') {
        return (...args: Parameters<pg.Pool['query']>) => {
          note(args);
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      }
      if (name === 'connect') {
        // A view of the client that counts; the client itself stays as it is for other users.
        return async () => {
          const client = await target.connect();
          return new Proxy(client, {
            get(inner, key) {
              const value: unknown = Reflect.get(inner, key, inner);
              if (key !== 'query') return typeof value === 'function' ? value.bind(inner) : value;
              return (...args: unknown[]) => {
                note(args);
                return (value as (...a: unknown[]) => unknown).apply(inner, args);
              };
            },
          });
        };
      }
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    pool: wrapped,
    count: () => queries,
    record() {
      const queries: RecordedQuery[] = [];
      recording = queries;
      return {
        stop: () => {
          recording = undefined;
          return queries;
        },
      };
    },
  };
}
