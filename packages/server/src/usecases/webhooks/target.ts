/**
 * Where an attempt of a delivery goes and what signs it: a form's delivery goes to the URL stored
 * with it, signed with the form's secret; a subscription's delivery goes to the subscription's URL
 * as it is now, signed with its current secret and every rotated-out secret still in its grace
 * period. A delivery whose form or subscription is gone, or whose subscription is disabled, is
 * abandoned.
 *
 * @module
 */
import type { WebhookDeliveryRecord, WebhookSubscriptionRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';

/** Where an attempt goes, or why the delivery is abandoned. */
export type AttemptTarget =
  | {
      /** The URL the attempt posts to. */
      url: string;
      /** The secrets that sign it, each adding a signature. */
      secrets: readonly string[];
    }
  | {
      /** Why no attempt is made: the delivery fails at once with this error. */
      abandoned: string;
    };

/** The secrets that sign an attempt of the subscription's delivery at `nowMs`: current first. */
export function signingSecrets(subscription: WebhookSubscriptionRecord, nowMs: number): string[] {
  const previous = subscription.previousSecrets.filter((entry) => Date.parse(entry.expiresAt) > nowMs);
  return [subscription.secret, ...previous.map((entry) => entry.secret)];
}

/** The target of the next attempt of `delivery` at `nowMs`, read in the claim's transaction. */
export async function attemptTarget(
  tx: Repositories,
  delivery: WebhookDeliveryRecord,
  nowMs: number,
): Promise<AttemptTarget> {
  const { organizationId } = delivery;
  if (delivery.subscriptionId) {
    const subscription = await tx.webhookSubscriptions.get(organizationId, delivery.subscriptionId);
    if (!subscription) return { abandoned: 'the webhook subscription no longer exists; delivery abandoned' };
    if (!subscription.active)
      return { abandoned: 'the webhook subscription is disabled; delivery abandoned' };
    return { url: subscription.url, secrets: signingSecrets(subscription, nowMs) };
  }
  const form = delivery.formId ? await tx.forms.get(organizationId, delivery.formId) : null;
  if (!form) return { abandoned: 'the form no longer exists; delivery abandoned' };
  return { url: delivery.url, secrets: [form.webhookSecret] };
}
