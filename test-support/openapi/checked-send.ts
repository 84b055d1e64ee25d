/**
 * Wraps the function a test sends its requests through, so that every exchange is checked against
 * `docs/openapi.json` (see `createOpenApiValidator`): a response or an accepted request body the
 * document does not describe makes the call throw, and with it the test.
 *
 * @module
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { createOpenApiValidator, type Exchange, type OpenApiValidator } from './validator';

/** How a test sends a request to the service (its fetch handler, or `fetch` to a listening host). */
export type Send = (request: Request) => Promise<Response>;

/** Thrown when an exchange breaks the document. */
export class OpenApiViolation extends Error {
  override readonly name = 'OpenApiViolation';
  /** What was wrong. */
  readonly problems: readonly string[];
  constructor(exchange: Exchange, problems: readonly string[]) {
    super(
      `${exchange.method} ${exchange.path} -> ${exchange.status} breaks docs/openapi.json:\n  ` +
        `${problems.join('\n  ')}\n  response: ${exchange.responseBody.slice(0, 500)}`,
    );
    this.problems = problems;
  }
}

let shared: OpenApiValidator | undefined;

/** The validator of the committed document, compiled once per test file. */
export const documentValidator = (): OpenApiValidator => (shared ??= createOpenApiValidator());

const DECODERS: Record<string, (bytes: Uint8Array) => Uint8Array> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** The body as the service read it: `Content-Encoding` undone (the service accepted it, so it decodes). */
function decoded(bytes: Uint8Array, encoding: string | null): Uint8Array {
  const decode = encoding ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  return decode && bytes.byteLength > 0 ? decode(bytes) : bytes;
}

/**
 * Returns `send` with every exchange checked against the document. The request body is read from a
 * clone, and only once the service accepted it (a 2xx): a refused request is only as good as its
 * answer, which is checked whatever the status.
 *
 * @throws {@link OpenApiViolation} from the returned function when an exchange breaks the document.
 */
export function checkedSend(send: Send, validator: OpenApiValidator = documentValidator()): Send {
  return async (request) => {
    const copy = request.body ? request.clone() : undefined;
    const response = await send(request);
    const responseBody = await response.clone().text();
    const accepted = response.status < 300;
    const requestBody =
      copy && accepted
        ? decoded(new Uint8Array(await copy.arrayBuffer()), request.headers.get('content-encoding'))
        : new Uint8Array();
    const exchange: Exchange = {
      method: request.method,
      path: new URL(request.url).pathname,
      requestType: request.headers.get('content-type') ?? undefined,
      requestBody,
      status: response.status,
      responseType: response.headers.get('content-type') ?? undefined,
      responseBody,
    };
    const problems = validator.check(exchange);
    if (problems.length > 0) throw new OpenApiViolation(exchange, problems);
    return response;
  };
}
