/**
 * A route's input from a request: the body read as the route accepts it (JSON only on Connect),
 * parsed, and the path, query and body validated against the route's schemas. Every problem is
 * thrown as the route's `ServiceError` (a 400 or 415); the pipeline turns it into the envelope.
 *
 * @module
 */
import { ErrorMessages, type ValidationIssue } from '@leadbook/contract';
import type { z } from 'zod';
import { ServiceError, validationError } from '../core/errors';
import { jsonBodyProblem } from './json-bounds';
import type { RequestBody } from './read-body';
import type { HeaderReader, Route } from './route';

/** Turns a query string into an object; a repeated key becomes an array (and fails string schemas). */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
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
function parseJsonBody(body: RequestBody): unknown {
  const value = 'parsed' in body ? body.parsed : parseBytes(body.bytes);
  const problem = jsonBodyProblem(value);
  if (problem) throw validationError(problem, [{ path: 'body', message: problem }]);
  return value;
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

/** `details` plus what the route expects in its body, when it says. */
const withExpectedBody = (route: Route, details: ValidationIssue[] = []): ValidationIssue[] =>
  route.expectedBody ? [...details, { path: 'body', message: route.expectedBody }] : details;

/**
 * A body that could not be read (not decodable, not JSON, too deep, unstorable text) as the route's
 * 400: ingress answers with its one message; the details say what was wrong and what the route
 * expects.
 */
function unreadableBody(route: Route, error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.kind !== 'validation') return error;
  const details = withExpectedBody(route, error.details ?? [{ path: 'body', message: error.message }]);
  const message = route.surface === 'ingress' ? ErrorMessages.validationFailed : error.message;
  return new ServiceError('validation', message, { details });
}

// `application/json`, or a JSON-based type such as `application/merge-patch+json`, any parameters.
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads the body as the route accepts it. The Connect API reads only JSON: a body sent as another
 * type (a form post, `text/plain`) is a 415, not parsed as if it were JSON. The public surfaces read
 * any type (a browser beacon sends `text/plain`); so does ingress, whose senders are other
 * services' webhooks.
 */
export async function readRouteBody(
  route: Route,
  read: () => Promise<RequestBody>,
  headers: HeaderReader,
): Promise<RequestBody> {
  const body = await read().catch((error: unknown) => {
    throw unreadableBody(route, error);
  });
  if (route.surface !== 'connect' || !('bytes' in body) || !body.bytes) return body;
  if (JSON_CONTENT_TYPE.test(headers.get('content-type') ?? '')) return body;
  throw new ServiceError('unsupportedMediaType', ErrorMessages.unsupportedMediaType);
}

/** A request's parts as the route's schemas validated them. */
export interface ValidInput {
  /** The path parameters. */
  params: unknown;
  /** The query. */
  query: unknown;
  /** The parsed body (undefined on a route without a body schema). */
  body: unknown;
}

/** Validates the path parameters, the query and (on a route with a body schema) the parsed body. */
export function validateInput(
  route: Route,
  request: { params: Record<string, string>; query: URLSearchParams; body: RequestBody },
): ValidInput {
  const issues: ValidationIssue[] = [];
  const params = validate(route.params, request.params, 'params', issues);
  const query = validate(route.query, queryObject(request.query), 'query', issues);
  const before = issues.length;
  const body = route.body
    ? validate(route.body, parseBodyFor(route, request.body), 'body', issues)
    : undefined;
  if (issues.length > 0) {
    const message = route.surface === 'ingress' ? ErrorMessages.validationFailed : issueSummary(issues);
    const details = issues.length > before ? withExpectedBody(route, issues) : issues;
    throw new ServiceError('validation', message, { details });
  }
  return { params, query, body };
}

/** Parses the body; see {@link unreadableBody}. */
function parseBodyFor(route: Route, body: RequestBody): unknown {
  try {
    return parseJsonBody(body);
  } catch (error) {
    throw unreadableBody(route, error);
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

/** One readable sentence for the first issue, e.g. `Invalid request: query.start: Invalid datetime`. */
function issueSummary(issues: ValidationIssue[]): string {
  const first = issues[0]!;
  return `${ErrorMessages.invalidRequest}: ${first.path}: ${first.message}`;
}
