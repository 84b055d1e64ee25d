/**
 * A span per SQL statement, with the database semantic conventions: `db.system` and the statement's
 * operation (`SELECT`, `INSERT`, ...), never its text's values or its parameters.
 *
 * @module
 */
import { SpanKind, trace, type Span } from '@opentelemetry/api';
import { INSTRUMENTATION_SCOPE } from '../../telemetry/instruments';
import { failSpan } from '../../telemetry/spans';
import type { MaybePromise, SqlExecutor } from './executor';

// The global API's tracer: a storage adapter is created before (and apart from) the service.
const tracer = trace.getTracer(INSTRUMENTATION_SCOPE);

/** The operation of a statement: its first keyword, upper-cased. */
export function operationOf(sql: string): string {
  return /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'UNKNOWN';
}

/**
 * `exec` with a client span per statement, as a child of the active span. Statements that run
 * outside a recording span (no SDK registered, or an adapter's own housekeeping) make none, so
 * tracing costs one lookup per statement when it is off. A synchronous executor stays synchronous.
 */
export function traceStatements(exec: SqlExecutor, system: string): SqlExecutor {
  const wrap =
    <R>(run: (sql: string, params?: readonly unknown[]) => MaybePromise<R>) =>
    (sql: string, params?: readonly unknown[]): MaybePromise<R> => {
      if (!trace.getActiveSpan()?.isRecording()) return run(sql, params);
      const operation = operationOf(sql);
      const span = tracer.startSpan(operation, {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system': system, 'db.system.name': system, 'db.operation.name': operation },
      });
      let out: MaybePromise<R>;
      try {
        out = run(sql, params);
      } catch (error) {
        throw ended(span, error);
      }
      if (!(out instanceof Promise)) return (span.end(), out);
      return out.then(
        (value) => (span.end(), value),
        (error: unknown) => Promise.reject(ended(span, error)),
      );
    };
  const write = exec.write?.bind(exec);
  return {
    all: wrap(exec.all.bind(exec)),
    get: wrap(exec.get.bind(exec)),
    run: wrap(exec.run.bind(exec)),
    ...(write ? { write: wrap(write) } : {}),
  };
}

/** Ends `span` as failed by `error`, and gives the error back. */
function ended(span: Span, error: unknown): unknown {
  failSpan(span, error);
  span.end();
  return error;
}
