/**
 * File helpers of the persisted sql.js database: load the snapshot at start, atomic writes (temp
 * file, fsync, rename), and cleanup of temp files an interrupted write left. The write-ahead log is
 * in `wal/`.
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
