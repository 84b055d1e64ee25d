/**
 * File persistence of the sql.js database: load at start, atomic writes (temp file, fsync,
 * rename), cleanup of temp files an interrupted write left, and a debounced writer.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StorageError } from '../../ports/storage';

/** Where the adapter reports problems it does not throw (failed background writes, cleanup). */
export interface StorageLogger {
  /** Something odd that needs no action now. */
  warn(message: string, meta?: object): void;
  /** A failure, such as a write that will be retried. */
  error(message: string, meta?: object): void;
}

const SQLITE_HEADER = 'SQLite format 3\u0000';

/**
 * The bytes of the database file, or null when it does not exist yet (its directory is then
 * created).
 *
 * @throws StorageError when the file cannot be read, is empty or is not a SQLite database: starting
 *   empty would overwrite the data on the next write.
 */
export async function readDatabaseFile(file: string): Promise<Uint8Array | null> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      await mkdir(dirname(file), { recursive: true });
      return null;
    }
    throw new StorageError(`sql.js: cannot read the database file ${file}`, { cause: error });
  }
  const header = new TextDecoder().decode(bytes.subarray(0, SQLITE_HEADER.length));
  if (header !== SQLITE_HEADER) {
    const what = bytes.length === 0 ? 'is empty' : 'is not a SQLite database';
    throw new StorageError(
      `sql.js: the database file ${file} ${what}; move it away to start with an empty database`,
    );
  }
  return bytes;
}

/**
 * Replaces `file` with `bytes` atomically: a reader sees the old file or the new one, never a mix.
 * The bytes go to `<file>.<pid>.<random>.tmp` in the same directory, are fsynced, then renamed over
 * the file.
 */
export async function writeFileAtomic(file: string, bytes: Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(file));
}

// Makes the rename itself durable. Best effort: some platforms (Windows) cannot open a directory.
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The data is in place; only the durability of the rename across a power cut is weaker.
  }
}

/**
 * Deletes `<basename>.<pid>.<hex>.tmp` files beside `file`: an interrupted write leaves one, and the
 * real file never depends on it. Failures are logged, not thrown.
 */
export async function removeStaleTempFiles(file: string, logger: StorageLogger): Promise<void> {
  const directory = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^\d+\.[0-9a-f]+\.tmp$/.test(name.slice(prefix.length))) continue;
    await unlink(join(directory, name)).catch((error: unknown) => {
      logger.warn('sql.js: could not delete a stale temp file', { file: join(directory, name), error });
    });
  }
}

/**
 * Coalesces many "something changed" signals into few writes: `schedule()` marks the data dirty
 * and starts a timer; when it fires (or on `flush()`), one write saves everything so far. Writes
 * never overlap, so an older image can never land after a newer one. A failed write keeps the data
 * dirty and is retried on the next `schedule()` or `flush()`.
 */
export class DebouncedWriter {
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<void> = Promise.resolve();

  /**
   * @param write saves the current state (it reads the state when it runs, not when scheduled)
   * @param debounceMs how long to wait after the first change before writing
   * @param onError reports a failed write
   */
  constructor(
    private readonly write: () => Promise<void>,
    private readonly debounceMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Marks the data changed and makes sure a write is coming. */
  schedule(): void {
    this.dirty = true;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Reported by flush through onError; a timer has nobody to throw to.
      this.flush().catch(() => undefined);
    }, this.debounceMs);
  }

  /** Writes now if anything changed since the last successful write; rejects when the write fails. */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const next = this.queue.then(() => this.writeIfDirty());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      await this.write();
    } catch (error) {
      this.dirty = true;
      this.onError(error);
      throw error;
    }
  }
}
