/**
 * The service's OpenTelemetry tracer and metric instruments, through `@opentelemetry/api` only:
 * they are no-ops until the host registers an SDK (and the instruments stay no-ops when the SDK is
 * registered after the service was created, since the API has no proxy meter).
 *
 * @module
 */
import { metrics, trace, type Counter, type Histogram, type Tracer } from '@opentelemetry/api';

/** The instrumentation scope of every span and metric the server makes. */
export const INSTRUMENTATION_SCOPE = '@leadbook/server';

/** Bucket boundaries, in seconds, of the duration histograms (the HTTP semantic conventions' advice). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Bucket boundaries, in seconds, of the scheduler lag: from on time to an hour late. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

/** Metric names, as a host's views and dashboards refer to them. */
export const METRIC = {
  requestDuration: 'http.server.request.duration',
  bookingsCreated: 'leadbook.bookings.created',
  holdsPlaced: 'leadbook.holds.placed',
  webhookDeliveries: 'leadbook.webhook.attempts',
  webhookDuration: 'leadbook.webhook.attempt.duration',
  schedulerLag: 'leadbook.scheduler.lag',
  transactionDuration: 'leadbook.storage.transaction.duration',
} as const;

/** The tracer and the instruments the service records through. */
export interface Telemetry {
  /** The tracer of every span. */
  readonly tracer: Tracer;
  /** HTTP request duration in seconds, by method, route template and status. */
  readonly requestDuration: Histogram;
  /** Bookings created (committed), by surface. */
  readonly bookingsCreated: Counter;
  /** Holds placed, by outcome. */
  readonly holdsPlaced: Counter;
  /** Outgoing webhook attempts, by outcome. */
  readonly webhookAttempts: Counter;
  /** Outgoing webhook attempt duration in seconds, by outcome. */
  readonly webhookDuration: Histogram;
  /** How late a scheduled job ran, in seconds after it was due, by job type. */
  readonly schedulerLag: Histogram;
  /** Storage transaction duration in seconds, by read-only and outcome. */
  readonly transactionDuration: Histogram;
}

/** The tracer and instruments of the globally registered OpenTelemetry SDK (no-ops without one). */
export function createTelemetry(): Telemetry {
  const meter = metrics.getMeter(INSTRUMENTATION_SCOPE);
  const seconds = (name: string, description: string, buckets = DURATION_BUCKETS) =>
    meter.createHistogram(name, { description, unit: 's', advice: { explicitBucketBoundaries: buckets } });
  return {
    tracer: trace.getTracer(INSTRUMENTATION_SCOPE),
    requestDuration: seconds(METRIC.requestDuration, 'Duration of HTTP server requests.'),
    bookingsCreated: meter.createCounter(METRIC.bookingsCreated, {
      description: 'Bookings created.',
      unit: '{booking}',
    }),
    holdsPlaced: meter.createCounter(METRIC.holdsPlaced, {
      description: 'Booking holds placed, and refused.',
      unit: '{hold}',
    }),
    webhookAttempts: meter.createCounter(METRIC.webhookDeliveries, {
      description: 'Outgoing webhook delivery attempts, by outcome.',
      unit: '{attempt}',
    }),
    webhookDuration: seconds(METRIC.webhookDuration, 'Duration of outgoing webhook delivery attempts.'),
    schedulerLag: seconds(
      METRIC.schedulerLag,
      'How long after its due time a scheduled job ran.',
      LAG_BUCKETS,
    ),
    transactionDuration: seconds(METRIC.transactionDuration, 'Duration of storage transactions.'),
  };
}
