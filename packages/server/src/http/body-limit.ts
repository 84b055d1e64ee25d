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

/** What {@link readLimited} needs of a Node stream (an `IncomingMessage`). */
interface NodeReadable {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  readonly readableEnded?: boolean;
}

const isNodeReadable = (source: object): source is NodeReadable =>
  typeof (source as { on?: unknown }).on === 'function' &&
  typeof (source as { off?: unknown }).off === 'function';

/** Joins chunks into one buffer (the one chunk as it is), or undefined for an empty body. */
function joined(chunks: Uint8Array[], total: number): Uint8Array | undefined {
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

/**
 * A Node request's body through its events, as body-parser reads it: cheaper per request than an
 * async iterator. Past `limit` it stops listening; Node discards the rest once the answer is sent.
 */
function readNodeBody(stream: NodeReadable, limit: number): Promise<Uint8Array | undefined> {
  if (stream.readableEnded) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const done = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > limit) {
        done();
        reject(new BodyTooLargeError(`body exceeds ${limit} bytes`));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(joined(chunks, total));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    // Closed before its end: the client went away or the server's request timeout cut it off.
    const onClose = () => onError(new Error('the request closed before its body ended'));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/**
 * Reads a body (a Node request, or a web `ReadableStream`, an async iterable of bytes) into one
 * buffer, stopping with {@link BodyTooLargeError} past `limit` bytes without reading further.
 */
export async function readLimited(
  source: AsyncIterable<Uint8Array>,
  limit: number,
): Promise<Uint8Array | undefined> {
  if (isNodeReadable(source)) return readNodeBody(source, limit);
  if (isWebStream(source)) return readWebBody(source, limit);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > limit) throw new BodyTooLargeError(`body exceeds ${limit} bytes`);
    chunks.push(chunk);
  }
  return joined(chunks, total);
}

const isWebStream = (source: object): source is ReadableStream<Uint8Array> =>
  typeof (source as { getReader?: unknown }).getReader === 'function';

/**
 * A web stream's body. Past `limit` the stream is cancelled without waiting for the cancel to
 * settle: the cancel of one branch of a tee'd body (a host that clones requests to log them) settles
 * only once its twin is cancelled too, and the 413 must not wait for that.
 */
async function readWebBody(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return joined(chunks, total);
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`body exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
}
