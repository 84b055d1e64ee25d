/**
 * The fetch adapter: `(Request) => Promise<Response>` over the pipeline, for msw and fetch-native
 * hosts. It only translates a `Request` in and a `Response` out.
 *
 * @module
 */
import { errorResponse, unmatchedError, type RawResponse } from './envelope';
import type { Pipeline } from './pipeline';
import { readStreamBody } from './read-body';
import { requestIdFor } from './request-id';
import type { ServiceContext } from '../core/context';

/** Extra facts about a fetch request that a `Request` cannot carry. */
export interface FetchRequestInfo {
  /** The client IP, as the host knows it. */
  clientIp?: string;
}

/** A fetch handler. */
export type FetchHandler = (request: Request, info?: FetchRequestInfo) => Promise<Response>;

/** A byte body goes out as a stream, each chunk made as the reader asks for it. */
const bodyOf = (body: RawResponse['body']) => {
  if (body === undefined || typeof body === 'string') return body ?? null;
  const chunks = body[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: () => void chunks.return?.(),
  });
};

/** Creates the fetch handler of the pipeline. A path outside the service is a Connect 404. */
export function createFetchHandler(ctx: ServiceContext, pipeline: Pipeline): FetchHandler {
  return async (request, info = {}) => {
    const url = new URL(request.url);
    const headers = { get: (name: string) => request.headers.get(name) ?? undefined };
    const out =
      (await pipeline({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers,
        // Node's web streams are async iterables; the DOM typings do not say so.
        readBody: (limit) =>
          readStreamBody((request.body as AsyncIterable<Uint8Array> | null) ?? undefined, headers, limit),
        clientIp: info.clientIp,
      })) ??
      errorResponse('connect', unmatchedError('connect'), ctx, requestIdFor(headers.get('x-request-id')));
    return new Response(bodyOf(out.body), { status: out.status, headers: out.headers });
  };
}
