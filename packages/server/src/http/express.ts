/**
 * The Express adapter: mounts the route table on an Express 5 `Router`. It only translates between
 * Express and the shared pipeline.
 *
 * @module
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { ErrorMessages } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { errorResponse, unmatchedError, surfaceOf, type RawResponse } from './envelope';
import { invokeRoute, type RawRequest } from './invoke';
import { requestIdFor } from './request-id';
import { corsHeaders, isPublicFormPath, preflightHeaders } from './cors';
import type { RateLimiter, RateLimitName } from './rate-limit';
import type { Route } from './route';
import { createRouteMatcher } from './route-matcher';

function write(res: Response, out: RawResponse) {
  res.status(out.status);
  // Node's own setHeader: the values are final, so Express's content-type rewriting is not needed.
  for (const name in out.headers) res.setHeader(name, out.headers[name]!);
  if (out.body === undefined) res.end();
  else if (typeof out.body === 'string') res.send(Buffer.from(out.body, 'utf8'));
  else res.send(Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength));
}

function toRaw(req: Request, params: Record<string, string>): RawRequest {
  const body: unknown = req.body;
  // A host that mounted express.json() before us has consumed the stream; use what it parsed.
  const preParsed =
    !Buffer.isBuffer(body) && body !== undefined && (req as { _body?: boolean })._body === true;
  const url = req.originalUrl;
  const queryAt = url.indexOf('?');
  return {
    params,
    query: new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)),
    headers: { get: (name) => req.get(name) },
    body: Buffer.isBuffer(body) && body.length > 0 ? body : undefined,
    ...(preParsed ? { parsedBody: body } : {}),
    // Resolving the IP walks the proxy chain; only the public form routes read it.
    get clientIp() {
      return req.ip;
    },
    requestId: requestIdFor(req.get('x-request-id')),
  };
}

// No route: a CORS preflight of the public form API (which accepts every origin, SPEC 5.3), an
// unknown path of one of our surfaces (answered in its envelope), or the host's (passed on).
function unmatched(ctx: ServiceContext, req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'OPTIONS' && isPublicFormPath(req.path)) {
    const headers = preflightHeaders(req.get('origin'), req.get('access-control-request-headers'));
    res.status(204).set(headers).end();
    return;
  }
  const surface = surfaceOf(req.path);
  if (!surface) return next();
  write(
    res,
    errorResponse(surface, unmatchedError(surface), ctx.logger, requestIdFor(req.get('x-request-id'))),
  );
}

/** Creates the Express router of the route table. */
export function createExpressRouter(
  ctx: ServiceContext,
  routes: readonly Route[],
  bodyLimit: number,
  limiters?: Record<RateLimitName, RateLimiter>,
): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: bodyLimit });
  // One middleware finds the route with the shared matcher (the fetch adapter routes the same
  // way), rather than one Express layer per route tried in turn.
  const matchRoute = createRouteMatcher(routes);
  router.use((req: Request, res: Response, next: NextFunction) => {
    const match = matchRoute(req.method === 'HEAD' ? 'GET' : req.method, req.path);
    if (!match) return unmatched(ctx, req, res, next);
    const { route, params } = match;
    req.params = params; // the rate limiter keys on the form id
    const run = (error?: unknown) => {
      if (error) return next(error);
      invokeRoute(ctx, route, toRaw(req, params)).then((out) => write(res, out), next);
    };
    // Like body-parser's own check, without entering it for the common body-less GET.
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
    const readBody = (error?: unknown) => (error ? next(error) : hasBody ? rawBody(req, res, run) : run());
    const limiter = route.rateLimit && limiters?.[route.rateLimit];
    if (!limiter) return readBody();
    // Lets a browser read a 429 of the rate limiter, which answers before the form is loaded.
    res.set(corsHeaders(req.get('origin')));
    void limiter.express(req, res, readBody);
  });
  // Body-parser failures (size, encoding) and anything unexpected.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const surface = surfaceOf(req.path);
    if (!surface || res.headersSent) return next(error);
    const type = (error as { type?: string }).type;
    const mapped =
      type === 'entity.too.large'
        ? new ServiceError('payloadTooLarge', ErrorMessages.payloadTooLarge)
        : type === 'encoding.unsupported' || type === 'charset.unsupported' || type === 'request.aborted'
          ? new ServiceError('validation', ErrorMessages.malformedJson)
          : error;
    write(res, errorResponse(surface, mapped, ctx.logger, requestIdFor(req.get('x-request-id'))));
  });
  return router;
}
