/**
 * A persisted sql.js database: a snapshot file and a write-ahead log beside it (`<file>-wal`).
 * Each committed transaction appends one record of its writes to the log; a snapshot of the whole
 * database replaces the file when the log has grown past a threshold and on close, and the log then
 * restarts with the records the snapshot does not hold. Opening loads the snapshot and replays the
 * log, stopping at a torn or corrupt tail.
 *
 * The snapshot records the sequence number of the last record it holds in `sqljs_wal_state`, so a
 * crash between writing the snapshot and rewriting the log replays nothing twice.
 *
 * @module
 */
import { open, readFile } from 'node:fs/promises';
import { StorageError } from '../../../ports/storage';
import type { SqlConnection } from '../connection';
import type { Mutex } from '../mutex';
import { writeFileAtomic, type StorageLogger } from '../persistence';
import { decodeLog, encodeRecord, type LoggedStatement } from './record';
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
  /** Where recovery and background failures are reported. */
  logger: StorageLogger;
}

const STATE_DDL = `CREATE TABLE IF NOT EXISTS sqljs_wal_state (id INTEGER PRIMARY KEY CHECK (id = 1), lsn REAL NOT NULL);
INSERT OR IGNORE INTO sqljs_wal_state (id, lsn) VALUES (1, 0);`;

/** The log of a persisted database, opened and recovered. */
export class DurableFile {
  private checkpointing: Promise<void> | undefined;

  private constructor(
    private readonly options: DurableFileOptions,
    private readonly connection: SqlConnection,
    private readonly mutex: Mutex,
    private readonly writer: WalWriter,
    private lastLsn: number,
  ) {}

  /** The log's path. */
  static logPath(file: string): string {
    return `${file}-wal`;
  }

  /**
   * Replays the log of `options.file` into `connection` (loaded from the snapshot, not migrated
   * yet), then calls `migrate`, and writes a snapshot when either changed the database.
   *
   * @throws StorageError when a record cannot be replayed or the log skips records.
   */
  static async open(
    options: DurableFileOptions,
    connection: SqlConnection,
    mutex: Mutex,
    migrate: () => number,
  ): Promise<DurableFile> {
    const { file, logger } = options;
    const logPath = DurableFile.logPath(file);
    connection.exec(STATE_DDL);
    const snapshotLsn = Number(connection.get('SELECT lsn FROM sqljs_wal_state WHERE id = 1')?.['lsn'] ?? 0);
    const log = await readLog(logPath);
    const decoded = decodeLog(log);
    if (decoded.stoppedBecause !== null) {
      logger.warn(
        `sql.js: ${logPath}: ${decoded.stoppedBecause}; recovered the ${decoded.records.length} records before byte ${decoded.validBytes} and dropped the ${log.length - decoded.validBytes} bytes after it`,
      );
    }
    let lastLsn = snapshotLsn;
    for (const record of decoded.records) {
      if (record.lsn <= snapshotLsn) continue;
      if (record.lsn !== lastLsn + 1) {
        throw new StorageError(
          `sql.js: ${logPath} skips from record ${lastLsn} to ${record.lsn}; the database cannot be recovered`,
        );
      }
      replay(connection, record.statements, record.lsn, logPath);
      lastLsn = record.lsn;
    }
    const migrated = migrate();
    const policy: FlushPolicy =
      options.durability === 'commit'
        ? { kind: 'commit' }
        : { kind: 'interval', intervalMs: options.flushIntervalMs };
    // A new database, a replayed log or a migration: start from a snapshot of it and an empty log.
    if (log.length > 0 || migrated > 0) {
      connection.run('UPDATE sqljs_wal_state SET lsn = ? WHERE id = 1', [lastLsn]);
      await writeFileAtomic(file, connection.export());
      await writeFileAtomic(logPath, new Uint8Array(0));
    }
    const writer = new WalWriter(await open(logPath, 'a+'), 0, lastLsn, policy);
    return new DurableFile(options, connection, mutex, writer, lastLsn);
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
    this.checkpointing ??= this.takeSnapshot().finally(() => (this.checkpointing = undefined));
    return this.checkpointing;
  }

  /** Flushes the log and writes a last snapshot (for `close()`; transactions have ended). */
  async close(): Promise<void> {
    await this.checkpointing;
    try {
      await this.flush();
      await this.takeSnapshot();
    } finally {
      await this.writer.close();
    }
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

  private async takeSnapshot(): Promise<void> {
    const logPath = DurableFile.logPath(this.options.file);
    // Between transactions: the image and its sequence number agree.
    const { bytes, lsn } = await this.mutex.run(() => {
      this.connection.run('UPDATE sqljs_wal_state SET lsn = ? WHERE id = 1', [this.lastLsn]);
      return { bytes: this.connection.export(), lsn: this.lastLsn };
    });
    const keepFrom = this.writer.offsetAfter(lsn);
    await writeFileAtomic(this.options.file, bytes);
    const offset = await keepFrom;
    // The records after the snapshot move to a new log; until it replaces the old one, new records wait.
    await this.writer.pause(async (old, size) => {
      const tail = Buffer.alloc(size - offset);
      if (tail.length > 0) await old.read(tail, 0, tail.length, offset);
      await writeFileAtomic(logPath, tail);
      await old.close();
      return { handle: await open(logPath, 'a+'), size: tail.length };
    });
  }
}

async function readLog(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw new StorageError(`sql.js: cannot read ${path}`, { cause: error });
  }
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
