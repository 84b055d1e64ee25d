/**
 * Whether a snapshot and the log beside it belong together, checked before anything is replayed:
 * a log that is missing, belongs to another database, or is older or newer than its snapshot would
 * otherwise open as if nothing were lost.
 *
 * What the writer guarantees, and so what a crash can leave: a snapshot that needs its log
 * replaces the file only once its log holds every record the snapshot does, and a log is rewritten
 * to start at the snapshot only after that snapshot is on disk (or, when the log holds nothing the
 * snapshot lacks, before it). So the log beside a snapshot carries the snapshot's log identity,
 * starts at or before the snapshot's last record, and reaches at least that record. Anything else
 * is a file copied or restored without its partner.
 *
 * @module
 */
import { StorageError } from '../../../ports/storage';
import type { StorageLogger } from '../persistence';
import { lastLsnOf, type LogFile } from './log-file';
import type { SnapshotMarker } from './marker';

/** What {@link checkPairing} looks at. */
export interface Pairing {
  /** The snapshot's path. */
  file: string;
  /** The log's path. */
  logPath: string;
  /** The snapshot's marker, or null when there is no snapshot (a new database). */
  marker: SnapshotMarker | null;
  /** The log. */
  log: LogFile;
  /** Open a snapshot whose log is missing, losing the writes only the log held. */
  allowMissingLog: boolean;
  /** Told when a missing log is allowed. */
  logger: StorageLogger;
}

/**
 * Throws unless the log at `logPath` is the one the snapshot at `file` needs (or the snapshot needs
 * none). A log written by an earlier version carries no identity and is taken as it is.
 *
 * @throws StorageError that names the file, what is wrong and what to do.
 */
export function checkPairing({ file, logPath, marker, log, allowMissingLog, logger }: Pairing): void {
  const optIn = `move the log away and open with allowMissingLog: true to start from ${file} alone`;
  if (marker === null) {
    const holdsRecords =
      log.kind !== 'missing' &&
      (log.decoded.records.length > 0 || (log.kind === 'current' && log.header.base > 0));
    if (holdsRecords) {
      throw new StorageError(
        `sql.js: ${logPath} holds writes but the database file ${file} does not exist; restore ${file}, or move the log away to start an empty database`,
      );
    }
    return;
  }
  if (log.kind === 'missing') {
    if (marker.selfContained) return;
    const why =
      marker.logId === null
        ? `${file} was written by an earlier version, which did not record whether it holds every write`
        : `the writes made after ${file} was written (after record ${marker.lsn}) are only in that log`;
    if (allowMissingLog) {
      logger.warn(
        `sql.js: opening ${file} without its write-ahead log ${logPath} (allowMissingLog): the writes only that log held are lost`,
      );
      return;
    }
    throw new StorageError(
      `sql.js: the write-ahead log ${logPath} is missing; ${why}. Put the log back beside the file (copy both while the service is stopped, or copy the single file storage.backup() writes), or open with allowMissingLog: true to start from ${file} alone and lose those writes`,
    );
  }
  if (log.kind === 'legacy') return;
  const { id, base } = log.header;
  const instead = marker.selfContained
    ? `${file} holds every write itself: move the log away`
    : `put the log that goes with ${file} beside it, or ${optIn}`;
  if (marker.logId !== null && id !== marker.logId) {
    throw new StorageError(
      `sql.js: ${logPath} is not the log of ${file} (it is log ${id}, the file goes with log ${marker.logId}): it belongs to another database or another copy of this one; ${instead}`,
    );
  }
  if (base > marker.lsn) {
    throw new StorageError(
      `sql.js: ${logPath} starts after record ${base}, but ${file} holds records only up to ${marker.lsn}: the file is older than its log, and records ${marker.lsn + 1} to ${base} are in neither; restore the file that goes with this log, or ${optIn}`,
    );
  }
  const last = lastLsnOf(log);
  if (!marker.selfContained && last < marker.lsn) {
    throw new StorageError(
      `sql.js: ${logPath} ends at record ${last}, but ${file} needs its log up to record ${marker.lsn} or later: the log is older than the file, and writes made after the file may be missing; ${instead}`,
    );
  }
}
