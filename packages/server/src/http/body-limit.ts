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

/**
 * Reads a body (a web `ReadableStream` or a Node request, both async iterables of bytes) into one
 * buffer, stopping with {@link BodyTooLargeError} past `limit` bytes without reading further.
 */
export async function readLimited(
  source: AsyncIterable<Uint8Array>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    // Leaving the loop early cancels a web stream; a Node request's rest is discarded by Node.
    if (total > limit) throw new BodyTooLargeError(`body exceeds ${limit} bytes`);
    chunks.push(chunk);
  }
  if (total === 0) return undefined;
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
