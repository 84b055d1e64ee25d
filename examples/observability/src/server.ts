/**
 * Starts the observed demo: the OpenTelemetry SDK first, then the service. The API listens on PORT
 * (3000), Prometheus metrics on METRICS_PORT (9464), both on loopback unless HOST says otherwise.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_SERVER_OPTIONS } from '@leadbook/server';
import { createObservedApp } from './app';
import { createPino } from './logger';
import { serveMetrics, startTelemetry } from './telemetry';

const host = process.env.HOST || '127.0.0.1';
const telemetry = startTelemetry({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'leadbook-demo' });
const log = createPino();
const { app, service, studio } = await createObservedApp({ log });
const metrics = await serveMetrics(telemetry.prometheus, Number(process.env.METRICS_PORT ?? 9464), host);
const server = createServer(HTTP_SERVER_OPTIONS, app);
server.listen(Number(process.env.PORT ?? 3000), host, () => {
  const { port } = server.address() as AddressInfo;
  log.info({ url: `http://${host}:${port}`, metrics: metrics.url }, 'listening');
  // Demo tokens, regenerated at every start: try a request, then read the metrics.
  console.log(
    `curl -H "Authorization: Bearer ${studio.tokens.read}" http://${host}:${port}/connect/calendar/`,
  );
  console.log(`curl ${metrics.url}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    metrics.server.close();
    void service
      .close({ drainMs: 10_000 })
      .then(() => telemetry.shutdown())
      .then(() => {
        server.closeAllConnections();
        process.exit(0);
      });
  });
}
