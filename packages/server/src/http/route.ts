/**
 * The route table's entry type. Handlers receive validated input and return a body; they never see
 * Express's `req`/`res` or a fetch `Request`.
 *
 * @module
 */
import type { HttpMethod, OperationDefinition, Scope, Surface } from '@leadbook/contract';
import type { z } from 'zod';
import type { AuthContext } from '../usecases/auth';
import type { RateLimitName } from './rate-limit';

/** Request headers, looked up case-insensitively. */
export interface HeaderReader {
  /** The header's value, or undefined. */
  get(name: string): string | undefined;
}

/** What a handler receives. */
export interface HandlerInput<P = unknown, Q = unknown, B = unknown, G = undefined> {
  /** Validated path parameters. */
  params: P;
  /** Validated query. */
  query: Q;
  /** Validated JSON body. */
  body: B;
  /** The Connect caller, on authenticated routes. */
  auth: AuthContext | undefined;
  /** Request headers. */
  headers: HeaderReader;
  /** The client IP as the host resolved it (Express `trust proxy`). */
  clientIp: string | undefined;
  /** The request id echoed in `x-request-id`. */
  requestId: string;
  /** The `value` the route's {@link RouteGuard} returned (a public form route: the form it loaded). */
  guarded: G;
}

/** What a route's {@link RouteGuard} receives: the request before any parsing or validation. */
export interface GuardInput {
  /** Path parameters as matched, not validated. */
  params: Readonly<Record<string, string>>;
  /** Request headers. */
  headers: HeaderReader;
  /** The client IP as the host resolved it (Express `trust proxy`). */
  clientIp: string | undefined;
  /** The request id echoed in `x-request-id`. */
  requestId: string;
}

/** What a route's {@link RoutePrecheck} receives: the path as matched and the headers, nothing else. */
export type PrecheckInput = Pick<GuardInput, 'params' | 'headers'>;

/**
 * A synchronous check of the matched path that runs before anything else looks at the request (the
 * rate limit, auth, storage): it rejects, by throwing a `ServiceError`, a path parameter that cannot
 * name anything the route serves (a form id that is not a UUID), so hostile bytes in a path reach
 * no store. It may not do I/O.
 */
export type RoutePrecheck = (input: PrecheckInput) => void;

/** What a {@link RouteGuard} hands on when it lets a request through. */
export interface Guarded<G> {
  /** Headers (such as CORS) that every later answer of the request carries, an error's too. */
  headers?: Record<string, string> | undefined;
  /** What the handler receives as `guarded`, so it need not load it again (a public form). */
  value: G;
}

/**
 * A check that runs before the body is parsed and validated, for answers that must win over a 400
 * (an unknown resource's 404, a bad credential's 401). It rejects by throwing a `ServiceError`; it
 * may return headers that every later answer of the request carries, and a value the handler
 * receives (what it loaded to decide). A guard with nothing to hand on may return nothing.
 */
export type RouteGuard<G = undefined> = (
  input: GuardInput,
) => Promise<Guarded<G> | (undefined extends G ? void : never)>;

/** A handler's answer when it needs a status or headers other than the route's defaults. */
export class RouteResult {
  /** Wraps a body with an explicit status and headers. */
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A handler's answer that is not JSON (a calendar feed's `text/calendar`): its status, media type,
 * text (empty for a body-less answer such as a 304) and headers.
 */
export class TextResult {
  /** Wraps a text body with its status, `Content-Type` and headers. */
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly text: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A response body a handler serialises to UTF-8 JSON itself, sent chunk by chunk as the adapter
 * asks for them. For the few large responses that are cheaper to write directly than to build as
 * objects and stringify.
 */
export class JsonBytes {
  /** Wraps serialised JSON: the chunks, in order, make the document; read once. */
  constructor(readonly chunks: Iterable<Uint8Array<ArrayBuffer>>) {}
}

/** One entry of the route table. */
export interface Route {
  /** The contract's operation id, which names the span of the route's use case. */
  operationId: string;
  /** HTTP method. */
  method: HttpMethod;
  /** Express-style path. */
  path: string;
  /** Which surface's auth and error envelope apply. */
  surface: Surface;
  /** Connect scope; a Connect route with a scope requires a Bearer token. */
  scope?: Scope | undefined;
  /** Path parameter schema. */
  params?: z.ZodTypeAny | undefined;
  /** Query schema. */
  query?: z.ZodTypeAny | undefined;
  /** Body schema. */
  body?: z.ZodTypeAny | undefined;
  /** Status of a plain (non-{@link RouteResult}) answer. */
  successStatus: number;
  /** Runs first, before the rate limit; see {@link RoutePrecheck}. */
  precheck?: RoutePrecheck | undefined;
  /** Runs after Connect auth and before parsing and validation; see {@link RouteGuard}. */
  guard?: RouteGuard<unknown> | undefined;
  /**
   * The body it expects, in words (see `expected-bodies.ts`): added to `details` when a body is not
   * JSON or has the wrong shape.
   */
  expectedBody?: string | undefined;
  /** The public form rate limit this route counts against. */
  rateLimit?: RateLimitName | undefined;
  /** The handler. */
  handle(input: HandlerInput<never, never, never, never>): Promise<unknown>;
}

/**
 * Builds a route from a contract operation and a handler typed by the operation's schemas (and by
 * what its guard hands on).
 */
export function route<O extends OperationDefinition, G = undefined>(
  operation: O,
  handle: (
    input: HandlerInput<
      O['params'] extends z.ZodTypeAny ? z.output<O['params']> : undefined,
      O['query'] extends z.ZodTypeAny ? z.output<O['query']> : undefined,
      O['body'] extends z.ZodTypeAny ? z.output<O['body']> : undefined,
      G
    >,
  ) => Promise<
    O['response'] extends z.ZodTypeAny ? z.input<O['response']> | RouteResult | JsonBytes : void | RouteResult
  >,
  options: { precheck?: RoutePrecheck; guard?: RouteGuard<G>; expectedBody?: string } = {},
): Route {
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    surface: operation.surface,
    scope: operation.scope,
    params: operation.params,
    query: operation.query,
    body: operation.body,
    successStatus: operation.successStatus,
    precheck: options.precheck,
    guard: options.guard as RouteGuard<unknown> | undefined,
    expectedBody: options.expectedBody,
    handle: handle as Route['handle'],
  };
}
