/**
 * The options of `createConnectService()`.
 *
 * @module
 */
import type { Clock } from './ports/clock';
import type { Logger } from './ports/logger';
import type { HostLookup } from './domain/webhooks';
import type { HttpCaptchaVerifierOptions } from './adapters/captcha/http-captcha-verifier';
import type { HealthRoutesOptions } from './http/health-routes';
import type { RateLimitOptions } from './http/rate-limit';
import type { CaptchaVerifier } from './ports/captcha';
import type { MeetingProvider } from './ports/meetings';
import type { NotificationServiceOptions } from './usecases/notifications/options';
import type { Scheduler } from './ports/scheduler';
import type { StorageAdapter } from './ports/storage';
import type { TelemetrySink } from './usecases/public-forms/telemetry';
import type { ExternalCalendarOptions } from './usecases/external-calendars/settings';

/** The health routes' paths and the checks' deadline (`health` of {@link ConnectServiceOptions}). */
export interface HealthOptions extends HealthRoutesOptions {
  /**
   * How long, in milliseconds, each check of a health report may take before it fails with reason
   * `timeout`: an integer from 1 to 60000. Default: 5000.
   */
  timeoutMs?: number;
}

/** Options of {@link createConnectService}. */
export interface ConnectServiceOptions {
  /**
   * Serve liveness and readiness routes (an extension, outside the spec's paths) from both
   * `service.express()` and `service.fetch`: `true` for `GET /healthz` and `GET /readyz`, or the
   * paths to use. Liveness answers 200 `{"status":"ok"}` while the process serves; readiness answers
   * `service.health()`'s report, 200 when it is `ok` and 503 otherwise (from the moment `close()` is
   * called, too). Default: off (`service.health()` works either way).
   */
  health?: boolean | HealthOptions;
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
  /**
   * Public form rate limits: one budget per endpoint, per form and client IP (30/min on each GET
   * endpoint: availability, slots, appointment types, config; 5/min submit; 10/min holds; 120/min
   * telemetry). `limits.read` sets every GET budget at once.
   */
  rateLimit?: RateLimitOptions;
  /**
   * Where widget telemetry goes. Default: storage, keeping the newest 1000 events per form. A request
   * is answered 204 once the sink has resolved, and 500 when it throws.
   */
  telemetrySink?: TelemetrySink;
  /** Outgoing webhook delivery. */
  webhooks?: {
    /** Allow URLs resolving to loopback, private or link-local addresses. Default: false. */
    allowPrivateUrls?: boolean;
    /**
     * The fetch implementation. Default: a fetch whose connections go only to the addresses the URL
     * guard checked (so DNS rebinding cannot reach a private address). A fetch given here is used as
     * is: the guard still checks each URL before an attempt, but the connection resolves the host
     * name again.
     */
    fetch?: typeof fetch;
    /**
     * Resolves webhook host names to IP addresses, for the URL guard and the default fetch's
     * connections. Default: the operating system's resolver (`dns.lookup`).
     */
    lookup?: HostLookup;
    /**
     * Per-attempt timeout in milliseconds, host lookup included: an integer from 1 to 300000. Default:
     * 10000. An attempt holds its delivery for twice this; one that never finished (the process
     * died) counts as failed after that, and the retry schedule goes on.
     */
    timeoutMs?: number;
  };
  /**
   * External calendars of resources (`admin.externalCalendars.link()`): the providers links may
   * name, the keys that encrypt their connections, the per-call timeout and the busy-time cache.
   * Default: none (availability and booking read no external calendar). See the external calendars
   * guide.
   */
  externalCalendars?: ExternalCalendarOptions;
  /**
   * Video meetings of bookings. An appointment type turns them on with
   * `admin.appointmentTypes.setMeetings()`, naming one of these providers by its `name`.
   */
  meetings?: {
    /** The providers, such as `createZoomMeetingProvider()` of `@leadbook/meetings-zoom`. Default: none. */
    providers?: readonly MeetingProvider[];
    /**
     * Per-call timeout in milliseconds: an integer from 1 to 300000. Default: 30000. An attempt holds
     * its booking's meeting for twice this; one that never finished counts as failed after that.
     */
    timeoutMs?: number;
  };
  /**
   * Booking notifications (extension): emails to the lead on booking, reschedule and cancellation,
   * and reminders, for appointment types that turn them on with
   * `admin.appointmentTypes.setNotifications()`. Without a notifier nothing is sent.
   */
  notifications?: NotificationServiceOptions;
}
