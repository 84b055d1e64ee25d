/**
 * Wires the ports every use case reaches into one `ServiceContext`, with the defaults of
 * `createConnectService()`; tests and benchmarks that call use cases directly build theirs here too.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createHttpCaptchaVerifier } from '../adapters/captcha/http-captcha-verifier';
import { createSqlJsStorage } from '../adapters/sqljs';
import { createTimerScheduler } from '../adapters/timer-scheduler';
import { createEventBus } from '../events/bus';
import type { ConnectServiceOptions } from '../options';
import { createJobRouter } from '../usecases/jobs';
import { appointmentJobHandlers } from '../usecases/scheduled-events';
import { webhookJobHandlers } from '../usecases/webhook-delivery';
import { createBackgroundTasks } from './background';
import { silentLogger, systemClock, type ServiceContext } from './context';

/** Builds a service context: the given ports, or the defaults (sql.js in memory, timer scheduler, HTTP captcha). */
export async function createServiceContext(options: ConnectServiceOptions = {}): Promise<ServiceContext> {
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? (await createSqlJsStorage({ logger }));
  const scheduler = options.scheduler ?? createTimerScheduler({ storage, clock, logger });
  const captcha =
    options.captcha && 'verify' in options.captcha
      ? options.captcha
      : createHttpCaptchaVerifier(options.captcha);
  return {
    storage,
    clock,
    logger,
    events: createEventBus(logger),
    scheduler,
    newId: randomUUID,
    captcha,
    webhooks: {
      allowPrivateUrls: options.webhooks?.allowPrivateUrls ?? false,
      fetch: options.webhooks?.fetch ?? fetch,
      timeoutMs: options.webhooks?.timeoutMs ?? 10_000,
    },
    background: createBackgroundTasks(logger),
  };
}

/** Starts firing scheduled jobs: appointment timers and webhook deliveries. */
export function startJobs(ctx: ServiceContext): Promise<void> {
  return ctx.scheduler.start(
    createJobRouter(ctx, { ...appointmentJobHandlers(ctx), ...webhookJobHandlers(ctx) }),
  );
}
