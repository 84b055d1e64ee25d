/**
 * Every error of the public form API as a sentence for the visitor.
 *
 * @module
 */
import {
  isApiError,
  isConnectionError,
  isNotFoundError,
  isPermissionError,
  isRateLimitError,
  isSlotUnavailableError,
  isTimeoutError,
  isValidationError,
} from '@leadbook/sdk/public-form';
import type { WidgetMessages } from './messages';

/** What the widget makes of an error. */
export interface DescribedError {
  /** The sentence shown to the visitor. */
  message: string;
  /** The HTTP status, for an answer of the service. */
  status?: number;
  /** The slot went to someone else: the widget goes back to the times. */
  slotTaken?: boolean;
  /** The form field a validation message is about: the `data.<field id>` path of its `details`. */
  fieldId?: string;
}

/**
 * Turns an error of `PublicFormClient` into a message: the service's own text for validation
 * failures (they are written for visitors and name the field, which `details` names by its key),
 * the widget's table otherwise.
 */
export function describeError(error: unknown, t: WidgetMessages): DescribedError {
  if (isSlotUnavailableError(error)) return { message: t.slotTaken, status: 400, slotTaken: true };
  if (isRateLimitError(error)) {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
    return { message: t.rateLimited(seconds), status: 429 };
  }
  if (isValidationError(error)) {
    const path = error.details.find((d) => d.path.startsWith('data.'))?.path;
    return { message: error.message, status: 400, ...(path ? { fieldId: path.slice(5) } : {}) };
  }
  if (isNotFoundError(error)) return { message: t.notFound, status: 404 };
  if (isPermissionError(error))
    return { message: /captcha/i.test(error.message) ? t.captchaFailed : t.originNotAllowed, status: 403 };
  if (isApiError(error))
    return { message: error.status >= 500 ? t.serverError : t.unknownError, status: error.status };
  if (isConnectionError(error) || isTimeoutError(error)) return { message: t.offline };
  return { message: t.unknownError };
}
