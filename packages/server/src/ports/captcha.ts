/**
 * The captcha port: checks a widget's captcha token with its provider, server side.
 *
 * @module
 */
import type { CaptchaProvider } from '@leadbook/contract';

/** One token to check. */
export interface CaptchaCheck {
  /** The form's provider. */
  provider: CaptchaProvider;
  /** The form's server-side secret. */
  secret: string;
  /** The token the widget obtained. */
  token: string;
  /** The client IP, passed on to the provider when known. */
  remoteIp?: string | undefined;
}

/**
 * Verifies captcha tokens. Resolves `true` for a valid token and `false` for a rejected one;
 * rejects with {@link CaptchaUnavailableError} when the provider is down, slow or answers garbage,
 * and the caller fails closed.
 */
export interface CaptchaVerifier {
  /** Checks one token. */
  verify(check: CaptchaCheck): Promise<boolean>;
}

/** The provider could not give a verdict (network failure, timeout, non-2xx, unreadable answer). */
export class CaptchaUnavailableError extends Error {
  override readonly name = 'CaptchaUnavailableError';
  /** Wraps what went wrong, keeping it as `cause`. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
