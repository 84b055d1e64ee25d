/**
 * The request pipeline shared by the Express and fetch adapters: auth, the route's guard, JSON
 * parsing, validation, the handler, and the error envelope.
 *
 * @module
 */
import { ErrorMessages, type ValidationIssue } from '@leadbook/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../core/context';
import { ServiceError, validationError } from '../core/errors';
import { authenticate, requireScope, type AuthContext } from '../usecases/auth';
import { errorResponse, jsonResponse, type RawResponse } from './envelope';
import { jsonBodyProblem } from './json-bounds';
import { RouteResult, type HandlerInput, type HeaderReader, type Route } from './route';

/** A request as an adapter hands it over. */
export interface RawRequest {
  /** Path parameters matched by the adapter. */
  params: Record<string, string>;
  /** The query string. */
  query: URLSearchParams;
  /** Request headers. */
  headers: HeaderReader;
  /**
   * Reads the raw body bytes (undefined when the request had none). Called once, after auth and the
   * route's guard: an unauthenticated request is answered 401 before its body is read.
   */
  readBody: () => Promise<Uint8Array | undefined>;
  /** A body the host already parsed (an `express.json()` mounted before the router). */
  parsedBody?: unknown;
  /** The client IP. */
  clientIp: string | undefined;
  /** The request id. */
  requestId: string;
}

/** Turns a query string into an object; a repeated key becomes an array (and fails string schemas). */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (query.size === 0) return out;
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a JSON body; malformed JSON or bad UTF-8 is a 400, never a 500, and so is a document
 * nested more than `MAX_JSON_DEPTH` (32) levels deep or holding text no storage can keep (U+0000,
 * an unpaired surrogate).
 */
export function parseJsonBody(raw: RawBody): unknown {
  const body = raw.parsedBody !== undefined ? raw.parsedBody : parseBytes(raw.bytes);
  const problem = jsonBodyProblem(body);
  if (problem) throw validationError(problem, [{ path: 'body', message: problem }]);
  return body;
}

function parseBytes(bytes: Uint8Array | undefined): unknown {
  if (!bytes || bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    throw validationError(ErrorMessages.malformedJson, [
      { path: 'body', message: ErrorMessages.malformedJson },
    ]);
  }
}

function validate(
  schema: z.ZodTypeAny | undefined,
  value: unknown,
  location: string,
  issues: ValidationIssue[],
) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    issues.push({
      path: location === 'body' ? path || 'body' : [location, path].filter(Boolean).join('.'),
      message: issue.message,
    });
  }
  return undefined;
}

/** A request's body once read: its bytes, or the value a host parsed before the service. */
export interface RawBody {
  /** The raw bytes, when the request had a body. */
  bytes: Uint8Array | undefined;
  /** A body the host already parsed. */
  parsedBody?: unknown;
}

/** `details` plus what the route expects in its body, when it says. */
const withExpectedBody = (route: Route, details: ValidationIssue[] = []): ValidationIssue[] =>
  route.expectedBody ? [...details, { path: 'body', message: route.expectedBody }] : details;

/**
 * A body that could not be read (not decodable, not JSON, too deep, unstorable text) as the route's
 * 400: ingress answers with its one message; the details say what was wrong and what the
 * route expects.
 */
function unreadableBody(route: Route, error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.kind !== 'validation') return error;
  const details = withExpectedBody(route, error.details ?? [{ path: 'body', message: error.message }]);
  const message = route.surface === 'ingress' ? ErrorMessages.validationFailed : error.message;
  return new ServiceError('validation', message, { details });
}

/** Reads the body's bytes (or what the host parsed); see {@link unreadableBody}. */
async function readRawBody(route: Route, raw: RawRequest): Promise<RawBody> {
  if (raw.parsedBody !== undefined) return { bytes: undefined, parsedBody: raw.parsedBody };
  try {
    return { bytes: await raw.readBody() };
  } catch (error) {
    throw unreadableBody(route, error);
  }
}

/** Parses the body; see {@link unreadableBody}. */
function parseBodyFor(route: Route, raw: RawBody): unknown {
  try {
    return parseJsonBody(raw);
  } catch (error) {
    throw unreadableBody(route, error);
  }
}

/** A handler's input; the client IP is read from the request only when a handler asks for it. */
class Input implements HandlerInput<never, never, never> {
  readonly params: never;
  readonly query: never;
  readonly body: never;
  readonly auth: AuthContext | undefined;
  readonly headers: HeaderReader;
  readonly requestId: string;

  constructor(
    validated: { params: unknown; query: unknown; body: unknown; auth: AuthContext | undefined },
    private readonly raw: RawRequest,
  ) {
    this.params = validated.params as never;
    this.query = validated.query as never;
    this.body = validated.body as never;
    this.auth = validated.auth;
    this.headers = raw.headers;
    this.requestId = raw.requestId;
  }

  get clientIp(): string | undefined {
    return this.raw.clientIp;
  }
}

// `application/json`, or a JSON-based type such as `application/merge-patch+json`, any parameters.
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * The Connect API reads only JSON: a body sent as another type (a form post, `text/plain`) is a
 * 415, not parsed as if it were JSON. The public surfaces read any type (a browser beacon sends
 * `text/plain`); so does ingress, whose senders are other services' webhooks.
 */
function requireJsonBody(raw: RawBody, headers: HeaderReader): void {
  if (!raw.bytes || raw.parsedBody !== undefined) return;
  if (JSON_CONTENT_TYPE.test(headers.get('content-type') ?? '')) return;
  throw new ServiceError('unsupportedMediaType', ErrorMessages.unsupportedMediaType);
}

/** Runs one route for one request and returns the response to write; never throws. */
export async function invokeRoute(ctx: ServiceContext, route: Route, raw: RawRequest): Promise<RawResponse> {
  let base: Record<string, string> = { 'x-request-id': raw.requestId };
  try {
    let auth: AuthContext | undefined;
    if (route.surface === 'connect' && route.scope) {
      auth = await authenticate(ctx, raw.headers.get('authorization'));
      requireScope(auth, route.scope);
    }
    if (route.guard) {
      // The request itself: a guard that never reads the client IP never resolves it.
      const extra = await route.guard(raw);
      if (extra) base = { ...extra, ...base };
    }
    const rawBody = await readRawBody(route, raw);
    if (route.surface === 'connect') requireJsonBody(rawBody, raw.headers);
    const issues: ValidationIssue[] = [];
    const params = validate(route.params, raw.params, 'params', issues);
    const query = validate(route.query, queryObject(raw.query), 'query', issues);
    const before = issues.length;
    const body = route.body ? validate(route.body, parseBodyFor(route, rawBody), 'body', issues) : undefined;
    if (issues.length > 0) {
      const message = route.surface === 'ingress' ? ErrorMessages.validationFailed : issueSummary(issues);
      const details = issues.length > before ? withExpectedBody(route, issues) : issues;
      throw new ServiceError('validation', message, { details });
    }
    const result = await route.handle(new Input({ params, query, body, auth }, raw));
    if (result instanceof RouteResult)
      return jsonResponse(result.status, result.body, { ...base, ...result.headers });
    return jsonResponse(route.successStatus, route.successStatus === 204 ? undefined : result, base);
  } catch (error) {
    const response = errorResponse(route.surface, error, ctx, raw.requestId);
    return { ...response, headers: { ...base, ...response.headers } };
  }
}

/** One readable sentence for the first issue, e.g. `Invalid request: query.start: Invalid datetime`. */
function issueSummary(issues: ValidationIssue[]): string {
  const first = issues[0]!;
  return `${ErrorMessages.invalidRequest}: ${first.path}: ${first.message}`;
}
