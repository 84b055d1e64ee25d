/**
 * The `notifications` option of `createConnectService()`, checked into the context's settings.
 *
 * @module
 */
import type { NotificationDelivery } from '../../core/context';
import type { NotificationTemplates } from '../../domain/notifications';
import type { Notifier } from '../../ports/notifier';

/** The longest per-send timeout: 5 minutes. */
export const MAX_NOTIFICATION_TIMEOUT_MS = 300_000;

/** The most attempts a message gets. */
export const MAX_NOTIFICATION_ATTEMPTS = 20;

/** The `notifications` option of `createConnectService()`. */
export interface NotificationServiceOptions {
  /** Sends the messages: `createSmtpNotifier()` of `@leadbook/notify-smtp`, or `createInMemoryNotifier()`. */
  notifier: Notifier;
  /** Replacements for any of the default templates (see the notifications guide for their data). */
  templates?: Partial<NotificationTemplates>;
  /**
   * Per-send timeout in milliseconds, an integer from 1 to 300000. Default: 30000. A send whose
   * outcome was never written (the process died) is sent again twice this long after it began.
   */
  timeoutMs?: number;
  /**
   * How many times a message is tried when the mail server answers with a temporary failure (4xx)
   * or cannot be reached, an integer from 1 to 20. Default: 6 (retried after 1, 2, 4, 8 and 16
   * minutes). A permanent failure (5xx) is never retried.
   */
  maxAttempts?: number;
}

const checkedInteger = (name: string, value: number, max: number): number => {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`notifications.${name} must be an integer from 1 to ${max}, got ${value}`);
  }
  return value;
};

/**
 * The delivery settings of `options`, checked; undefined without options (nothing is sent).
 *
 * @throws RangeError for a timeout or attempt count out of range, or a missing notifier.
 */
export function notificationDelivery(
  options: NotificationServiceOptions | undefined,
): NotificationDelivery | undefined {
  if (!options) return undefined;
  if (typeof options.notifier?.send !== 'function') {
    throw new RangeError('notifications.notifier must be a Notifier (an object with send())');
  }
  return {
    notifier: options.notifier,
    templates: options.templates ?? {},
    timeoutMs: checkedInteger('timeoutMs', options.timeoutMs ?? 30_000, MAX_NOTIFICATION_TIMEOUT_MS),
    maxAttempts: checkedInteger('maxAttempts', options.maxAttempts ?? 6, MAX_NOTIFICATION_ATTEMPTS),
  };
}
