/**
 * Compressed request bodies in the fetch adapter, decoded as Express's body parser decodes them:
 * `gzip`, `deflate` and `br`, with the body limit applied to the decoded bytes.
 *
 * @module
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { BodyTooLargeError } from './body-limit';

/** Thrown for a body that cannot be decoded, or an encoding the service does not decode. */
export class BodyDecodeError extends Error {
  override readonly name = 'BodyDecodeError';
}

const DECODERS = {
  gzip: gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
} as const;

/**
 * Decodes `body` by its `Content-Encoding` (none and `identity` leave it as is).
 *
 * @throws BodyTooLargeError when the decoded body exceeds `limit` bytes (a small compressed body
 * cannot expand past it: decoding stops there).
 * @throws BodyDecodeError when the encoding is unknown or the bytes are not in that encoding.
 */
export function decodeBody(
  body: Uint8Array | undefined,
  encoding: string | undefined,
  limit: number,
): Uint8Array | undefined {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return body;
  const decode = DECODERS[name as keyof typeof DECODERS];
  if (!decode) throw new BodyDecodeError(`unsupported content encoding ${JSON.stringify(name)}`);
  if (!body) return undefined;
  try {
    const out = decode(body, { maxOutputLength: limit });
    return out.byteLength > 0 ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : undefined;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new BodyTooLargeError(`decoded body exceeds ${limit} bytes`);
    }
    throw new BodyDecodeError(`body is not valid ${name}`);
  }
}
