/**
 * The scheduler job of outgoing webhook deliveries: one keyed job per delivery, moved along from
 * attempt to attempt (and to the end of an attempt's lease while it is in flight).
 *
 * @module
 */
import type { WebhookDeliveryRecord } from '../../ports/records';
import type { ScheduledJob } from '../../ports/scheduler';

/** The scheduler job type of delivery attempts. */
export const WEBHOOK_JOB_TYPE = 'webhook.delivery';

/** The `user-agent` of every delivery request. */
export const WEBHOOK_USER_AGENT = 'Leadbook-Webhooks/1';

/** The scheduler job key of a delivery; every attempt of the delivery reuses it. */
export const webhookJobKey = (deliveryId: string) => `webhook:${deliveryId}`;

/** The payload of a delivery job. */
export interface WebhookJobPayload {
  /** The delivery's organization. */
  organizationId: string;
  /** The delivery. */
  deliveryId: string;
  /** The webhook subscription delivered to, for a subscription's delivery (its claim takes the subscription's lock). */
  subscriptionId?: string;
}

/** The scheduler job of a delivery's attempt at `runAt` (every attempt of a delivery has the same key). */
export function deliveryAttemptJob(delivery: WebhookDeliveryRecord, runAt: number): ScheduledJob {
  const payload: WebhookJobPayload = { organizationId: delivery.organizationId, deliveryId: delivery.id };
  if (delivery.subscriptionId) payload.subscriptionId = delivery.subscriptionId;
  return { key: webhookJobKey(delivery.id), runAt, type: WEBHOOK_JOB_TYPE, payload };
}

/**
 * The lock keys of a unit that changes a subscription's delivery or the subscription itself: the
 * subscription's own, so that recording an attempt's outcome on the subscription (its failing
 * stretch) never loses a console change or another instance's outcome made meanwhile.
 */
export const subscriptionLockKeys = (subscriptionId: string | null | undefined): string[] =>
  subscriptionId ? [`webhook-subscription:${subscriptionId}`] : [];
