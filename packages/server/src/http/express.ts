/**
 * The Express adapter: one middleware over the pipeline. It only translates an Express request in
 * and writes the answer with Node's API; a path outside the service goes on to the host's routes.
 *
 * @module
 */
import express, { type Request, type Response, type Router } from 'express';
import type { RawResponse } from './envelope';
import type { AdapterRequest, Pipeline } from './pipeline';
import { readStreamBody } from './read-body';
import { writeChunks } from './write-chunks';

// Node's own API, as the fetch handler answers: Express's `send` would add an ETag (a SHA-1 of
// every body) and rewrite headers that are already final.
function write(res: Response, { status, headers, body }: RawResponse) {
  if (body === undefined) return void res.writeHead(status, headers).end();
  // A string goes out as is: Node then sends the headers and the body in one write.
  if (typeof body !== 'string') return writeChunks(res, status, headers, body);
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
}

/** The pipeline's view of an Express request; the client IP (a proxy-chain walk) is read on demand. */
function adapterRequest(req: Request): AdapterRequest {
  const url = req.originalUrl;
  const queryAt = url.indexOf('?');
  // A host that mounted express.json() or express.raw() before the service has read the body.
  const read = (req as { _body?: boolean })._body === true;
  const hostBody: unknown = req.body;
  // HTTP/1.1 framing: a request with neither header has no body, so there is nothing to read.
  const framed =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const headers = { get: (name: string) => req.get(name) };
  return {
    method: req.method,
    path: req.path,
    query: new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)),
    headers,
    readBody: (limit) =>
      read
        ? Promise.resolve(Buffer.isBuffer(hostBody) ? { bytes: hostBody } : { parsed: hostBody })
        : readStreamBody(framed ? req : undefined, headers, limit),
    get clientIp() {
      return req.ip;
    },
  };
}

/** Creates the Express router of the pipeline. */
export function createExpressRouter(pipeline: Pipeline): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    pipeline(adapterRequest(req)).then((out) => (out ? write(res, out) : next()), next);
  });
  return router;
}
