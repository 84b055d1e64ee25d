/**
 * The records of the write-ahead log: one per committed transaction, holding its write statements
 * and their parameters, so that replaying them on the snapshot the log follows gives the same
 * database. They follow the log's header (see `log-file.ts`).
 *
 * A record is `[u32 payload length][u32 reserved = 0][f64 lsn][payload][8-byte checksum]`, little
 * endian; the checksum is the first 8 bytes of the SHA-256 of everything before it. The payload is
 * `[u32 statement count]` and per statement `[u32 sql length][sql UTF-8][u16 parameter count]` and
 * per parameter a tag byte (0 null, 1 number as f64, 2 UTF-8 text, 3 bytes) with, for text and
 * bytes, `[u32 length][bytes]`.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { SqlParam } from '../connection';

/** One write statement of a transaction. */
export interface LoggedStatement {
  /** The SQL text. */
  sql: string;
  /** Its bound parameters. */
  params: readonly SqlParam[];
}

/** A decoded record: a committed transaction's writes, numbered. */
export interface WalRecord {
  /** The log sequence number: 1, 2, 3, ... across the life of the database. */
  lsn: number;
  /** The write statements, in the order they ran. */
  statements: LoggedStatement[];
}

const HEADER_BYTES = 16;
const CHECKSUM_BYTES = 8;
/** The longest payload a record may declare: a longer length is corruption, not a record. */
const MAX_PAYLOAD_BYTES = 1 << 30;

const TAG_NULL = 0;
const TAG_NUMBER = 1;
const TAG_TEXT = 2;
const TAG_BYTES = 3;

// Repositories use a few dozen SQL texts: encode each once.
const sqlBytes = new Map<string, Buffer>();
const encodedSql = (sql: string): Buffer => {
  let bytes = sqlBytes.get(sql);
  if (!bytes) {
    bytes = Buffer.from(sql, 'utf8');
    if (sqlBytes.size < 4096) sqlBytes.set(sql, bytes);
  }
  return bytes;
};

const checksum = (bytes: Uint8Array): Buffer =>
  createHash('sha256').update(bytes).digest().subarray(0, CHECKSUM_BYTES);

/** Encodes one record. */
export function encodeRecord(lsn: number, statements: readonly LoggedStatement[]): Buffer {
  const parts: Buffer[] = [];
  const u32 = (value: number) => {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32LE(value);
    parts.push(b);
  };
  u32(statements.length);
  for (const { sql, params } of statements) {
    const text = encodedSql(sql);
    u32(text.length);
    parts.push(text);
    const count = Buffer.allocUnsafe(2);
    count.writeUInt16LE(params.length);
    parts.push(count);
    for (const param of params) parts.push(...encodeParam(param));
  }
  const payload = Buffer.concat(parts);
  const record = Buffer.allocUnsafe(HEADER_BYTES + payload.length + CHECKSUM_BYTES);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(0, 4);
  record.writeDoubleLE(lsn, 8);
  payload.copy(record, HEADER_BYTES);
  const end = HEADER_BYTES + payload.length;
  checksum(record.subarray(0, end)).copy(record, end);
  return record;
}

function encodeParam(param: SqlParam): Buffer[] {
  if (param === null) return [Buffer.from([TAG_NULL])];
  if (typeof param === 'number') {
    const b = Buffer.allocUnsafe(9);
    b.writeUInt8(TAG_NUMBER, 0);
    b.writeDoubleLE(param, 1);
    return [b];
  }
  const bytes = typeof param === 'string' ? Buffer.from(param, 'utf8') : Buffer.from(param);
  const head = Buffer.allocUnsafe(5);
  head.writeUInt8(typeof param === 'string' ? TAG_TEXT : TAG_BYTES, 0);
  head.writeUInt32LE(bytes.length, 1);
  return [head, bytes];
}

/** What reading a log found: the whole records, and where and why reading stopped early. */
export interface DecodedLog {
  /** Every whole, intact record, in order. */
  records: WalRecord[];
  /** Where those records end: the offset at which the next record would start. */
  validBytes: number;
  /** Why bytes after `validBytes` were not read, or null when the log ends cleanly. */
  stoppedBecause: string | null;
}

/**
 * Decodes the records of a log from byte `start` (after its header), stopping at the first record
 * that is cut short (a torn write), fails its checksum or cannot be parsed; what came before it is
 * returned. Offsets count from the start of `bytes`.
 */
export function decodeLog(bytes: Buffer, start = 0): DecodedLog {
  const records: WalRecord[] = [];
  let offset = start;
  while (offset < bytes.length) {
    const stop = (reason: string): DecodedLog => ({ records, validBytes: offset, stoppedBecause: reason });
    if (bytes.length - offset < HEADER_BYTES) return stop('a record header is cut short');
    const length = bytes.readUInt32LE(offset);
    if (length > MAX_PAYLOAD_BYTES) return stop('a record header is corrupt');
    const end = offset + HEADER_BYTES + length;
    if (end + CHECKSUM_BYTES > bytes.length) return stop('the last record is cut short');
    if (!checksum(bytes.subarray(offset, end)).equals(bytes.subarray(end, end + CHECKSUM_BYTES))) {
      return stop('a record fails its checksum');
    }
    const lsn = bytes.readDoubleLE(offset + 8);
    let statements: LoggedStatement[];
    try {
      statements = decodePayload(bytes.subarray(offset + HEADER_BYTES, end));
    } catch {
      return stop('a record cannot be parsed');
    }
    records.push({ lsn, statements });
    offset = end + CHECKSUM_BYTES;
  }
  return { records, validBytes: offset, stoppedBecause: null };
}

function decodePayload(payload: Buffer): LoggedStatement[] {
  let at = 0;
  const take = (n: number) => {
    if (at + n > payload.length) throw new RangeError('payload cut short');
    const slice = payload.subarray(at, at + n);
    at += n;
    return slice;
  };
  const count = take(4).readUInt32LE();
  const statements: LoggedStatement[] = [];
  for (let s = 0; s < count; s++) {
    const sql = take(take(4).readUInt32LE()).toString('utf8');
    const paramCount = take(2).readUInt16LE();
    const params: SqlParam[] = [];
    for (let p = 0; p < paramCount; p++) {
      const tag = take(1).readUInt8();
      if (tag === TAG_NULL) params.push(null);
      else if (tag === TAG_NUMBER) params.push(take(8).readDoubleLE());
      else if (tag === TAG_TEXT) params.push(take(take(4).readUInt32LE()).toString('utf8'));
      else if (tag === TAG_BYTES) params.push(new Uint8Array(take(take(4).readUInt32LE())));
      else throw new RangeError(`unknown parameter tag ${tag}`);
    }
    statements.push({ sql, params });
  }
  if (at !== payload.length) throw new RangeError('payload has trailing bytes');
  return statements;
}
