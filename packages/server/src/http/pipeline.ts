/**
 * The one request pipeline: CORS preflight, route matching and the unmatched-path 404, the gate
 * (503 once the service is shutting down), the route's precheck of its path (a form id that cannot
 * be one is a 404 here), the public form rate limits, the body (its size limit and
 * `Content-Encoding`), then the route itself (auth, guard, validation, handler, envelope; see
 * `invokeRoute`). The Express and fetch adapters only translate their requests into an
 * {@link AdapterRequest} and write the {@link RawResponse} back.
 *
 * @module
 */
import { ErrorMessages, type Surface } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { BodyTooLargeError, readLimited } from './body-limit';
import { decodeBody } from './content-encoding';
import { corsHeaders, isPublicFormPath, preflightHeaders } from './cors';
import {
  CLOSE_CONNECTION,
  errorResponse,
  jsonResponse,
  surfaceOf,
  unavailableError,
  unmatchedError,
  type RawResponse,
} from './envelope';
import { invokeRoute } from './invoke';
import { TOO_MANY_REQUESTS_BODY, type RateLimiter, type RateLimitName } from './rate-limit';
import { requestIdFor } from './request-id';
import type { HeaderReader, Route } from './route';
import { createRouteMatcher, type RouteMatch } from './route-matcher';

/** A request as an adapter hands it to the pipeline. */
export interface AdapterRequest {
  /** The HTTP method. */
  method: string;
  /** The path, without the query string (relative to where the host mounted the service). */
  path: string;
  /** The query string. */
  query: URLSearchParams;
  /** Request headers. */
  headers: HeaderReader;
  /**
   * The body as it arrives, or undefined when there is none or the host already read it (see
   * `hostBody`). It is read only after auth and the route's guard have passed.
   */
  body: AsyncIterable<Uint8Array> | undefined;
  /** A body the host read before the service: bytes it decoded, or a value it parsed (`express.json()`). */
  hostBody?: { bytes: Uint8Array } | { parsed: unknown };
  /** The client IP as the host resolved it (read only by the routes that need it). */
  readonly clientIp: string | undefined;
}

/** Answers a request, or resolves undefined for a path outside the service's surfaces. */
export type Pipeline = (request: AdapterRequest) => Promise<RawResponse | undefined>;

/** What the pipeline serves. */
export interface PipelineOptions {
  /** The route table. */
  routes: readonly Route[];
  /** The largest body, in decoded bytes. */
  bodyLimit: number;
  /** The public form rate limits, or undefined when they are off. */
  limiters: Record<RateLimitName, RateLimiter> | undefined;
}

/** Creates the pipeline of a route table. */
export function createPipeline(ctx: ServiceContext, options: PipelineOptions): Pipeline {
  const matchRoute = createRouteMatcher(options.routes);
  const { gate } = ctx;
  // Once the service is closing, every answer asks the client to close its connection: a client
  // that reused it would only be refused, and the host is about to stop.
  const closeIfClosing = (out: RawResponse): RawResponse =>
    gate.state === 'open' ? out : { ...out, headers: { ...out.headers, ...CLOSE_CONNECTION } };
  return async (request) => {
    const requestId = requestIdFor(request.headers.get('x-request-id'));
    const method = request.method.toUpperCase();
    const origin = request.headers.get('origin');
    if (method === 'OPTIONS' && isPublicFormPath(request.path)) {
      // A preflight does no work, and lets a browser read the 503 of the request that follows.
      const headers = preflightHeaders(origin, request.headers.get('access-control-request-headers'));
      return closeIfClosing({ status: 204, headers, body: undefined });
    }
    const match = matchRoute(method === 'HEAD' ? 'GET' : method, request.path);
    const surface: Surface | undefined = match?.route.surface ?? surfaceOf(request.path);
    if (!surface) return undefined;
    if (!gate.enter()) {
      // A browser must be able to read the 503 (and its Retry-After), like a 429.
      const cors = surface === 'public-form' ? corsHeaders(origin) : {};
      const refused = errorResponse(surface, unavailableError(), ctx, requestId);
      return { ...refused, headers: { ...cors, ...refused.headers } };
    }
    try {
      return closeIfClosing(await answer(request, { match, surface, method, origin, requestId }));
    } catch (error) {
      return closeIfClosing(errorResponse(surface, error, ctx, requestId));
    } finally {
      gate.leave();
    }
  };

  /** Answers an admitted request; throws what goes wrong (the caller turns it into an envelope). */
  async function answer(
    request: AdapterRequest,
    { match, surface, method, origin, requestId }: Admitted,
  ): Promise<RawResponse> {
    if (!match) throw unmatchedError(surface);
    match.route.precheck?.({ params: match.params, headers: request.headers });
    let limitHeaders: Record<string, string> = {};
    const limiter = match.route.rateLimit && options.limiters?.[match.route.rateLimit];
    if (limiter) {
      const verdict = await limiter.check(match.params['id'] ?? '', request.clientIp);
      // A browser must be able to read a 429, which comes before the form's own CORS headers.
      limitHeaders = { ...corsHeaders(origin), ...verdict.headers };
      if (verdict.limited) {
        return jsonResponse(429, TOO_MANY_REQUESTS_BODY, { ...limitHeaders, 'x-request-id': requestId });
      }
    }
    const host = request.hostBody;
    const out = await invokeRoute(ctx, match.route, {
      params: match.params,
      query: request.query,
      headers: request.headers,
      readBody: () =>
        host
          ? Promise.resolve('bytes' in host ? host.bytes : undefined)
          : readBody(request, options.bodyLimit),
      ...(host && 'parsed' in host ? { parsedBody: host.parsed } : {}),
      get clientIp() {
        return request.clientIp;
      },
      requestId,
    });
    // A HEAD answers as its GET would, without the body.
    return {
      ...out,
      headers: { ...limitHeaders, ...out.headers },
      ...(method === 'HEAD' && { body: undefined }),
    };
  }
}

/** What the pipeline knows of a request it admitted. */
interface Admitted {
  match: RouteMatch | undefined;
  surface: Surface;
  method: string;
  origin: string | undefined;
  requestId: string;
}

/** Reads and decodes the body within the limit: 413 past it, 400 when it does not decode. */
async function readBody(request: AdapterRequest, limit: number): Promise<Uint8Array | undefined> {
  try {
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > limit) throw new BodyTooLargeError('declared length over the limit');
    const bytes = request.body && (await readLimited(request.body, limit));
    return decodeBody(bytes, request.headers.get('content-encoding'), limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ServiceError('payloadTooLarge', ErrorMessages.payloadTooLarge);
    }
    throw new ServiceError('validation', ErrorMessages.malformedJson);
  }
}
