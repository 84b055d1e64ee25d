/**
 * An OpenTelemetry SDK registered globally for one test file, exporting to memory: what a host's
 * `NodeSDK` would register, minus the network. Register it before creating the service (the
 * service takes its meter's instruments when it is created).
 */
import { context, metrics, propagation, trace, type AttributeValue } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type MetricData,
} from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';

/** One data point of a metric: its attributes and value (a number, or a histogram's count and sum). */
export interface Point {
  attributes: Record<string, AttributeValue | undefined>;
  value: number | { count: number; sum?: number };
}

/** The registered SDK's exports. */
export interface InMemoryOtel {
  /** The spans ended so far. */
  spans(): ReadableSpan[];
  /** The data points of each metric recorded so far (cumulative), by metric name. */
  metrics(): Promise<Map<string, Point[]>>;
  /** Unregisters everything. */
  shutdown(): Promise<void>;
}

/** Registers a tracer and a meter provider, a context manager and the W3C propagator, globally. */
export function registerInMemoryOtel(): InMemoryOtel {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: spanExporter })],
  });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // Exports only when asked (forceFlush): the interval is longer than any test.
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 24 * 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    spans: () => spanExporter.getFinishedSpans(),
    async metrics() {
      await reader.forceFlush();
      const latest = metricExporter.getMetrics().at(-1);
      const byName = new Map<string, Point[]>();
      for (const metric of latest?.scopeMetrics.flatMap((scope) => scope.metrics) ?? []) {
        byName.set(metric.descriptor.name, pointsOf(metric));
      }
      return byName;
    },
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
    },
  };
}

function pointsOf(metric: MetricData): Point[] {
  return metric.dataPoints.map((point) => ({
    attributes: point.attributes,
    value:
      typeof point.value === 'number'
        ? point.value
        : { count: point.value.count, ...(point.value.sum === undefined ? {} : { sum: point.value.sum }) },
  }));
}
