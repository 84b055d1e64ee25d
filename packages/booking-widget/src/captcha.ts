/**
 * The captcha hook's side: a light-DOM container slotted into the details step, and the token the
 * host's hook returns for it.
 *
 * @module
 */
import { h } from './dom';
import type { CaptchaHook } from './types';

/**
 * Hands the host's hook the form's provider and site key with a container (a child of `element`
 * with `slot="captcha"`, made once) and returns the token it resolves to; `undefined` for a form
 * without a captcha or a page without a hook.
 */
export function runCaptcha(
  element: HTMLElement,
  captcha: { provider: string; siteKey: string } | null,
  hook: CaptchaHook | undefined,
): Promise<string> | undefined {
  if (!captcha || !hook) return undefined;
  let container = element.querySelector<HTMLElement>(':scope > [slot=captcha]');
  if (!container) element.append((container = h('div', { slot: 'captcha' })));
  return Promise.resolve(hook({ ...captcha, container }));
}
