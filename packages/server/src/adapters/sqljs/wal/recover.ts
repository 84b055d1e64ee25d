/**
 * Opening a persisted database: check that the log beside the snapshot is the one it needs, replay
 * the records the snapshot lacks, migrate, then start again from a new snapshot and an empty log.
 *
 * @module
 */
import { StorageError } from '../../../ports/storage';
import type { SqlConnection } from '../connection';
import { writeFileAtomic, type StorageLogger } from '../persistence';
import { encodeLogHeader, newLogId, readLogFile } from './log-file';
import { prepareMarker, readMarker, setMarker } from './marker';
import { checkPairing } from './pairing';
import type { LoggedStatement } from './record';

/** Where a database is and how to open it. */
export interface RecoverOptions {
  /** The snapshot's path. */
  file: string;
  /** The log's path. */
  logPath: string;
  /** Open a snapshot whose log is missing (see `SqlJsStorageOptions.allowMissingLog`). */
  allowMissingLog: boolean;
  /** Told about a torn log tail and an allowed missing log. */
  logger: StorageLogger;
}

/** The state a recovered database continues from. */
export interface Recovered {
  /** The identity of its log. */
  logId: string;
  /** The sequence number of its newest record. */
  lsn: number;
}

/**
 * Recovers the database into `connection` (loaded from the snapshot, or empty when `hasSnapshot`
 * is false), runs `migrate`, and leaves on disk a snapshot of the result that needs its log and
 * that log, empty. Every start writes both: a snapshot from `close()` says it needs no log, and
 * must say otherwise before the first record is appended.
 *
 * @throws StorageError when the log is not the one the snapshot needs, or a record cannot be
 *   replayed or is missing.
 */
export async function recover(
  { file, logPath, allowMissingLog, logger }: RecoverOptions,
  connection: SqlConnection,
  hasSnapshot: boolean,
  migrate: () => unknown,
): Promise<Recovered> {
  const marker = hasSnapshot ? readMarker(connection) : null;
  const log = await readLogFile(logPath);
  checkPairing({ file, logPath, marker, log, allowMissingLog, logger });
  prepareMarker(connection);
  let lsn = marker?.lsn ?? 0;
  let replayed = 0;
  if (log.kind !== 'missing') {
    const { bytes, decoded } = log;
    if (decoded.stoppedBecause !== null) {
      logger.warn(
        `sql.js: ${logPath}: ${decoded.stoppedBecause}; recovered the ${decoded.records.length} records before byte ${decoded.validBytes} and dropped the ${bytes.length - decoded.validBytes} bytes after it`,
      );
    }
    for (const record of decoded.records) {
      if (record.lsn <= lsn) continue;
      if (record.lsn !== lsn + 1) {
        throw new StorageError(
          `sql.js: ${logPath} skips from record ${lsn} to ${record.lsn}; the database cannot be recovered`,
        );
      }
      replay(connection, record.statements, record.lsn, logPath);
      lsn = record.lsn;
      replayed++;
    }
  }
  migrate();

  const logId = marker?.logId ?? (log.kind === 'current' ? log.header.id : newLogId());
  const writeSnapshot = () => {
    setMarker(connection, { lsn, logId, selfContained: false });
    return writeFileAtomic(file, connection.export());
  };
  const restartLog = () => writeFileAtomic(logPath, encodeLogHeader({ id: logId, base: lsn }));
  // Whatever a crash between the two writes leaves must pair (see pairing.ts): replayed records
  // exist only in the old log until the new snapshot holds them; otherwise the old snapshot is
  // already complete and the new log may come first.
  if (replayed > 0) {
    await writeSnapshot();
    await restartLog();
  } else {
    await restartLog();
    await writeSnapshot();
  }
  return { logId, lsn };
}

function replay(
  connection: SqlConnection,
  statements: readonly LoggedStatement[],
  lsn: number,
  logPath: string,
) {
  connection.control('BEGIN');
  try {
    for (const { sql, params } of statements) connection.run(sql, params);
    connection.control('COMMIT');
  } catch (error) {
    connection.control('ROLLBACK');
    throw new StorageError(`sql.js: ${logPath}: record ${lsn} cannot be replayed`, { cause: error });
  }
}
