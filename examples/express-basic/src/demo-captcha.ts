import { createHttpCaptchaVerifier, type CaptchaVerifier } from '@leadbook/server';

/**
 * Cloudflare Turnstile's published test keys: the site key always passes, and the secret accepts
 * the dummy token the test widget hands out. See Cloudflare's Turnstile testing documentation.
 */
export const TURNSTILE_TEST_KEYS = {
  siteKey: '1x00000000000000000000AA',
  secret: '1x0000000000000000000000000000000AA',
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
};

/**
 * The demo's captcha verifier. For the test secret it answers as Cloudflare would, without a network
 * (the demo runs offline); any other secret goes to the provider's real verify endpoint.
 */
export function demoCaptchaVerifier(): CaptchaVerifier {
  const real = createHttpCaptchaVerifier();
  return {
    verify: async (check) =>
      check.provider === 'turnstile' && check.secret === TURNSTILE_TEST_KEYS.secret
        ? check.token === TURNSTILE_TEST_KEYS.dummyToken
        : real.verify(check),
  };
}
