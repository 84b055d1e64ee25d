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
import type { HeaderReader, Route } from './route';
import { createRouteMatcher } from './route-matcher';

// Written with Node's own API, as the fetch handler answers: Express's `send` would add an ETag (a
// SHA-1 of every body) and rewrite headers that are already final.
function write(res: Response, out: RawResponse) {
  res.statusCode = out.status;
  for (const name in out.headers) res.setHeader(name, out.headers[name]!);
  if (out.body === undefined) {
    res.end();
    return;
  }
  const body = typeof out.body === 'string' ? Buffer.from(out.body, 'utf8') : out.body;
  res.setHeader('content-length', body.byteLength);
  res.end(body);
}

/** A {@link RawRequest} over an Express request. */
class ExpressRawRequest implements RawRequest {
  readonly query: URLSearchParams;
  readonly headers: HeaderReader;
  readonly body: Uint8Array | undefined;
  readonly parsedBody?: unknown;
  readonly requestId: string;

  constructor(
    private readonly req: Request,
    readonly params: Record<string, string>,
  ) {
    const body: unknown = req.body;
    const url = req.originalUrl;
    const queryAt = url.indexOf('?');
    this.query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
    this.headers = { get: (name) => req.get(name) };
    this.body = Buffer.isBuffer(body) && body.length > 0 ? body : undefined;
    // A host that mounted express.json() before us has consumed the stream; use what it parsed.
    if (!Buffer.isBuffer(body) && body !== undefined && (req as { _body?: boolean })._body === true)
      this.parsedBody = body;
    this.requestId = requestIdFor(req.get('x-request-id'));
  }

  /** Resolving the IP walks the proxy chain; only the public form routes read it. */
  get clientIp(): string | undefined {
    return this.req.ip;
  }
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
      invokeRoute(ctx, route, new ExpressRawRequest(req, params)).then((out) => write(res, out), next);
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
    const { type, status } = error as { type?: string; status?: number };
    // The body parser's own errors carry a 4xx status: a body that could not be read or decoded
    // (an unknown encoding, a corrupt gzip or brotli stream, a client that went away) is the
    // client's error, answered like a body that is not JSON.
    const mapped =
      type === 'entity.too.large'
        ? new ServiceError('payloadTooLarge', ErrorMessages.payloadTooLarge)
        : typeof status === 'number' && status >= 400 && status < 500
          ? new ServiceError('validation', ErrorMessages.malformedJson)
          : error;
    write(res, errorResponse(surface, mapped, ctx.logger, requestIdFor(req.get('x-request-id'))));
  });
  return router;
}
