/**
 * `WebhookVerificationError`: a webhook delivery that `verifyWebhook` refused.
 *
 * @module
 */
import type { ValidationIssue } from '@leadbook/contract/types';
import { brandErrorClass, LeadbookError } from '../core/errors';
import { guard } from '../core/guards';

/**
 * Why a delivery was refused:
 * - `missing_headers`: `webhook-id`, `webhook-timestamp` or `webhook-signature` is missing;
 * - `invalid_timestamp`: `webhook-timestamp` is not a number of seconds;
 * - `timestamp_too_old` / `timestamp_too_new`: more than 5 minutes from this machine's clock (a
 *   replayed or delayed request, or a clock that is off);
 * - `invalid_signature`: no signature matches any of the secrets (a wrong secret, or a changed body);
 * - `invalid_secret`: a secret given to `verifyWebhook` is not a `whsec_` secret;
 * - `invalid_payload`: the signature matched but the body is not a Leadbook delivery envelope;
 * - `raw_body_required`: the receiver passed something other than the body's bytes (a body that
 *   `express.json()` had parsed, or none because no body parser ran): a mistake in the receiver's
 *   code, which the message names. Read the route's body raw (`express.raw({ type:
 *   'application/json' })`); the service retries what was refused meanwhile.
 */
export type WebhookVerificationReason =
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_secret'
  | 'invalid_payload'
  | 'raw_body_required';

/** A webhook delivery failed verification: answer it with a 4xx and do not act on it. */
export class WebhookVerificationError extends LeadbookError {
  /** Why it was refused. */
  readonly reason: WebhookVerificationReason;
  /** For `invalid_payload` of a signed body: what did not match the envelope, by dotted path. */
  readonly issues: readonly ValidationIssue[];

  /**
   * @param reason - Why the delivery was refused.
   * @param message - A description (never the secret or the signature).
   * @param issues - The envelope mismatches of an `invalid_payload`.
   */
  constructor(reason: WebhookVerificationReason, message: string, issues: readonly ValidationIssue[] = []) {
    super(message);
    this.reason = reason;
    this.issues = issues;
  }
}

brandErrorClass(WebhookVerificationError, 'WebhookVerificationError');

/** Whether `error` is a delivery that `verifyWebhook` refused (works across realms and copies). */
export const isWebhookVerificationError = guard<WebhookVerificationError>('WebhookVerificationError');
