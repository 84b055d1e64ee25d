/**
 * The demo studio behind Express, with an access log line per request: method, status, duration and
 * the request id, which the request's server span carries as `leadbook.request_id` (not the URL:
 * a query string may carry what a caller sent).
 */
import express, { type Express } from 'express';
import { createConnectService, systemClock, type Clock, type ConnectService } from '@leadbook/server';
import { seedStudio, type SeededStudio } from '@leadbook/server/studio';
import type { Logger as Pino } from 'pino';
import { leadbookLogger } from './logger';

/** The app, its service and the seeded studio. */
export interface ObservedApp {
  app: Express;
  service: ConnectService;
  studio: SeededStudio;
}

/**
 * Creates the service on in-memory sql.js, seeded with the studio on `clock`, logging through
 * `log`. Start the OpenTelemetry SDK first (see `startTelemetry`).
 */
export async function createObservedApp(options: { log: Pino; clock?: Clock }): Promise<ObservedApp> {
  const clock = options.clock ?? systemClock;
  const service = await createConnectService({ clock, logger: leadbookLogger(options.log) });
  const studio = await seedStudio(service, { now: clock.now(), fresh: true });
  const app = express();
  app.use((request, response, next) => {
    const started = performance.now();
    response.on('finish', () => {
      options.log.info(
        {
          method: request.method,
          status: response.statusCode,
          durationMs: Math.round(performance.now() - started),
          requestId: response.getHeader('x-request-id'),
        },
        'request',
      );
    });
    next();
  });
  app.use(service.express());
  return { app, service, studio };
}
