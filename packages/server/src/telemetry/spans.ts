/**
 * Runs work in an active span: the span ends when the work settles, and a failure marks it as an
 * error with the error's class name only (messages may quote what a user sent).
 *
 * @module
 */
import { context, SpanStatusCode, trace, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';

/** The `error.type` of a failure: the error's class name, never its message. */
export function errorType(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** Marks `span` failed by `error` (its class name, not its message). */
export function failSpan(span: Span, error: unknown): void {
  span.setAttribute('error.type', errorType(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * Runs `fn` with a new span active (a child of the active one, unless `options.root`), ending it when `fn` settles; a
 * rejection is recorded by {@link failSpan} and rethrown.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const span = tracer.startSpan(name, options);
  try {
    return await context.with(trace.setSpan(context.active(), span), () => fn(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}
