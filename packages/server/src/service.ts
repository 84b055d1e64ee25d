/**
 * `createConnectService()`: wires storage, scheduler, events, the console API and the HTTP adapters.
 *
 * @module
 */
import type { Router } from 'express';
import { createAdminApi, type AdminApi } from './admin';
import { createServiceContext, startJobs } from './compose';
import type { ServiceEvents } from './events/bus';
import { parseBodyLimit } from './http/body-limit';
import { connectRoutes } from './http/connect-routes';
import { createExpressRouter } from './http/express';
import { createFetchHandler, type FetchHandler } from './http/fetch';
import { ingressRoutes } from './http/ingress-routes';
import { createPipeline } from './http/pipeline';
import { publicFormRoutes } from './http/public-form-routes';
import { createRateLimiters } from './http/rate-limit';
import type { ConnectServiceOptions } from './options';
import type { StorageAdapter } from './ports/storage';
import { pruneIdempotency } from './usecases/bookings';
import { resumePendingDeliveries } from './usecases/webhook-delivery';
import { resumePendingMeetings } from './usecases/meetings';
import { storageTelemetrySink } from './usecases/public-forms/telemetry';

export type { ConnectServiceOptions } from './options';

/** A running service. */
export interface ConnectService {
  /**
   * The Express 5 router serving `/connect/...` and `/public/...`. Mount it at the app's root.
   * Set `app.set('trust proxy', ...)` on the host app so client IPs are right behind a proxy.
   */
  express(): Router;
  /** The same routes as a fetch handler: `Request` in, `Response` out (for msw and fetch hosts). */
  fetch: FetchHandler;
  /** The typed console API. */
  admin: AdminApi;
  /**
   * Subscribe to automation events (delivered after commit). Scheduled jobs start firing on the
   * next macrotask after creation, so subscribe right after `await createConnectService()`.
   */
  events: ServiceEvents;
  /** The storage adapter in use. */
  storage: StorageAdapter;
  /**
   * Stops the scheduler, waits for webhook attempts in flight and closes storage (a persisted sql.js
   * file gets its last snapshot). Safe to call twice.
   */
  close(): Promise<void>;
}

/**
 * Creates the Connect service.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createConnectService } from '@leadbook/server';
 *
 * const service = await createConnectService();
 * const { organizations } = await service.admin.seed({
 *   organizations: [{ name: 'Acme', apiTokens: [{ name: 'ci', scopes: ['write'] }] }],
 * });
 * const app = express();
 * app.use(service.express());
 * app.listen(3000);
 * ```
 */
export async function createConnectService(options: ConnectServiceOptions = {}): Promise<ConnectService> {
  const bodyLimit = parseBodyLimit(options.bodyLimit);
  const ctx = await createServiceContext(options);
  const { logger, scheduler, storage, events } = ctx;

  const telemetrySink = options.telemetrySink ?? storageTelemetrySink(ctx);
  const pipeline = createPipeline(ctx, {
    routes: [...connectRoutes(ctx), ...publicFormRoutes(ctx, telemetrySink), ...ingressRoutes(ctx)],
    bodyLimit,
    limiters: createRateLimiters(options.rateLimit, logger),
  });
  let router: Router | undefined;
  await pruneIdempotency(ctx);

  let closed: Promise<void> | undefined;
  // Start firing jobs on the next macrotask, so that subscribers attached right after
  // `await createConnectService()` also see the events of jobs that fell due while it was down.
  const started = new Promise<void>((resolve) => {
    setImmediate(() => {
      if (closed) return resolve();
      startJobs(ctx)
        .then(() => resumePendingDeliveries(ctx))
        .then(() => resumePendingMeetings(ctx))
        .then(
          () => resolve(),
          (error: unknown) => {
            logger.error('scheduler failed to start', { error: String(error) });
            resolve();
          },
        );
    });
  });

  return {
    express: () => (router ??= createExpressRouter(pipeline)),
    fetch: createFetchHandler(ctx, pipeline),
    admin: createAdminApi(ctx),
    events: { on: events.on },
    storage,
    close: () =>
      (closed ??= (async () => {
        await started;
        await scheduler.stop();
        await ctx.background.drain();
        await storage.close();
      })()),
  };
}
