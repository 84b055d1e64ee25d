/**
 * `createConnectService()`: wires storage, scheduler, events, the console API and the HTTP adapters.
 *
 * @module
 */
import type { Router } from 'express';
import { createAdminApi, type AdminApi } from './admin';
import { createServiceContext, startJobs } from './compose';
import { createHealthCheck, type HealthReport, type SchedulerState } from './core/health';
import type { ServiceEvents } from './events/bus';
import { parseBodyLimit } from './http/body-limit';
import { connectRoutes } from './http/connect-routes';
import { createExpressRouter } from './http/express';
import { createFetchHandler, type FetchHandler } from './http/fetch';
import { ingressRoutes } from './http/ingress-routes';
import { calendarFeedRoutes } from './http/calendar-feed-routes';
import { healthSettings, withHealthRoutes } from './http/health-routes';
import { createPipeline } from './http/pipeline';
import { publicFormRoutes } from './http/public-form-routes';
import { createRateLimiters } from './http/rate-limit';
import type { ConnectServiceOptions } from './options';
import { errorFields } from './ports/logger';
import type { StorageAdapter } from './ports/storage';
import { pruneIdempotency } from './usecases/bookings';
import { resumePendingDeliveries } from './usecases/webhooks/delivery';
import { resumePendingMeetings } from './usecases/meetings';
import { storageTelemetrySink } from './usecases/public-forms/telemetry';

export type { ConnectServiceOptions, HealthOptions } from './options';
export type { HealthCheck, HealthReport, HealthStatus } from './core/health';
export type { HealthRoutesOptions } from './http/health-routes';

/** Options of {@link ConnectService.close}. */
export interface CloseOptions {
  /**
   * How long, in milliseconds, the requests and the webhook and meeting calls in flight get to
   * finish: an integer from 0 to 300000. Default: 10000. Past it, the calls still running are
   * given back (their deliveries and meetings are due again at once, for another instance or the
   * next start), storage closes, and a request still running is answered 503. (The scheduled job
   * that is running when the scheduler stops always finishes: it only claims and records.)
   */
  drainMs?: number;
}

/** The longest drain `close()` accepts: 5 minutes, the longest webhook or meeting timeout. */
const MAX_DRAIN_MS = 300_000;
const DEFAULT_DRAIN_MS = 10_000;

/** A running service. */
export interface ConnectService {
  /**
   * The Express 5 router serving `/connect/...` and `/public/...`. Mount it at the app's root.
   * Set `app.set('trust proxy', ...)` on the host app so client IPs are right behind a proxy.
   */
  express(): Router;
  /** The same routes as a fetch handler: `Request` in, `Response` out (for msw and fetch hosts). */
  fetch: FetchHandler;
  /**
   * Checks the service: a storage round trip (a read-only transaction), the schema's migrations
   * (when the storage adapter has `schemaStatus()`), the scheduler (started, not stopped; it
   * waits for the start up to the checks' deadline) and shutdown. `ok` when all pass; `degraded`
   * when requests are served but the scheduler is not running; `unavailable` when storage fails, the
   * schema lacks migrations, or `close()` has been called (storage is then not touched). Each check
   * has `health.timeoutMs` (default 5 s); concurrent calls share one run. A failed check gives only
   * a reason (`error`, `timeout`, `behind`, ...); the error itself goes to the logger. Never rejects.
   * The readiness route (`health` option) answers this report.
   *
   * @example
   * ```ts
   * const report = await service.health();
   * if (report.status !== 'ok') console.warn('not ready', report.checks);
   * ```
   */
  health(): Promise<HealthReport>;
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
   * Shuts the service down gracefully. At once, every new request is answered 503 in its surface's
   * envelope, with `Retry-After` and `Connection: close` (and every answer from then on closes its
   * connection). Then, for up to `drainMs`, the requests in flight finish, the scheduler stops (jobs
   * not yet run stay stored, for another instance or the next start) and the webhook and meeting
   * calls in flight finish; those still running at the deadline are given back. Last, storage
   * closes (a persisted sql.js file gets its last snapshot). A second call returns the first call's
   * promise.
   *
   * Stop the HTTP server from accepting connections first, then close the service, then end the
   * connections still open and exit (see the mounting guide).
   *
   * Rejects with a `RangeError` when `drainMs` is not an integer from 0 to 300000.
   *
   * @example
   * ```ts
   * process.once('SIGTERM', async () => {
   *   server.close(); // no new connections; Node closes the idle keep-alive ones
   *   await service.close({ drainMs: 10_000 });
   *   server.closeAllConnections();
   *   process.exit(0);
   * });
   * ```
   */
  close(options?: CloseOptions): Promise<void>;
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
  const health = healthSettings(options.health);
  const ctx = await createServiceContext(options);
  const { logger, scheduler, storage, events } = ctx;

  const telemetrySink = options.telemetrySink ?? storageTelemetrySink(ctx);
  const servicePipeline = createPipeline(ctx, {
    routes: [
      ...connectRoutes(ctx),
      ...publicFormRoutes(ctx, telemetrySink),
      ...ingressRoutes(ctx),
      ...calendarFeedRoutes(ctx),
    ],
    bodyLimit,
    limiters: createRateLimiters(options.rateLimit, logger),
  });
  let router: Router | undefined;
  await pruneIdempotency(ctx);

  let closed: Promise<void> | undefined;
  let schedulerState: SchedulerState = 'starting';
  // Start firing jobs on the next macrotask, so that subscribers attached right after
  // `await createConnectService()` also see the events of jobs that fell due while it was down.
  const started = new Promise<void>((resolve) => {
    setImmediate(() => {
      if (closed) {
        schedulerState = 'stopped';
        return resolve();
      }
      startJobs(ctx)
        .then(
          () => void (schedulerState = 'running'),
          (error: unknown) => {
            schedulerState = 'failed';
            throw error;
          },
        )
        .then(() => resumePendingDeliveries(ctx))
        .then(() => resumePendingMeetings(ctx))
        .then(
          () => resolve(),
          (error: unknown) => {
            logger.error('scheduler failed to start', { error: errorFields(error) });
            resolve();
          },
        );
    });
  });

  /** The shutdown `close()` describes, with a deadline of `drainMs`. */
  async function shutDown(drainMs: number): Promise<void> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), drainMs);
    try {
      await Promise.all([
        ctx.gate.close(deadline.signal),
        started.then(async () => {
          await scheduler.stop();
          schedulerState = 'stopped';
        }),
        ctx.background.drain(deadline.signal),
      ]);
      // The job that was running when the scheduler stopped may have started more calls meanwhile.
      await ctx.background.drain(deadline.signal);
    } finally {
      clearTimeout(timer);
    }
    await storage.close();
  }

  const checkHealth = createHealthCheck(ctx, {
    schedulerState: () => schedulerState,
    started,
    timeoutMs: health.timeoutMs,
  });
  const pipeline = health.paths
    ? withHealthRoutes(servicePipeline, health.paths, checkHealth)
    : servicePipeline;

  return {
    health: checkHealth,
    express: () => (router ??= createExpressRouter(pipeline)),
    fetch: createFetchHandler(ctx, pipeline),
    admin: createAdminApi(ctx),
    events: { on: events.on },
    storage,
    close(options = {}) {
      if (closed) return closed;
      const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
      if (!Number.isInteger(drainMs) || drainMs < 0 || drainMs > MAX_DRAIN_MS) {
        return Promise.reject(
          new RangeError(`drainMs must be an integer from 0 to ${MAX_DRAIN_MS}, got ${drainMs}`),
        );
      }
      return (closed = shutDown(drainMs));
    },
  };
}
