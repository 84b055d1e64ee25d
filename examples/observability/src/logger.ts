/**
 * pino as the service's logger: JSON lines that carry the active trace and span ids, so a log line
 * written while a request or a job runs leads to its trace.
 */
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { Logger } from '@leadbook/server';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';

/** A pino logger whose lines carry `trace_id` and `span_id` when a span is active. */
export function createPino(destination?: DestinationStream): Pino {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      mixin() {
        // A span made while no tracer provider is registered has all-zero ids: not worth a log line.
        const context = trace.getActiveSpan()?.spanContext();
        if (!context || !isSpanContextValid(context)) return {};
        return { trace_id: context.traceId, span_id: context.spanId };
      },
    },
    destination,
  );
}

/** The service's `Logger` port over pino. The service never hands it a secret. */
export function leadbookLogger(log: Pino): Logger {
  return {
    debug: (message, meta) => log.debug(meta ?? {}, message),
    info: (message, meta) => log.info(meta ?? {}, message),
    warn: (message, meta) => log.warn(meta ?? {}, message),
    error: (message, meta) => log.error(meta ?? {}, message),
  };
}
