/**
 * Every table's rows of a SQLite image, for comparing two databases row for row (a live one and
 * the one replayed from its file and log).
 *
 * @module
 */
import { copyFileSync, existsSync } from 'node:fs';
import initSqlJs from 'sql.js';

/** Rows of every table, each as JSON and sorted, by table name; the log's bookkeeping table left out. */
export async function dumpTables(image: Uint8Array): Promise<Record<string, string[]>> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(image);
  try {
    const names = db.exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqljs_wal_state' ORDER BY name",
    )[0]!.values;
    return Object.fromEntries(
      names.map(([name]) => {
        const rows = db.exec(`SELECT * FROM "${String(name)}"`)[0]?.values ?? [];
        return [String(name), rows.map((row) => JSON.stringify(row)).sort()];
      }),
    );
  } finally {
    db.close();
  }
}

/** Copies a persisted database and its log to `target`, as a crash now would leave them on disk. */
export function copyAsCrashed(file: string, target: string): void {
  copyFileSync(file, target);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${target}-wal`);
}
