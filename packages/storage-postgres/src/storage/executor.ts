/**
 * The executor one transaction's repositories run through. Every statement goes to the
 * transaction's client as a parameterised query when it is issued, so a failing statement rejects
 * its own call. Reads started together (`Promise.all` over repositories) go as one statement (see
 * {@link combineReads}). Once the transaction has ended every call throws, so a repository kept
 * past its transaction cannot write outside of it.
 *
 * @module
 */
import { StorageError } from '@leadbook/server';
import type { SqlExecutor, SqlRow } from '@leadbook/server/sql';
import type { PgPoolClient, PgQueryResult } from '../pg';
import { describeSql, toStorageError } from './errors';
import { combineReads } from './statements';

/** An executor bound to one transaction, plus the switch that ends it. */
export interface TransactionScope {
  /** Runs statements while the transaction is open. */
  exec: SqlExecutor;
  /** Ends the scope: every later call rejects. Resolves once the statement running on the client (if any) has finished. */
  end(): Promise<void>;
}

interface PendingRead {
  sql: string;
  params: readonly unknown[];
  resolve(rows: SqlRow[]): void;
  reject(error: unknown): void;
}

// Prepared statement names by SQL text, shared by every connection (a name always means one text).
const statementNames = new Map<string, string>();
// The repositories' statements and their combinations are a bounded set; past this, text that
// keeps changing (a caller's own SQL) is sent unnamed rather than prepared on every connection.
const MAX_PREPARED = 1_000;

const nameOf = (sql: string): string | undefined => {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `leadbook_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
};

/** Opens a scope over `client`; a read-only scope refuses every write. */
export function openTransactionScope(
  client: PgPoolClient,
  options: { readOnly?: boolean; prepare?: boolean } = {},
): TransactionScope {
  const prepare = options.prepare ?? true;
  /** Sends one parameterised statement, prepared on the connection when `prepare` is on. */
  const send = async (sql: string, params: readonly unknown[]): Promise<PgQueryResult> => {
    const name = prepare ? nameOf(sql) : undefined;
    try {
      return name === undefined
        ? await client.query(sql, [...params])
        : await client.query({ name, text: sql, values: [...params] });
    } catch (error) {
      throw toStorageError(error, describeSql(sql));
    }
  };
  let open = true;
  const check = (write: boolean) => {
    if (!open) {
      throw new StorageError(
        'postgres: this transaction has already finished; use the repositories only inside the transaction(fn) callback and await every call',
      );
    }
    if (write && options.readOnly) throw new StorageError('postgres: a read-only transaction cannot write');
  };
  let reads: PendingRead[] = [];
  // A client runs one query at a time; callers may still start several at once, so they queue here
  // rather than in pg, which deprecates its own queue.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  };

  const flushReads = async () => {
    const batch = reads;
    reads = [];
    if (batch.length === 0) return;
    try {
      check(false);
      if (batch.length === 1) {
        batch[0]!.resolve((await send(batch[0]!.sql, batch[0]!.params)).rows);
        return;
      }
      const combined = combineReads(batch);
      const row = (await send(combined.sql, combined.params)).rows[0] ?? {};
      batch.forEach((read, index) => read.resolve((row[`r${index}`] as SqlRow[] | null) ?? []));
    } catch (error) {
      for (const read of batch) read.reject(error);
    }
  };

  const read = (sql: string, params: readonly unknown[] = []): Promise<SqlRow[]> =>
    new Promise<SqlRow[]>((resolve, reject) => {
      // Reads started in the same tick go together: the batch leaves after the microtasks that
      // repository calls of one Promise.all take to reach the executor.
      if (reads.length === 0) void serial(() => flushReads());
      reads.push({ sql, params, resolve, reject });
    });

  return {
    exec: {
      all: (sql, params) => read(sql, params),
      get: async (sql, params) => (await read(sql, params))[0],
      run: (sql, params = []) =>
        serial(async () => {
          check(true);
          return (await send(sql, params)).rowCount ?? 0;
        }),
    },
    end: async () => {
      open = false;
      await tail;
    },
  };
}
