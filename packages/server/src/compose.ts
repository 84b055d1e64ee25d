/**
 * The composition root: wires the ports every use case reaches into one `ServiceContext`, with the
 * defaults of `createConnectService()` (which `service.ts` builds on), and starts the scheduled
 * jobs. Tests and benchmarks that call use cases directly build their context here too.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createHttpCaptchaVerifier } from './adapters/captcha/http-captcha-verifier';
import { createSqlJsStorage } from './adapters/sqljs';
import { createGuardedFetch } from './adapters/webhooks/guarded-fetch';
import { systemHostLookup, WEBHOOK_URL_WORDING } from './domain/webhooks';
import { createTimerScheduler } from './adapters/timer-scheduler';
import { createEventBus } from './events/bus';
import type { ConnectServiceOptions } from './options';
import { createJobRouter } from './usecases/jobs';
import { appointmentJobHandlers } from './usecases/bookings/scheduled-events';
import { webhookJobHandlers } from './usecases/webhooks/delivery';
import { eventDeliveryStager } from './usecases/webhooks/fan-out';
import { createBackgroundTasks } from './core/background';
import { createRequestGate } from './core/request-gate';
import { withRequestFields } from './core/request-log';
import type { MeetingSettings, ServiceContext } from './core/context';
import type { MeetingProvider, MeetingProviderName } from './ports/meetings';
import { meetingJobHandlers } from './usecases/meetings';
import { calendarEventJobHandlers } from './usecases/calendar-writeback';
import { notificationDelivery, notificationJobHandlers } from './usecases/notifications';
import { systemClock } from './ports/clock';
import { countBookings } from './telemetry/events';
import { createTelemetry } from './telemetry/instruments';
import { traceStorage } from './telemetry/storage';
import { silentLogger } from './ports/logger';
import { createExternalCalendarService } from './usecases/external-calendars/settings';

/** The longest per-attempt webhook (and meeting) timeout: 5 minutes (an attempt holds its delivery for twice this). */
const MAX_WEBHOOK_TIMEOUT_MS = 300_000;

/** Builds a service context: the given ports, or the defaults (sql.js in memory, timer scheduler, HTTP captcha). */
export async function createServiceContext(options: ConnectServiceOptions = {}): Promise<ServiceContext> {
  const logger = withRequestFields(options.logger ?? silentLogger);
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? (await createSqlJsStorage({ logger }));
  const scheduler = options.scheduler ?? createTimerScheduler({ storage, clock, logger });
  const captcha =
    options.captcha && 'verify' in options.captcha
      ? options.captcha
      : createHttpCaptchaVerifier(options.captcha);
  const timeoutMs = options.webhooks?.timeoutMs ?? 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_WEBHOOK_TIMEOUT_MS) {
    throw new RangeError(
      `webhooks.timeoutMs must be an integer from 1 to ${MAX_WEBHOOK_TIMEOUT_MS}, got ${timeoutMs}`,
    );
  }
  const meetings = meetingSettings(options.meetings);
  const allowPrivateUrls = options.webhooks?.allowPrivateUrls ?? false;
  const lookup = options.webhooks?.lookup ?? systemHostLookup;
  const telemetry = createTelemetry();
  const ctx: ServiceContext = {
    storage: traceStorage(storage, telemetry),
    clock,
    logger,
    events: createEventBus(logger),
    // The stager needs the context it is part of (ids, the clock): bound once it exists.
    stageEventDeliveries: (unit, events) => stage(unit, events),
    scheduler,
    // The one place that decides whether jobs can go into the units' own transactions.
    unitJobStore: scheduler.jobStore?.storage === storage ? scheduler.jobStore : undefined,
    newId: randomUUID,
    captcha,
    webhooks: {
      allowPrivateUrls,
      fetch:
        options.webhooks?.fetch ??
        createGuardedFetch({ allowPrivate: allowPrivateUrls, lookup, wording: WEBHOOK_URL_WORDING }),
      lookup,
      timeoutMs,
    },
    background: createBackgroundTasks(logger),
    gate: createRequestGate(),
    meetings,
    notifications: notificationDelivery(options.notifications),
    telemetry,
    externalCalendars:
      options.externalCalendars && createExternalCalendarService(options.externalCalendars, clock),
  };
  const stage = eventDeliveryStager(ctx);
  ctx.events.on('calendar.appointment.booked', countBookings(telemetry));
  return ctx;
}

/**
 * Starts firing scheduled jobs: appointment timers, webhook deliveries, meeting jobs, notifications
 * and the external calendar write-back.
 */
export function startJobs(ctx: ServiceContext): Promise<void> {
  return ctx.scheduler.start(
    createJobRouter(ctx, {
      ...appointmentJobHandlers(ctx),
      ...webhookJobHandlers(ctx),
      ...meetingJobHandlers(ctx),
      ...notificationJobHandlers(ctx),
      ...calendarEventJobHandlers(ctx),
    }),
  );
}

/** The meeting settings of `options.meetings`, checked. */
function meetingSettings(options: ConnectServiceOptions['meetings'] = {}): MeetingSettings {
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_WEBHOOK_TIMEOUT_MS) {
    throw new RangeError(
      `meetings.timeoutMs must be an integer from 1 to ${MAX_WEBHOOK_TIMEOUT_MS}, got ${timeoutMs}`,
    );
  }
  const providers = new Map<MeetingProviderName, MeetingProvider>();
  for (const provider of options.providers ?? []) {
    if (providers.has(provider.name)) {
      throw new RangeError(`meetings.providers names the provider "${provider.name}" twice`);
    }
    providers.set(provider.name, provider);
  }
  return { providers, timeoutMs };
}
