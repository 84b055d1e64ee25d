/**
 * Request body size limits, shared by both adapters.
 *
 * @module
 */

/** The default body limit: 100 KiB. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Parses a limit given in bytes or as a string such as `'100kb'` or `'1mb'`. */
export function parseBodyLimit(limit: number | string | undefined): number {
  if (limit === undefined) return DEFAULT_BODY_LIMIT;
  if (typeof limit === 'number') {
    if (!Number.isFinite(limit) || limit <= 0)
      throw new RangeError(`bodyLimit must be a positive number, got ${limit}`);
    return Math.floor(limit);
  }
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!match) throw new RangeError(`bodyLimit must look like 100kb or 1mb, got ${JSON.stringify(limit)}`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]!);
}

/** Thrown when a body exceeds the limit. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/** Reads a web stream into bytes, stopping with {@link BodyTooLargeError} past `limit` bytes. */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | undefined> {
  if (!stream) return undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`body exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
  if (total === 0) return undefined;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
