/**
 * A fuzz case's request before it becomes a `Request`: kept in parts (path parameters, query pairs,
 * headers, a JSON value or raw bytes) so that mutations can change one part and leave the rest
 * valid, which is what takes a hostile value past the early checks and into the handler.
 *
 * @module
 */
import type { OperationDefinition } from '@leadbook/contract';

/** A request body: a JSON value (encoded when sent), or bytes sent as they are. */
export type FuzzBody = { readonly json: unknown } | { readonly bytes: Uint8Array };

/** One request of a fuzz case. */
export interface FuzzRequest {
  /** The operation whose baseline this request started from. */
  readonly operation: OperationDefinition;
  /** The HTTP method (a mutation may change it). */
  method: string;
  /** The catalogue's path template, such as `/connect/calendar/:id`. */
  template: string;
  /** Path parameter values, inserted as they are: a mutation may put `%00` or `%ZZ` here. */
  params: Record<string, string>;
  /** Query parameters in order, encoded when sent (a key may repeat). */
  query: Array<[string, string]>;
  /** Raw text appended to the encoded query (`&%ZZ=1`), for what `URLSearchParams` cannot write. */
  rawQuery: string;
  /** Request headers by lower-case name. */
  headers: Record<string, string>;
  /** The body, if any. */
  body: FuzzBody | undefined;
}

/** The path and query of `request`, as sent. */
export function target(request: FuzzRequest): string {
  const path = request.template.replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '');
  const query = new URLSearchParams(request.query).toString();
  const search = query + request.rawQuery;
  return search ? `${path}?${search}` : path;
}

const encoder = new TextEncoder();

/** The body's bytes as sent. */
export function bodyBytes(body: FuzzBody | undefined): Uint8Array | undefined {
  if (body === undefined) return undefined;
  if ('bytes' in body) return body.bytes;
  // `undefined` has no JSON text: a mutation that removed the whole document sends no body.
  const text = JSON.stringify(body.json);
  return text === undefined ? undefined : encoder.encode(text);
}

/** A `Request` for `request` against `base` (`http://fuzz.test` for the fetch handler). */
export function toRequest(base: string, request: FuzzRequest): Request {
  // fetch refuses a body on GET and HEAD; the mutations that switch methods drop it.
  const bytes = request.method === 'GET' || request.method === 'HEAD' ? undefined : bodyBytes(request.body);
  return new Request(`${base}${target(request)}`, {
    method: request.method,
    headers: request.headers,
    body: bytes as BodyInit | undefined,
  });
}

/** A deep copy of `request`, for a mutation to change. */
export function cloneRequest(request: FuzzRequest): FuzzRequest {
  return {
    ...request,
    params: { ...request.params },
    query: request.query.map(([key, value]) => [key, value] as [string, string]),
    headers: { ...request.headers },
    body:
      request.body && 'json' in request.body ? { json: structuredClone(request.body.json) } : request.body,
  };
}

/** How long a value may be in a failure report before it is cut. */
const SHOWN = 400;

const cut = (text: string) =>
  text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} chars)` : text;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body for a report: its text (escaped as in JSON) when it is UTF-8, else base64. */
function showBody(bytes: Uint8Array): string {
  try {
    return `${cut(JSON.stringify(strictUtf8.decode(bytes)))} [${bytes.length} bytes]`;
  } catch {
    return `base64 ${cut(Buffer.from(bytes).toString('base64'))} [${bytes.length} bytes]`;
  }
}

/** A readable summary of `request` for a failure report: method, target, headers and body. */
export function describeRequest(request: FuzzRequest): string {
  const bytes = bodyBytes(request.body);
  return [
    `${request.method} ${cut(target(request))}`,
    `headers: ${cut(JSON.stringify(request.headers))}`,
    `body: ${bytes === undefined ? '(none)' : showBody(bytes)}`,
  ].join('\n    ');
}
