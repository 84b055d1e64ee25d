/**
 * `createConnectService()`: wires storage, scheduler, events, the console API and the HTTP adapters.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { createSqlJsStorage } from './adapters/sqljs';
import { createTimerScheduler } from './adapters/timer-scheduler';
import { createAdminApi, type AdminApi } from './admin';
import { silentLogger, systemClock, type Clock, type Logger, type ServiceContext } from './core/context';
import { createEventBus, type ServiceEvents } from './events/bus';
import { parseBodyLimit } from './http/body-limit';
import { connectRoutes } from './http/connect-routes';
import { publicFormRoutes } from './http/public-form-routes';
import { createRateLimiters, type RateLimitOptions } from './http/rate-limit';
import { storageTelemetrySink, type TelemetrySink } from './usecases/public-forms/telemetry';
import { ingressRoutes } from './http/ingress-routes';
import { createExpressRouter } from './http/express';
import { createFetchHandler, type FetchHandler } from './http/fetch';
import type { Scheduler } from './ports/scheduler';
import type { StorageAdapter } from './ports/storage';
import { pruneIdempotency } from './usecases/bookings';
import { createJobRouter } from './usecases/jobs';
import { appointmentJobHandlers } from './usecases/scheduled-events';
import { webhookJobHandlers } from './usecases/webhook-delivery';
import {
  createHttpCaptchaVerifier,
  type HttpCaptchaVerifierOptions,
} from './adapters/captcha/http-captcha-verifier';
import type { CaptchaVerifier } from './ports/captcha';

/** Options of {@link createConnectService}. */
export interface ConnectServiceOptions {
  /** Storage adapter. Default: in-memory sql.js (`createSqlJsStorage()`). */
  storage?: StorageAdapter;
  /** Scheduler of `hasStarted`/`hasEnded`. Default: the in-process timer scheduler on `storage`. */
  scheduler?: Scheduler;
  /** Clock. Default: the system clock. */
  clock?: Clock;
  /** Logger. Default: silent. Tokens never reach it. */
  logger?: Logger;
  /** Largest accepted request body, in bytes or as `'100kb'`/`'1mb'`. Default: 100 KiB. */
  bodyLimit?: number | string;
  /** Captcha verification of form submissions. Default: the HTTP verifier with the providers' URLs. */
  captcha?: CaptchaVerifier | HttpCaptchaVerifierOptions;
  /** Public form rate limits (30/min GET, 5/min submit, 120/min telemetry per form and client IP). */
  rateLimit?: RateLimitOptions;
  /** Where widget telemetry goes. Default: storage, keeping the newest 1000 events per form. */
  telemetrySink?: TelemetrySink;
  /** Outgoing webhook delivery. */
  webhooks?: {
    /** Allow URLs resolving to loopback, private or link-local addresses. Default: false. */
    allowPrivateUrls?: boolean;
    /** The fetch implementation. Default: the global fetch. */
    fetch?: typeof fetch;
    /** Per-attempt timeout in milliseconds. Default: 10000. */
    timeoutMs?: number;
  };
}

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
  /** Stops the scheduler and closes storage (flushing a persisted file). Safe to call twice. */
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
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const bodyLimit = parseBodyLimit(options.bodyLimit);
  const storage = options.storage ?? (await createSqlJsStorage({ logger }));
  const scheduler = options.scheduler ?? createTimerScheduler({ storage, clock, logger });
  const events = createEventBus(logger);
  const captcha =
    options.captcha && 'verify' in options.captcha
      ? options.captcha
      : createHttpCaptchaVerifier(options.captcha);
  const webhooks = {
    allowPrivateUrls: options.webhooks?.allowPrivateUrls ?? false,
    fetch: options.webhooks?.fetch ?? fetch,
    timeoutMs: options.webhooks?.timeoutMs ?? 10_000,
  };
  const ctx: ServiceContext = {
    storage,
    clock,
    logger,
    events,
    scheduler,
    newId: randomUUID,
    captcha,
    webhooks,
  };

  const limiters = createRateLimiters(options.rateLimit);
  const telemetrySink = options.telemetrySink ?? storageTelemetrySink(ctx);
  const routes = [...connectRoutes(ctx), ...publicFormRoutes(ctx, telemetrySink), ...ingressRoutes(ctx)];
  let router: Router | undefined;
  await pruneIdempotency(ctx);

  let closed: Promise<void> | undefined;
  // Start firing jobs on the next macrotask, so that subscribers attached right after
  // `await createConnectService()` also see the events of jobs that fell due while it was down.
  const started = new Promise<void>((resolve) => {
    setImmediate(() => {
      if (closed) return resolve();
      scheduler
        .start(createJobRouter(ctx, { ...appointmentJobHandlers(ctx), ...webhookJobHandlers(ctx) }))
        .then(resolve, (error: unknown) => {
          logger.error('scheduler failed to start', { error: String(error) });
          resolve();
        });
    });
  });

  return {
    express: () => (router ??= createExpressRouter(ctx, routes, bodyLimit, limiters)),
    fetch: createFetchHandler(ctx, routes, bodyLimit, limiters),
    admin: createAdminApi(ctx),
    events: { on: events.on },
    storage,
    close: () =>
      (closed ??= (async () => {
        await started;
        await scheduler.stop();
        await storage.close();
      })()),
  };
}
