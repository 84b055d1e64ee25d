/**
 * Writes a body made chunk by chunk to a Node response. A body of one chunk goes out with its
 * `Content-Length`; a longer one streams (chunked transfer encoding), the next chunk made only once
 * the socket has taken the last, so a large response never waits in memory whole.
 *
 * @module
 */
import type { ServerResponse } from 'node:http';

/**
 * Sends `status`, `headers` and the chunks of `body`, in order. If making a chunk fails, the
 * response is cut short (the status may be gone already); a client that leaves stops the body.
 */
export function writeChunks(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Iterable<Uint8Array>,
): void {
  const chunks = body[Symbol.iterator]();
  const fail = (error: unknown) =>
    void res.destroy(error instanceof Error ? error : new Error(String(error)));
  let next: IteratorResult<Uint8Array>;
  let second: IteratorResult<Uint8Array>;
  try {
    next = chunks.next();
    second = next.done ? next : chunks.next();
  } catch (error) {
    return fail(error);
  }
  if (second.done) {
    const bytes = next.done ? new Uint8Array(0) : next.value;
    return void res.writeHead(status, { ...headers, 'content-length': bytes.byteLength }).end(bytes);
  }
  res.writeHead(status, headers);
  res.write(next.value as Uint8Array);
  next = second;
  const pump = (advance: boolean) => {
    try {
      if (advance) next = chunks.next();
      for (; !next.done; next = chunks.next()) {
        if (!res.write(next.value)) return void res.once('drain', () => pump(true));
      }
      res.end();
    } catch (error) {
      fail(error);
    }
  };
  res.once('close', () => void chunks.return?.());
  pump(false);
}
