/**
 * The options of `createConnectService()`.
 *
 * @module
 */
import type { Clock, Logger } from './core/context';
import type { HttpCaptchaVerifierOptions } from './adapters/captcha/http-captcha-verifier';
import type { RateLimitOptions } from './http/rate-limit';
import type { CaptchaVerifier } from './ports/captcha';
import type { Scheduler } from './ports/scheduler';
import type { StorageAdapter } from './ports/storage';
import type { TelemetrySink } from './usecases/public-forms/telemetry';

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
