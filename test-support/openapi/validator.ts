/**
 * An OpenAPI 3.1 check of HTTP exchanges against `docs/openapi.json`, independent of the zod schemas
 * the document is generated from: the document's schemas are compiled by Ajv's JSON Schema 2020-12
 * validator (with `ajv-formats`), and a small matcher finds the operation of a method and a path.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { escape, matchOperation, type MatchedOperation, type OpenApiDocument } from './match';

/** The committed document (a test keeps it equal to what the contract generates). */
export const DOCUMENT_PATH = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

/** One request and its answer, as the service saw and sent them. */
export interface Exchange {
  /** The HTTP method. */
  readonly method: string;
  /** The URL path, without the query string. */
  readonly path: string;
  /** The request's `Content-Type`, if any. */
  readonly requestType: string | undefined;
  /** The request body as sent (decoded from its `Content-Encoding`), empty when there was none. */
  readonly requestBody: Uint8Array;
  /** The response status. */
  readonly status: number;
  /** The response's `Content-Type`, if any. */
  readonly responseType: string | undefined;
  /** The response body text, empty when there was none. */
  readonly responseBody: string;
}

/** Checks exchanges and schema values against one OpenAPI document. */
export interface OpenApiValidator {
  /** The problems of one exchange; empty when it matches the document. */
  check(exchange: Exchange): string[];
  /** The problems of `value` against the schema at a JSON pointer of the document (`#/components/...`). */
  validate(pointer: string, value: unknown): string[];
}

/**
 * Statuses that Node's HTTP server answers itself, with no body, before the service sees the
 * request (a request line or headers over 16 KiB, a client too slow to send them): the document
 * describes the service, not its host.
 */
const HOST_STATUSES = new Set([408, 431]);

/** The route the service answers outside the document: the document itself. */
const UNDOCUMENTED_ROUTES = new Set(['GET /connect/openapi.json']);

const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The documented media type a request's type falls under: itself; `application/json` for a JSON
 * structured-syntax type (`application/merge-patch+json`, RFC 6839), which Connect reads as JSON (the
 * errors guide says so; a content key cannot name every `+json` type); else a range that holds it
 * (`text/*`, then `*\/*`), as OpenAPI's more specific key wins.
 */
function documentedType(type: string, content: Record<string, unknown>): string | undefined {
  if (content[type]) return type;
  if (/^application\/[\w.-]+\+json$/.test(type) && content['application/json']) return 'application/json';
  const range = `${type.split('/')[0]}/*`;
  return content[range] ? range : content['*/*'] ? '*/*' : undefined;
}

const decoder = new TextDecoder();

/** Creates a validator of `document` (default: the committed `docs/openapi.json`). */
export function createOpenApiValidator(
  document: OpenApiDocument = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')),
): OpenApiValidator {
  // strict: false lets the OpenAPI-only keywords (`x-leadbook-extension`, `example`) pass as annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validate = (pointer: string, value: unknown): string[] => {
    let fn = compiled.get(pointer);
    if (!fn) compiled.set(pointer, (fn = ajv.compile({ $ref: `openapi.json${pointer}` })));
    if (fn(value)) return [];
    return (fn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
  };
  return { check: (exchange) => checkExchange(document, validate, exchange), validate };
}

function checkExchange(
  document: OpenApiDocument,
  validate: OpenApiValidator['validate'],
  exchange: Exchange,
): string[] {
  const method = exchange.method.toUpperCase();
  // A CORS preflight is answered before any operation; HEAD answers as GET without a body.
  if (method === 'OPTIONS') return [];
  if (HOST_STATUSES.has(exchange.status) && exchange.responseBody === '') return [];
  const operation = matchOperation(document, method === 'HEAD' ? 'GET' : method, exchange.path);
  if (!operation) {
    if (UNDOCUMENTED_ROUTES.has(`${method} ${exchange.path}`) || exchange.status >= 400) return [];
    return [`${method} ${exchange.path} answered ${exchange.status} but the document has no such operation`];
  }
  return [
    ...responseProblems(operation, validate, exchange, method === 'HEAD'),
    ...(exchange.status < 300 ? requestProblems(operation, validate, exchange) : []),
  ];
}

function responseProblems(
  { operation, pointer }: MatchedOperation,
  validate: OpenApiValidator['validate'],
  exchange: Exchange,
  head: boolean,
): string[] {
  const status = String(exchange.status);
  const response = operation.responses?.[status] ?? operation.responses?.['default'];
  if (!response) return [`status ${status} is not a documented response of ${operation.operationId}`];
  const content = response.content ?? {};
  if (Object.keys(content).length === 0 || head) {
    return exchange.responseBody === '' || head
      ? []
      : [`${status} has a body, but the document declares none`];
  }
  const type = mediaType(exchange.responseType);
  if (!content[type])
    return [`${status} is ${type || 'untyped'}, not one of ${Object.keys(content).join(', ')}`];
  const at = `${pointer}/responses/${status}/content/${escape(type)}/schema`;
  // A text answer (a calendar feed's `text/calendar`): the text is what the schema describes.
  if (!/[/+]json$/.test(type))
    return validate(at, exchange.responseBody).map((p) => `response ${status} ${p}`);
  let body: unknown;
  try {
    body = JSON.parse(exchange.responseBody);
  } catch {
    return [`${status} body is not JSON`];
  }
  return validate(at, body).map((problem) => `response ${status} ${problem}`);
}

function requestProblems(
  { operation, pointer }: MatchedOperation,
  validate: OpenApiValidator['validate'],
  exchange: Exchange,
): string[] {
  const content = operation.requestBody?.content;
  // An operation without a request body (a GET, the booking DELETE) ignores one: nothing to check.
  if (exchange.requestBody.byteLength === 0 || !content) return [];
  const type = documentedType(mediaType(exchange.requestType), content) ?? mediaType(exchange.requestType);
  const media = content[type];
  if (!media) {
    return [
      `${operation.operationId} accepted a ${type || 'untyped'} body; the document lists ${Object.keys(content).join(', ')}`,
    ];
  }
  let body: unknown;
  try {
    body = JSON.parse(decoder.decode(exchange.requestBody));
  } catch {
    return [`${operation.operationId} accepted a body that is not JSON`];
  }
  const at = `${pointer}/requestBody/content/${escape(type)}/schema`;
  // A text body carrying JSON: the JSON is what `contentSchema` describes.
  const schema = media.schema as { contentMediaType?: string; contentSchema?: unknown } | undefined;
  const target =
    schema?.contentMediaType === 'application/json' && schema.contentSchema ? `${at}/contentSchema` : at;
  return validate(target, body).map((problem) => `request body ${problem}`);
}
