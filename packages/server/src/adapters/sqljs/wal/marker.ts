/**
 * What a snapshot says about its write-ahead log, kept in the snapshot itself (the one row of
 * `sqljs_wal_state`) so that it is written atomically with the data it describes. The row is set
 * just before each image is exported; the live database's values matter only in those images.
 *
 * @module
 */
import type { SqlConnection } from '../connection';

/** A snapshot's record of the log that goes with it. */
export interface SnapshotMarker {
  /** The sequence number of the last log record the snapshot holds. */
  lsn: number;
  /** The identity of the log the snapshot goes with, or null when the file does not say (see {@link readMarker}). */
  logId: string | null;
  /**
   * True when no record follows the snapshot (written by `close()`, a backup or an export): the file
   * opens without a log. False when records may follow it in its log, which it then needs.
   */
  selfContained: boolean;
}

// `log_id` and `self_contained` came later: a snapshot without them was written by an earlier
// version. The version a table already has is extended in place by `prepareMarker`.
const STATE_DDL = `CREATE TABLE IF NOT EXISTS sqljs_wal_state (id INTEGER PRIMARY KEY CHECK (id = 1), lsn REAL NOT NULL);
INSERT OR IGNORE INTO sqljs_wal_state (id, lsn) VALUES (1, 0);`;
const ADD_COLUMNS = `ALTER TABLE sqljs_wal_state ADD COLUMN log_id TEXT;
ALTER TABLE sqljs_wal_state ADD COLUMN self_contained INTEGER NOT NULL DEFAULT 0;`;

/**
 * The marker of a database image just loaded:
 * - no `sqljs_wal_state` table: the image never belonged to a persisted database (an in-memory
 *   storage's export, say), so it has no log and holds everything: self-contained, sequence 0;
 * - the table without a log identity: a snapshot of an earlier version, which did not record
 *   whether records followed it: taken to need its log;
 * - otherwise what the snapshot recorded.
 */
export function readMarker(connection: SqlConnection): SnapshotMarker {
  const table = connection.get(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sqljs_wal_state'",
  );
  if (!table) return { lsn: 0, logId: null, selfContained: true };
  const row = connection.get('SELECT * FROM sqljs_wal_state WHERE id = 1') ?? {};
  const lsn = Number(row['lsn'] ?? 0);
  const logId = row['log_id'];
  if (typeof logId !== 'string') return { lsn, logId: null, selfContained: false };
  return { lsn, logId, selfContained: row['self_contained'] === 1 };
}

/** Creates the marker's row, or adds the columns an earlier version's row lacks. */
export function prepareMarker(connection: SqlConnection): void {
  connection.exec(STATE_DDL);
  if (!('log_id' in (connection.get('SELECT * FROM sqljs_wal_state WHERE id = 1') ?? {}))) {
    connection.exec(ADD_COLUMNS);
  }
}

/**
 * Sets the marker the next exported image carries (call between transactions, after
 * {@link prepareMarker}). It is not logged: replaying a log never changes it.
 */
export function setMarker(connection: SqlConnection, marker: SnapshotMarker): void {
  connection.run('UPDATE sqljs_wal_state SET lsn = ?, log_id = ?, self_contained = ? WHERE id = 1', [
    marker.lsn,
    marker.logId,
    marker.selfContained ? 1 : 0,
  ]);
}
