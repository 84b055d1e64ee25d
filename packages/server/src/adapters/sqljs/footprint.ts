/**
 * Which tables a statement reads and writes, as SQLite itself compiled it: the program that
 * `EXPLAIN` lists opens every b-tree the statement touches (`OpenRead` or `OpenWrite`, the tables
 * and indexes of joins, subqueries, CTEs, and the programs of the triggers it fires, which EXPLAIN
 * lists after the statement's own). Each b-tree's root page names its table in `sqlite_master`. No
 * SQL text is parsed here: the answer is exact for whatever the statement is.
 *
 * @module
 */
import type { Database } from 'sql.js';

/** The tables one statement opens. */
export interface Footprint {
  /** Tables (by name) the statement reads. */
  readonly reads: readonly string[];
  /** Tables (by name) the statement or a trigger it fires may write. */
  readonly writes: readonly string[];
}

/**
 * Opcodes that change the schema or b-trees without a cursor this module can name, write through a
 * virtual table, or end or undo a transaction or savepoint (a rollback changes every table it
 * wrote): a statement with one of them is taken to touch everything.
 */
const UNTRACKED = new Set([
  'AutoCommit',
  'Savepoint',
  'CreateBtree',
  'Destroy',
  'DropTable',
  'DropIndex',
  'DropTrigger',
  'ParseSchema',
  'SqlExec',
  'Vacuum',
  'IncrVacuum',
  'VCreate',
  'VDestroy',
  'VUpdate',
]);

/** Statements whose footprint is remembered before the memory starts over. */
const MAX_STATEMENTS = 4096;

/**
 * The footprints of one connection's statements, computed once per SQL text. A footprint is null
 * when SQLite's program opens something this cannot name (a b-tree of another attached database,
 * a root page `sqlite_master` does not list): callers then assume the statement touches everything.
 * Call {@link Footprints.reset} after any schema change (root pages may move).
 */
export class Footprints {
  private readonly known = new Map<string, Footprint | null>();
  private tablesByRootPage: Map<number, string> | undefined;

  constructor(private readonly db: Database) {}

  /** The tables `sql` opens, or null when they cannot all be named (or `sql` does not compile). */
  of(sql: string): Footprint | null {
    let footprint = this.known.get(sql);
    if (footprint === undefined) {
      footprint = this.explain(sql);
      if (this.known.size >= MAX_STATEMENTS) this.known.clear();
      this.known.set(sql, footprint);
    }
    return footprint;
  }

  /** Forgets every footprint and the root-page map (after DDL, or when the database is reopened). */
  reset(): void {
    this.known.clear();
    this.tablesByRootPage = undefined;
  }

  private explain(sql: string): Footprint | null {
    const tables = (this.tablesByRootPage ??= this.readRootPages());
    const reads = new Set<string>();
    const writes = new Set<string>();
    let statement;
    try {
      statement = this.db.prepare(`EXPLAIN ${sql}`);
    } catch {
      return null;
    }
    try {
      while (statement.step()) {
        const [, opcode, p1, p2, p3, , p5] = statement.get() as [
          number,
          string,
          number,
          number,
          number,
          unknown,
          number,
        ];
        // OpenRead/ReopenIdx/OpenWrite open a cursor on the b-tree at root page P2 of database P3
        // (0 is main; P5 bit 0x10 means P2 names a register instead); Clear empties the b-tree at
        // root page P1 of database P2 (a DELETE without WHERE).
        let table: string | undefined;
        if (opcode === 'OpenRead' || opcode === 'ReopenIdx' || opcode === 'OpenWrite') {
          table = p3 === 0 && (p5 & 0x10) === 0 ? tables.get(p2) : undefined;
          if (table === undefined) return null;
          (opcode === 'OpenWrite' ? writes : reads).add(table);
        } else if (opcode === 'Clear') {
          table = p2 === 0 ? tables.get(p1) : undefined;
          if (table === undefined) return null;
          writes.add(table);
        } else if (UNTRACKED.has(opcode)) return null;
      }
    } finally {
      statement.free();
    }
    return { reads: [...reads], writes: [...writes] };
  }

  private readRootPages(): Map<number, string> {
    const map = new Map<number, string>();
    const result = this.db.exec('SELECT rootpage, tbl_name FROM sqlite_master WHERE rootpage > 0');
    for (const [rootPage, table] of result[0]?.values ?? []) map.set(Number(rootPage), String(table));
    return map;
  }
}
