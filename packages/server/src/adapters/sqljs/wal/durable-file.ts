/**
 * A persisted sql.js database: a snapshot file and a write-ahead log beside it (`<file>-wal`).
 * Each committed transaction appends one record of its writes to the log; a snapshot of the whole
 * database replaces the file when the log has grown past a threshold and on close, and the log then
 * restarts with the records the snapshot does not hold. Opening checks that the log is the one the
 * snapshot needs, loads the snapshot and replays the log, stopping at a torn or corrupt tail (see
 * `recover.ts`).
 *
 * Each snapshot records, inside itself, the sequence number of the last record it holds, the
 * identity of its log and whether it needs that log at all (see `marker.ts`), so a crash between
 * writing the snapshot and rewriting the log replays nothing twice, and a snapshot copied without
 * its log is refused instead of opening with writes missing.
 *
 * @module
 */
import { open } from 'node:fs/promises';
import { StorageError } from '../../../ports/storage';
import type { SqlConnection } from '../connection';
import type { Mutex } from '../mutex';
import { writeFileAtomic, type StorageLogger } from '../persistence';
import { encodeLogHeader, LOG_HEADER_BYTES, newLogId } from './log-file';
import { setMarker } from './marker';
import { encodeRecord, type LoggedStatement } from './record';
import { recover } from './recover';
import { WalWriter, type FlushPolicy } from './writer';

/** What a persisted database promises for a committed transaction. */
export type Durability = 'commit' | 'interval';

/** Options of {@link DurableFile.open}. */
export interface DurableFileOptions {
  /** The snapshot file; the log is `<file>-wal`. */
  file: string;
  /** `commit`: a transaction resolves once its record is on disk; `interval`: the log is written every `flushIntervalMs`. */
  durability: Durability;
  /** How often the log is written in `interval` mode. */
  flushIntervalMs: number;
  /** The log size past which a snapshot is taken. */
  snapshotAfterBytes: number;
  /** Open a snapshot whose log is missing, losing the writes only the log held. */
  allowMissingLog: boolean;
  /** Where recovery and background failures are reported. */
  logger: StorageLogger;
}

/** The log of a persisted database, opened and recovered. */
export class DurableFile {
  private checkpointing: Promise<void> | undefined;

  private constructor(
    private readonly options: DurableFileOptions,
    private readonly connection: SqlConnection,
    private readonly mutex: Mutex,
    private readonly writer: WalWriter,
    private lastLsn: number,
    private readonly logId: string,
  ) {}

  /** The log's path. */
  static logPath(file: string): string {
    return `${file}-wal`;
  }

  /**
   * Recovers `options.file` and its log into `connection` (loaded from the snapshot, or empty when
   * `hasSnapshot` is false; not migrated yet), calls `migrate`, and starts a new snapshot and log.
   *
   * @throws StorageError when the log is not the one the snapshot needs (missing, another
   *   database's, older or newer than the snapshot), or a record cannot be replayed or is missing.
   */
  static async open(
    options: DurableFileOptions,
    connection: SqlConnection,
    mutex: Mutex,
    hasSnapshot: boolean,
    migrate: () => unknown,
  ): Promise<DurableFile> {
    const { file, allowMissingLog, logger } = options;
    const logPath = DurableFile.logPath(file);
    const { logId, lsn } = await recover(
      { file, logPath, allowMissingLog, logger },
      connection,
      hasSnapshot,
      migrate,
    );
    const policy: FlushPolicy =
      options.durability === 'commit'
        ? { kind: 'commit' }
        : { kind: 'interval', intervalMs: options.flushIntervalMs };
    const writer = new WalWriter(await open(logPath, 'a+'), LOG_HEADER_BYTES, lsn, policy);
    return new DurableFile(options, connection, mutex, writer, lsn, logId);
  }

  /** Why the log can no longer be written, if it cannot. */
  get failure(): Error | undefined {
    return this.writer.failed;
  }

  /** The group sizes of the log's writes so far (the newest 10,000), for benchmarks. */
  get batchSizes(): readonly number[] {
    return this.writer.batchSizes;
  }

  /** The sequence number of the newest committed transaction (durable or not). */
  get newestLsn(): number {
    return this.lastLsn;
  }

  /**
   * Logs a transaction that has just committed (call under the transaction mutex, in commit order)
   * and returns its sequence number; {@link DurableFile.settle} waits for it.
   */
  commit(statements: readonly LoggedStatement[]): number {
    const lsn = ++this.lastLsn;
    this.writer.append(lsn, encodeRecord(lsn, statements));
    if (this.writer.size > this.options.snapshotAfterBytes) this.snapshotSoon();
    return lsn;
  }

  /**
   * Resolves when `lsn` is as durable as the mode promises: on disk in `commit` mode, at once in
   * `interval` mode (the log is written within the interval).
   *
   * @throws StorageError when the log could not be written.
   */
  async settle(lsn: number): Promise<void> {
    if (this.options.durability === 'interval' && !this.writer.failed) return;
    await this.onDisk(lsn);
  }

  /**
   * Resolves once the record `lsn` and every earlier one are on disk, writing the log now if need
   * be, whatever the durability mode.
   *
   * @throws StorageError when the log could not be written.
   */
  async onDisk(lsn: number): Promise<void> {
    try {
      await this.writer.whenDurable(lsn);
    } catch (error) {
      throw new StorageError(`sql.js: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Writes the log now; rejects when it cannot be written. */
  async flush(): Promise<void> {
    try {
      await this.writer.flush();
    } catch (error) {
      throw new StorageError(`sql.js: ${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * Writes a snapshot and restarts the log with the records the snapshot does not hold. Transactions
   * wait only while the database image is exported; the file writes happen beside them.
   */
  snapshot(): Promise<void> {
    this.checkpointing ??= this.takeSnapshot(false).finally(() => (this.checkpointing = undefined));
    return this.checkpointing;
  }

  /**
   * Flushes the log and writes a last snapshot that holds every record, and says so: it opens
   * without its log (for `close()`; transactions have ended, and none follows).
   */
  async close(): Promise<void> {
    await this.checkpointing;
    try {
      await this.flush();
      await this.takeSnapshot(true);
    } finally {
      await this.writer.close();
    }
  }

  /**
   * An image of the database now that opens on its own, without a log: it holds every committed
   * transaction, and a log of its own identity (no other file's) goes with it. Call between
   * transactions.
   */
  standaloneImage(): Uint8Array {
    setMarker(this.connection, { lsn: this.lastLsn, logId: newLogId(), selfContained: true });
    return this.connection.export();
  }

  private snapshotSoon(): void {
    if (this.checkpointing) return;
    this.snapshot().catch((error: unknown) =>
      this.options.logger.error(
        `sql.js: could not write a snapshot of ${this.options.file}; the log keeps growing`,
        {
          error,
        },
      ),
    );
  }

  private async takeSnapshot(selfContained: boolean): Promise<void> {
    const { file } = this.options;
    const logPath = DurableFile.logPath(file);
    // Between transactions: the image, its marker and the log position agree.
    const { bytes, lsn, keepFrom } = await this.mutex.run(() => {
      setMarker(this.connection, { lsn: this.lastLsn, logId: this.logId, selfContained });
      return {
        bytes: this.connection.export(),
        lsn: this.lastLsn,
        keepFrom: this.writer.offsetAfter(this.lastLsn),
      };
    });
    // The snapshot replaces the file only once the log holds every record it does, so the log
    // beside a snapshot never ends before it (pairing.ts refuses one that does).
    await this.onDisk(lsn);
    const offset = await keepFrom;
    await writeFileAtomic(file, bytes);
    // The records after the snapshot move to a new log; until it replaces the old one, new records wait.
    await this.writer.pause(async (old, size) => {
      const tail = Buffer.alloc(size - offset);
      if (tail.length > 0) await old.read(tail, 0, tail.length, offset);
      const next = Buffer.concat([encodeLogHeader({ id: this.logId, base: lsn }), tail]);
      await writeFileAtomic(logPath, next);
      await old.close();
      return { handle: await open(logPath, 'a+'), size: next.length };
    });
  }
}
