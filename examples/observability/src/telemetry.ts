/**
 * The OpenTelemetry Node SDK as a host registers it: Prometheus for metrics (scraped from a port of
 * its own), and span processors of the host's choice. Start it before creating the Leadbook
 * service: the service takes its metric instruments from the SDK registered at that moment.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

/** A started SDK and its Prometheus exporter. */
export interface Telemetry {
  /** The Prometheus exporter (a metric reader); {@link serveMetrics} serves what it reads. */
  prometheus: PrometheusExporter;
  /** Flushes and stops the SDK. */
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK. Without `spanProcessors`, spans go where the standard environment variables say
 * (`OTEL_TRACES_EXPORTER=console` prints them; the default, `otlp`, sends them to
 * `OTEL_EXPORTER_OTLP_ENDPOINT`).
 */
export function startTelemetry(
  options: { serviceName?: string; spanProcessors?: SpanProcessor[] } = {},
): Telemetry {
  // The exporter's own server would listen on every interface; serveMetrics chooses where.
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? 'leadbook',
    metricReaders: [prometheus],
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
  });
  sdk.start();
  return { prometheus, shutdown: () => sdk.shutdown() };
}

/**
 * Serves the Prometheus text format at `GET /metrics` on a server of its own, apart from the API:
 * metrics name routes and volumes that the public need not see. Resolves once it listens.
 */
export async function serveMetrics(
  prometheus: PrometheusExporter,
  port: number,
  host = '127.0.0.1',
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/metrics') {
      prometheus.getMetricsRequestHandler(request, response);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host}:${address.port}/metrics` };
}
