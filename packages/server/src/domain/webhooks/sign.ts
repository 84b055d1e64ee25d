/**
 * Standard Webhooks signing of outgoing deliveries (https://www.standardwebhooks.com): the
 * `webhook-signature` is `v1,` + base64 HMAC-SHA256 over `${id}.${timestamp}.${body}`, keyed with
 * the base64-decoded part of a `whsec_` secret. Signed with several secrets (a rotated webhook
 * subscription's old and new one), the header lists one signature per secret, space-separated, and
 * a receiver holding any of the secrets verifies.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The prefix of webhook signing secrets. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The three Standard Webhooks headers of one attempt. */
export type WebhookSignatureHeaders = {
  /** The delivery id; the same on every attempt of a delivery, so receivers can deduplicate. */
  'webhook-id': string;
  /** The attempt time in whole seconds since the epoch. */
  'webhook-timestamp': string;
  /** `v1,<base64 HMAC-SHA256>`, one per signing secret, space-separated. */
  'webhook-signature': string;
};

/**
 * A new signing secret: `whsec_` + base64 of 24 random bytes (192 bits).
 *
 * @example
 * ```ts
 * generateWebhookSecret(); // 'whsec_JtKv5E6Kasp1a4SccG7JcyOE5Gf/pHYD'
 * ```
 */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** True when `secret` is `whsec_` followed by non-empty standard base64 that decodes to at least 16 bytes. */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const key = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(key)) return false;
  return Buffer.from(key, 'base64').length >= 16;
}

/**
 * The Standard Webhooks headers of one attempt, signed with the `standardwebhooks` package.
 *
 * @param secret - The `whsec_` secret, or several (the signatures are listed in this order).
 * @param msgId - The delivery id (`webhook-id`).
 * @param timestampSeconds - The attempt time in whole seconds since the epoch (`webhook-timestamp`).
 * @param body - The exact request body that is sent.
 * @throws Error when the secret is not valid base64 after the prefix, or is empty.
 * @throws RangeError when `timestampSeconds` is not a non-negative integer.
 *
 * @example
 * ```ts
 * const body = JSON.stringify(payload);
 * const headers = signWebhook(form.webhookSecret, delivery.id, Math.floor(Date.now() / 1000), body);
 * // { 'webhook-id': '...', 'webhook-timestamp': '1764000000', 'webhook-signature': 'v1,...' }
 * ```
 */
export function signWebhook(
  secret: string | readonly string[],
  msgId: string,
  timestampSeconds: number,
  body: string,
): WebhookSignatureHeaders {
  if (!Number.isInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`timestampSeconds must be a non-negative integer, got ${timestampSeconds}`);
  }
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new RangeError('signWebhook needs at least one secret');
  const at = new Date(timestampSeconds * 1000);
  const signature = secrets.map((key) => new Webhook(key).sign(msgId, at, body)).join(' ');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signature,
  };
}
