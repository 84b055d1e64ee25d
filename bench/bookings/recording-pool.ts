/**
 * Statements recorded from the outside: a `pg.Pool` wrapper, passed to `createPostgresStorage`
 * and `createPgBossScheduler` where the pool goes (a public option), that records the queries sent
 * inside `record(fn)` through the pool or a client checked out of it, and a raw `pg` loop that
 * replays them.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** One query as it was sent. */
export interface RecordedQuery {
  text: string;
  values: unknown[] | undefined;
  /** The prepared statement's name, for a named query. */
  name?: string | undefined;
}

/** A pool to hand the service, and a way to record what one piece of work sends through it. */
export interface RecordingPool {
  pool: pg.Pool;
  /** Runs `fn`; returns the queries sent by it (not by background work such as polling). */
  record(fn: () => Promise<unknown>): Promise<RecordedQuery[]>;
}

/** Wraps `pool`; see {@link RecordingPool}. */
export function recordingPool(pool: pg.Pool): RecordingPool {
  const context = new AsyncLocalStorage<RecordedQuery[]>();
  const note = ([first, values]: unknown[]) => {
    const into = context.getStore();
    if (!into) return;
    if (typeof first === 'string')
      into.push({ text: first, values: Array.isArray(values) ? [...values] : undefined });
    else if (first !== null && typeof first === 'object' && 'text' in first) {
      const config = first as { name?: string; text: string; values?: unknown[] };
      into.push({ text: config.text, values: config.values && [...config.values], name: config.name });
    }
  };
  const noting = <T extends object>(target: T, connect?: () => Promise<pg.PoolClient>) =>
    new Proxy(target, {
      get(inner, key) {
        if (key === 'connect' && connect) return async () => noting(await connect());
        const value: unknown = Reflect.get(inner, key, inner);
        if (typeof value !== 'function') return value;
        if (key !== 'query') return value.bind(inner);
        return (...args: unknown[]) => {
          note(args);
          return (value as (...a: unknown[]) => unknown).apply(inner, args);
        };
      },
    });
  return {
    pool: noting(pool, () => pool.connect()),
    async record(fn) {
      const queries: RecordedQuery[] = [];
      await context.run(queries, fn);
      return queries;
    },
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const uuidsOf = (queries: readonly RecordedQuery[]) =>
  new Set(queries.flatMap((query) => JSON.stringify([query.text, query.values]).match(UUID) ?? []));

/**
 * A raw `pg` loop replaying `sample` (one booking's queries) on one client, one booking per call.
 * The ids the service generated for it (those not in `next`, the following booking's queries) are
 * fresh in every replay, so each writes new rows of the same size.
 */
export async function rawReplay(
  pool: pg.Pool,
  sample: readonly RecordedQuery[],
  next: readonly RecordedQuery[],
): Promise<{ book(): Promise<void>; release(): void }> {
  const later = uuidsOf(next);
  const generated = [...uuidsOf(sample)].filter((id) => !later.has(id));
  const pattern = generated.length > 0 ? new RegExp(generated.join('|'), 'g') : undefined;
  const client = await pool.connect();
  const book = async () => {
    const fresh = new Map(generated.map((id) => [id, randomUUID()]));
    const swap = (text: string) => (pattern ? text.replace(pattern, (id) => fresh.get(id)!) : text);
    for (const query of sample) {
      const values = query.values?.map((value) => (typeof value === 'string' ? swap(value) : value));
      // A named statement keeps its name: the connection plans it once, as the service's does.
      if (query.name) await client.query({ name: query.name, text: query.text, values });
      else await client.query(swap(query.text), values);
    }
  };
  return { book, release: () => client.release() };
}
