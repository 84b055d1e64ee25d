/**
 * The fetch adapter: `(Request) => Promise<Response>` over the same route table, for msw and
 * fetch-native hosts.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { BodyTooLargeError, readLimited } from './body-limit';
import { decodeBody } from './content-encoding';
import { corsHeaders, isPublicFormPath, preflightHeaders } from './cors';
import { errorResponse, unmatchedError, jsonResponse, surfaceOf, type RawResponse } from './envelope';
import { TOO_MANY_REQUESTS_BODY, type RateLimiter, type RateLimitName } from './rate-limit';
import { invokeRoute } from './invoke';
import { requestIdFor } from './request-id';
import type { Route } from './route';
import { createRouteMatcher } from './route-matcher';

/** Extra facts about a fetch request that a `Request` cannot carry. */
export interface FetchRequestInfo {
  /** The client IP, as the host knows it. */
  clientIp?: string;
}

/** A fetch handler. */
export type FetchHandler = (request: Request, info?: FetchRequestInfo) => Promise<Response>;

/**
 * A byte body goes out as a one-chunk stream: `new Response(bytes)` would copy it first, which
 * costs milliseconds on a large availability response.
 */
const bodyOf = (body: RawResponse['body']) =>
  body === undefined || typeof body === 'string'
    ? (body ?? null)
    : new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(body);
          controller.close();
        },
      });

const toResponse = (out: RawResponse) =>
  new Response(bodyOf(out.body), { status: out.status, headers: out.headers });

/** Creates the fetch handler of the route table. */
export function createFetchHandler(
  ctx: ServiceContext,
  routes: readonly Route[],
  bodyLimit: number,
  limiters?: Record<RateLimitName, RateLimiter>,
): FetchHandler {
  const matchRoute = createRouteMatcher(routes);
  return async (request, info = {}) => {
    const url = new URL(request.url);
    const requestId = requestIdFor(request.headers.get('x-request-id') ?? undefined);
    const method = request.method.toUpperCase();
    const origin = request.headers.get('origin') ?? undefined;
    if (method === 'OPTIONS' && isPublicFormPath(url.pathname)) {
      const headers = preflightHeaders(
        origin,
        request.headers.get('access-control-request-headers') ?? undefined,
      );
      return new Response(null, { status: 204, headers });
    }
    const match = matchRoute(method, url.pathname);
    const surface = match?.route.surface ?? surfaceOf(url.pathname) ?? 'connect';
    if (!match) {
      return toResponse(errorResponse(surface, unmatchedError(surface), ctx.logger, requestId));
    }
    let limitHeaders: Record<string, string> = {};
    const limiter = match.route.rateLimit && limiters?.[match.route.rateLimit];
    if (limiter) {
      const verdict = await limiter.check(match.params['id'] ?? '', info.clientIp);
      limitHeaders = { ...corsHeaders(origin), ...verdict.headers };
      if (verdict.limited) {
        return toResponse(
          jsonResponse(429, TOO_MANY_REQUESTS_BODY, { ...limitHeaders, 'x-request-id': requestId }),
        );
      }
    }
    let body: Uint8Array | undefined;
    try {
      const declared = Number(request.headers.get('content-length') ?? '0');
      if (declared > bodyLimit) throw new BodyTooLargeError('declared length over the limit');
      body = await readLimited(request.body, bodyLimit);
      body = decodeBody(body, request.headers.get('content-encoding') ?? undefined, bodyLimit);
    } catch (error) {
      const mapped =
        error instanceof BodyTooLargeError
          ? new ServiceError('payloadTooLarge', ErrorMessages.payloadTooLarge)
          : new ServiceError('validation', ErrorMessages.malformedJson);
      return toResponse(errorResponse(surface, mapped, ctx.logger, requestId));
    }
    const out = await invokeRoute(ctx, match.route, {
      params: match.params,
      query: url.searchParams,
      headers: { get: (name) => request.headers.get(name) ?? undefined },
      body,
      clientIp: info.clientIp,
      requestId,
    });
    return toResponse({ ...out, headers: { ...limitHeaders, ...out.headers } });
  };
}
