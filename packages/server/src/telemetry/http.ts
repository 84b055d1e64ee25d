/**
 * The HTTP server span of a request and its duration measurement, with the route template (never
 * the path, which carries ids) so both stay low in cardinality.
 *
 * @module
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type TextMapGetter,
} from '@opentelemetry/api';
import type { Telemetry } from './instruments';
import { failSpan } from './spans';

/** The methods a span names as they are; any other is `_OTHER` (the semantic conventions' rule). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Reads request headers, as the pipeline sees them. */
export interface HeaderGetter {
  /** The header's value, or undefined. */
  get(name: string): string | undefined;
}

/** What the server span of a request records. */
export interface TracedRequest {
  /** The request method, upper-cased. */
  method: string;
  /** The matched route's template (`/connect/calendar/:id`), or undefined when none matched. */
  route: string | undefined;
  /** The request id echoed in `x-request-id`. */
  requestId: string;
  /** The request headers, read for an incoming W3C trace context. */
  headers: HeaderGetter;
}

const headerGetter: TextMapGetter<HeaderGetter> = {
  get: (carrier, key) => carrier.get(key),
  keys: () => [],
};

/**
 * Runs `answer` in the request's server span, a child of the active span when the host's HTTP
 * instrumentation made one, else of the trace context the request's headers carry; then records
 * the status on the span and the duration in `http.server.request.duration`.
 */
export async function traceRequest<R extends { status: number }>(
  telemetry: Telemetry,
  request: TracedRequest,
  answer: () => Promise<R>,
): Promise<R> {
  const started = performance.now();
  const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
  const attributes: Attributes = { 'http.request.method': method };
  if (request.route !== undefined) attributes['http.route'] = request.route;
  const active = context.active();
  const parent = trace.getSpan(active)
    ? active
    : propagation.extract(ROOT_CONTEXT, request.headers, headerGetter);
  const span = telemetry.tracer.startSpan(
    request.route === undefined ? method : `${method} ${request.route}`,
    { kind: SpanKind.SERVER, attributes: { ...attributes, 'leadbook.request_id': request.requestId } },
    parent,
  );
  let status = 500;
  try {
    const out = await context.with(trace.setSpan(parent, span), answer);
    status = out.status;
    return out;
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    telemetry.requestDuration.record((performance.now() - started) / 1000, {
      ...attributes,
      'http.response.status_code': status,
    });
  }
}
