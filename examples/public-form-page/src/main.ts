/**
 * The booking page of the demo: `<leadbook-booking>` on a static page. The page is served by the
 * same origin as the API, so `api` is `location.origin`; the form id comes from `demo.json` (the
 * widget reads the calendars' names and zones from the service). The demo form asks for
 * Turnstile's test captcha: the captcha hook renders a checkbox standing in for Turnstile's widget
 * and hands in its documented dummy token.
 */
import '@leadbook/booking-widget';
import type { CaptchaHook } from '@leadbook/booking-widget';

/** Cloudflare Turnstile's documented dummy token for its test site keys. */
const TEST_CAPTCHA_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** A stand-in for the provider's widget: resolves with the token once the box is ticked. */
const testCaptcha: CaptchaHook = ({ provider, container }) =>
  new Promise((resolve) => {
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', id: 'captcha' });
    const label = Object.assign(document.createElement('label'), { htmlFor: 'captcha' });
    label.append(box, ` I am not a robot (test ${provider} captcha)`);
    box.addEventListener('change', () => box.checked && resolve(TEST_CAPTCHA_TOKEN));
    container.replaceChildren(label);
  });

const { formId } = (await (await fetch('./demo.json')).json()) as { formId: string };
const widget = document.createElement('leadbook-booking');
widget.captcha = testCaptcha;
widget.setAttribute('form', formId);
widget.setAttribute('api', location.origin);
widget.addEventListener('leadbook:booked', (event) => {
  document.title = `Booked: ${event.detail.submissionId}`;
});
document.getElementById('app')!.replaceChildren(widget);
