/**
 * The write-ahead log as a file: a header that says which log it is and which snapshot it follows,
 * then its records (see `record.ts`).
 *
 * The header is `[16-byte magic][16-byte log id][f64 base lsn][8-byte checksum]`, little endian; the
 * checksum is the first 8 bytes of the SHA-256 of what precedes it. The base is the sequence number
 * of the last record of the snapshot the log was started for, so its first record is `base + 1`.
 * A log is only ever created or rewritten whole (temporary file, fsync, rename), so its header is
 * never torn.
 *
 * Logs written before the header existed start directly with a record; they are read as `legacy`
 * logs, whose identity is unknown.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { StorageError } from '../../../ports/storage';
import { decodeLog, type DecodedLog } from './record';

/** Which log a file is, and which snapshot it follows. */
export interface LogHeader {
  /** The log's identity (32 hex digits), recorded in every snapshot that needs this log. */
  id: string;
  /** The sequence number of the last record of the snapshot the log follows. */
  base: number;
}

/** What is at a log's path. */
export type LogFile =
  | { kind: 'missing' }
  | { kind: 'legacy'; bytes: Buffer; decoded: DecodedLog }
  | { kind: 'current'; header: LogHeader; bytes: Buffer; decoded: DecodedLog };

// Bytes 4-7 of a legacy log are a record's reserved field, always 0: this magic cannot start one.
const MAGIC = Buffer.from('leadbook-wal-v1\n', 'latin1');
const ID_BYTES = 16;
const CHECKSUM_BYTES = 8;
/** The byte length of a log's header: a log that holds no records is this long. */
export const LOG_HEADER_BYTES = MAGIC.length + ID_BYTES + 8 + CHECKSUM_BYTES;

const checksum = (bytes: Uint8Array): Buffer =>
  createHash('sha256').update(bytes).digest().subarray(0, CHECKSUM_BYTES);

/** A new, random log identity. */
export function newLogId(): string {
  return randomBytes(ID_BYTES).toString('hex');
}

/** Encodes a log's header. */
export function encodeLogHeader({ id, base }: LogHeader): Buffer {
  const header = Buffer.alloc(LOG_HEADER_BYTES);
  MAGIC.copy(header, 0);
  Buffer.from(id, 'hex').copy(header, MAGIC.length);
  header.writeDoubleLE(base, MAGIC.length + ID_BYTES);
  const end = LOG_HEADER_BYTES - CHECKSUM_BYTES;
  checksum(header.subarray(0, end)).copy(header, end);
  return header;
}

/**
 * Reads and decodes the log at `path`.
 *
 * @throws StorageError when it cannot be read, or starts like a log but its header is damaged.
 */
export async function readLogFile(path: string): Promise<LogFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw new StorageError(`sql.js: cannot read ${path}`, { cause: error });
  }
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    return { kind: 'legacy', bytes, decoded: decodeLog(bytes) };
  }
  const end = LOG_HEADER_BYTES - CHECKSUM_BYTES;
  if (
    bytes.length < LOG_HEADER_BYTES ||
    !checksum(bytes.subarray(0, end)).equals(bytes.subarray(end, LOG_HEADER_BYTES))
  ) {
    throw new StorageError(
      `sql.js: the header of ${path} is damaged, so it cannot be matched to its database file; move it away and open with allowMissingLog: true to start from the database file alone`,
    );
  }
  const header = {
    id: bytes.subarray(MAGIC.length, MAGIC.length + ID_BYTES).toString('hex'),
    base: bytes.readDoubleLE(MAGIC.length + ID_BYTES),
  };
  return { kind: 'current', header, bytes, decoded: decodeLog(bytes, LOG_HEADER_BYTES) };
}

/** The sequence number of the last whole record of a log, or its base when it holds none. */
export function lastLsnOf(log: { header: LogHeader; decoded: DecodedLog }): number {
  return log.decoded.records.at(-1)?.lsn ?? log.header.base;
}
