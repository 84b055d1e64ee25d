/**
 * The one request pipeline: CORS preflight, route matching and the unmatched-path 404, the gate
 * (503 once the service is shutting down), the route's precheck of its path (a form id that cannot
 * be one is a 404 here), the public form rate limits, Connect auth, the route's guard, the body
 * (read only now, see `route-input.ts`), validation, the handler, and the answer. Whatever goes
 * wrong on the way is thrown and turned into the surface's envelope in one place, here. The Express
 * and fetch adapters only translate their requests into an {@link AdapterRequest} and write the
 * {@link RawResponse} back.
 *
 * @module
 */
import type { Surface } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { runInRequest, setRequestOrganization } from '../core/request-log';
import { traceRequest } from '../telemetry/http';
import { inSpan } from '../telemetry/spans';
import { authenticate, requireScope, type AuthContext } from '../usecases/auth';
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
import { TOO_MANY_REQUESTS_BODY, type RateLimiter, type RateLimitName } from './rate-limit';
import type { RequestBody } from './read-body';
import { requestIdFor } from './request-id';
import { RouteResult, TextResult, type HandlerInput, type HeaderReader, type Route } from './route';
import { readRouteBody, validateInput } from './route-input';
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
   * Reads the body, decoded, within `limit` bytes (or hands over what the host already read).
   * Called at most once, after auth and the route's guard: an unauthenticated request is answered
   * 401 before its body is read.
   *
   * @throws ServiceError 413 past the limit, 400 for a body that cannot be read or decoded.
   */
  readBody(limit: number): Promise<RequestBody>;
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

/** What the pipeline knows of a request it admitted. */
interface Admitted {
  match: RouteMatch | undefined;
  surface: Surface;
  origin: string | undefined;
  requestId: string;
  /** Headers every answer from here on carries, an error's too (rate limit, the guard's CORS). */
  carried: Record<string, string>;
}

/** Creates the pipeline of a route table. */
export function createPipeline(ctx: ServiceContext, options: PipelineOptions): Pipeline {
  const matchRoute = createRouteMatcher(options.routes);
  const { gate } = ctx;
  // Once the service is closing, every answer asks the client to close its connection: a client
  // that reused it would only be refused, and the host is about to stop.
  const closeIfClosing = (out: RawResponse): RawResponse =>
    gate.state === 'open' ? out : { ...out, headers: { ...out.headers, ...CLOSE_CONNECTION } };
  return (request) => {
    const requestId = requestIdFor(request.headers.get('x-request-id'));
    // Every line logged while the request is answered carries its id (see `core/request-log.ts`).
    return runInRequest(requestId, () => serve(request, requestId));
  };

  /** Answers a request, or resolves undefined for a path outside the service's surfaces. */
  async function serve(request: AdapterRequest, requestId: string): Promise<RawResponse | undefined> {
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
    const traced = { method, route: match?.route.path, requestId, headers: request.headers };
    return traceRequest(ctx.telemetry, traced, async () => {
      if (!gate.enter()) {
        // A browser must be able to read the 503 (and its Retry-After), like a 429.
        const cors = surface === 'public-form' ? corsHeaders(origin) : {};
        const refused = errorResponse(surface, unavailableError(), ctx, requestId);
        return { ...refused, headers: { ...cors, ...refused.headers } };
      }
      const admitted: Admitted = {
        match,
        surface,
        origin,
        requestId,
        carried: { 'x-request-id': requestId },
      };
      const startedAt = performance.now();
      try {
        // The error boundary: anything thrown on the way becomes the surface's envelope.
        const out = await answer(request, admitted).catch((error: unknown) => {
          const failed = errorResponse(surface, error, ctx, requestId);
          return { ...failed, headers: { ...admitted.carried, ...failed.headers } };
        });
        // The route's pattern, never the path itself: no id or token of the URL reaches the log.
        ctx.logger.debug('request answered', {
          method,
          route: match?.route.path ?? null,
          status: out.status,
          durationMs: Math.round(performance.now() - startedAt),
        });
        // A HEAD answers as its GET would, without the body.
        return closeIfClosing(method === 'HEAD' ? { ...out, body: undefined } : out);
      } finally {
        gate.leave();
      }
    });
  }

  /** Answers an admitted request; throws what goes wrong (the boundary turns it into an envelope). */
  async function answer(request: AdapterRequest, admitted: Admitted): Promise<RawResponse> {
    const { match, requestId } = admitted;
    if (!match) throw unmatchedError(admitted.surface);
    const { route, params } = match;
    route.precheck?.({ params, headers: request.headers });
    const limiter = route.rateLimit && options.limiters?.[route.rateLimit];
    if (limiter) {
      const verdict = await limiter.check(params['id'] ?? '', request.clientIp);
      // A browser must be able to read a 429, which comes before the form's own CORS headers.
      admitted.carried = { ...admitted.carried, ...corsHeaders(admitted.origin), ...verdict.headers };
      if (verdict.limited) return jsonResponse(429, TOO_MANY_REQUESTS_BODY, admitted.carried);
    }
    let auth: AuthContext | undefined;
    if (route.surface === 'connect' && route.scope) {
      auth = await authenticate(ctx, request.headers.get('authorization'));
      setRequestOrganization(auth.organizationId);
      requireScope(auth, route.scope);
    }
    const { headers } = request;
    // The request itself: a guard that never reads the client IP never resolves it.
    const guarded = await route.guard?.({
      params,
      headers,
      requestId,
      get clientIp() {
        return request.clientIp;
      },
    });
    if (guarded?.headers) admitted.carried = { ...admitted.carried, ...guarded.headers };
    const body = await readRouteBody(route, () => request.readBody(options.bodyLimit), headers);
    const input: HandlerInput<unknown, unknown, unknown, unknown> = {
      ...validateInput(route, { params, query: request.query, body }),
      auth,
      headers,
      requestId,
      guarded: guarded?.value,
      get clientIp() {
        return request.clientIp;
      },
    };
    // The use case's span: the handler is where a route's use case runs.
    const result = await inSpan(
      ctx.telemetry.tracer,
      route.operationId,
      { attributes: { 'leadbook.operation': route.operationId } },
      () => route.handle(input as HandlerInput<never, never, never, never>),
    );
    const base = admitted.carried;
    if (result instanceof TextResult) {
      if (result.text === '')
        return { status: result.status, headers: { ...base, ...result.headers }, body: undefined };
      const type = { 'content-type': result.contentType };
      return { status: result.status, headers: { ...base, ...type, ...result.headers }, body: result.text };
    }
    if (result instanceof RouteResult)
      return jsonResponse(result.status, result.body, { ...base, ...result.headers });
    return jsonResponse(route.successStatus, route.successStatus === 204 ? undefined : result, base);
  }
}
