/**
 * The HTTP captcha verifier for Cloudflare Turnstile, hCaptcha and Google reCAPTCHA: the token, the
 * secret and the client IP are posted form-encoded to the provider's verify URL, with a timeout.
 * Anything but a clear `{ "success": true | false }` answer fails closed.
 *
 * @module
 */
import type { CaptchaProvider } from '@leadbook/contract';
import { CaptchaUnavailableError, type CaptchaVerifier } from '../../ports/captcha';

/** The providers' public verify endpoints. */
export const DEFAULT_CAPTCHA_VERIFY_URLS: Readonly<Record<CaptchaProvider, string>> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

/** Options of {@link createHttpCaptchaVerifier}. */
export interface HttpCaptchaVerifierOptions {
  /** Verify URLs per provider (tests point them at a local fake). */
  verifyUrls?: Partial<Record<CaptchaProvider, string>>;
  /** How long to wait for the provider, in milliseconds (default 5000). */
  timeoutMs?: number;
  /** The fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
}

/**
 * Creates the HTTP captcha verifier.
 *
 * @example
 * ```ts
 * const captcha = createHttpCaptchaVerifier({ timeoutMs: 3000 });
 * const service = await createConnectService({ captcha });
 * ```
 */
export function createHttpCaptchaVerifier(options: HttpCaptchaVerifierOptions = {}): CaptchaVerifier {
  const urls = { ...DEFAULT_CAPTCHA_VERIFY_URLS, ...options.verifyUrls };
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  return {
    async verify({ provider, secret, token, remoteIp }) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: unknown;
      try {
        const response = await doFetch(urls[provider], {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`the provider answered HTTP ${response.status}`);
        answer = await response.json();
      } catch (error) {
        throw new CaptchaUnavailableError(`${provider} verification is unavailable`, { cause: error });
      }
      const success = (answer as { success?: unknown } | null)?.success;
      if (typeof success !== 'boolean') {
        throw new CaptchaUnavailableError(`${provider} answered without a boolean "success"`);
      }
      return success;
    },
  };
}
