/**
 * Finds the OpenAPI operation of a request: its method and path against the document's path
 * templates (`/connect/calendar/{id}`). Like the service, it takes one trailing slash as optional,
 * and a template without parameters wins over one with them.
 *
 * @module
 */
/** The parts of an OpenAPI operation the checks read. */
export interface OperationShape {
  readonly operationId: string;
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: unknown }> };
  readonly responses?: Record<string, { readonly content?: Record<string, unknown> }>;
}

/** The parts of an OpenAPI document the checks read. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OperationShape>>;
}

/** An operation and the JSON pointer to it (`#/paths/~1connect~1calendar~1/get`). */
export interface MatchedOperation {
  readonly operation: OperationShape;
  readonly pointer: string;
}

/** Escapes one JSON pointer segment (RFC 6901). */
export const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** Whether a path segment fits a template segment (`{id}`, or one with text around it: `{token}.ics`). */
function segmentMatches(template: string, segment: string): boolean {
  if (!template.includes('{')) return template === segment;
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const pattern = template
    .split(/\{\w+\}/)
    .map(literal)
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(segment);
}

function templateMatches(template: string, path: string): boolean {
  const want = trimSlash(template).split('/');
  const got = trimSlash(path).split('/');
  return want.length === got.length && want.every((segment, i) => segmentMatches(segment, got[i]!));
}

/** The operation of `method` and `path` (no query string), or undefined when the document has none. */
export function matchOperation(
  document: OpenApiDocument,
  method: string,
  path: string,
): MatchedOperation | undefined {
  const templates = Object.keys(document.paths)
    .filter((template) => templateMatches(template, path))
    .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')));
  for (const template of templates) {
    const verb = method.toLowerCase();
    const operation = document.paths[template]?.[verb];
    if (operation) return { operation, pointer: `#/paths/${escape(template)}/${verb}` };
  }
  return undefined;
}
