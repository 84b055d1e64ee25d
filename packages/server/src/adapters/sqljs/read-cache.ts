/**
 * Results of small `SELECT`s remembered until a write touches a table they read. The sql.js
 * connection is the only one its database ever has, so it sees every write and can keep this cache
 * exact: a write statement bumps the version of the table it names, and a remembered result is
 * used only while every table its SQL reads still has the version it was read at; a write to a
 * table with triggers also bumps the tables those triggers write. Whatever cannot be attributed to
 * tables (DDL, a rollback, a write statement it cannot parse) forgets everything.
 *
 * @module
 */
import type { Row, SqlParam } from './connection';

/** Results with more rows than this are not remembered (large range reads stay uncached). */
const MAX_ROWS = 64;
/** Remembered results before the cache starts over. */
const MAX_ENTRIES = 1024;

interface Entry {
  rows: readonly Row[];
  tables: readonly string[];
  versions: readonly number[];
}

const READ = /^\s*SELECT\b/i;
const READ_TABLES = /\bFROM\s+([A-Za-z_][A-Za-z0-9_]*)/gi;
const WRITE = String.raw`(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+([A-Za-z_][A-Za-z0-9_]*)`;
const WRITE_TABLE = new RegExp(String.raw`^\s*${WRITE}`, 'i');
const WRITES_IN_BODY = new RegExp(String.raw`\b${WRITE}`, 'gi');

/** A trigger as `sqlite_master` lists it. */
export interface TriggerInfo {
  /** The table it is on. */
  table: string;
  /** Its `CREATE TRIGGER` statement. */
  sql: string;
}

/**
 * For each table with triggers, every table a write to it may change through them (transitively,
 * the table itself included). A trigger's body is read from its `BEGIN` on.
 */
export function triggerEffects(triggers: readonly TriggerInfo[]): Map<string, Set<string>> {
  const direct = new Map<string, Set<string>>();
  for (const { table, sql } of triggers) {
    const body = sql.slice(Math.max(0, sql.search(/\bBEGIN\b/i)));
    const targets = direct.get(table.toLowerCase()) ?? new Set<string>();
    for (const match of body.matchAll(WRITES_IN_BODY)) targets.add(match[1]!.toLowerCase());
    direct.set(table.toLowerCase(), targets);
  }
  const effects = new Map<string, Set<string>>();
  for (const table of direct.keys()) {
    const reached = new Set([table]);
    const pending = [table];
    while (pending.length > 0) {
      for (const next of direct.get(pending.pop()!) ?? []) {
        if (!reached.has(next)) {
          reached.add(next);
          pending.push(next);
        }
      }
    }
    effects.set(table, reached);
  }
  return effects;
}

/** The tables a query reads, or null when it is not a plain `SELECT` (those are never cached). */
function tablesRead(sql: string): string[] | null {
  if (!READ.test(sql)) return null;
  return [...new Set([...sql.matchAll(READ_TABLES)].map((match) => match[1]!.toLowerCase()))];
}

/** The cache key of a parameter list, or null when a parameter is bytes (never cached). */
function paramsKey(params: readonly SqlParam[]): string | null {
  let key = '';
  for (const param of params) {
    if (typeof param === 'string') key += `\u0000s${param}`;
    else if (typeof param === 'number') key += `\u0000n${param}`;
    else if (param === null) key += '\u0000z';
    else return null;
  }
  return key;
}

/** Remembered query results of one connection. */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<string, number>();
  private readonly plans = new Map<string, readonly string[] | null>();
  private readonly writes = new Map<string, string | null>();

  /**
   * @param listTriggers - The database's triggers: asked again after every
   *   {@link ReadCache.forgetAll} (schema changes come through DDL, which forgets everything).
   */
  constructor(private readonly listTriggers: () => TriggerInfo[]) {}

  private effects: Map<string, Set<string>> | undefined;

  /**
   * The rows of `sql` with `params`, as a fresh array: the remembered ones while they are current,
   * otherwise what `read` returns (remembered unless there are too many, or one holds bytes).
   */
  through(mode: string, sql: string, params: readonly SqlParam[], read: () => Row[]): Row[] {
    const key = this.keyOf(mode, sql, params);
    if (key === null) return read();
    const entry = this.entries.get(key);
    if (entry !== undefined && this.current(entry)) return entry.rows.slice();
    const rows = read();
    this.remember(key, this.plans.get(sql)!, rows);
    return rows.slice();
  }

  private current(entry: Entry): boolean {
    for (let i = 0; i < entry.tables.length; i++) {
      if ((this.versions.get(entry.tables[i]!) ?? 0) !== entry.versions[i]) return false;
    }
    return true;
  }

  private remember(key: string, tables: readonly string[], rows: readonly Row[]): void {
    this.entries.delete(key);
    if (rows.length > MAX_ROWS) return;
    for (const row of rows) for (const name in row) if (row[name] instanceof Uint8Array) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    for (const row of rows) Object.freeze(row);
    this.entries.set(key, {
      rows,
      tables,
      versions: tables.map((table) => this.versions.get(table) ?? 0),
    });
  }

  /** Records that `sql`, a write statement, ran (whether or not it changed rows). */
  wrote(sql: string): void {
    let table = this.writes.get(sql);
    if (table === undefined) {
      table = WRITE_TABLE.exec(sql)?.[1]?.toLowerCase() ?? null;
      this.writes.set(sql, table);
    }
    if (table === null) return this.forgetAll();
    this.effects ??= triggerEffects(this.listTriggers());
    for (const changed of this.effects.get(table) ?? [table]) {
      this.versions.set(changed, (this.versions.get(changed) ?? 0) + 1);
    }
  }

  /** Forgets every result (schema change, rollback, or a write it cannot attribute). */
  forgetAll(): void {
    this.entries.clear();
    this.effects = undefined;
  }

  private keyOf(mode: string, sql: string, params: readonly SqlParam[]): string | null {
    let plan = this.plans.get(sql);
    if (plan === undefined) {
      plan = tablesRead(sql);
      this.plans.set(sql, plan);
    }
    if (plan === null) return null;
    const rest = paramsKey(params);
    return rest === null ? null : `${mode}${sql}${rest}`;
  }
}
