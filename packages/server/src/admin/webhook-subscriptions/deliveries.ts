/**
 * The delivery log of a webhook subscription, redelivery and ping. Each runs under the
 * subscription's lock, like the attempts that record outcomes on it.
 *
 * @module
 */
import { WEBHOOK_SUBSCRIPTION_LIMITS, type WebhookEvent, type WebhookEventType } from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../../core/context';
import { notFound, validationError } from '../../core/errors';
import type { Unit } from '../../core/unit-of-work';
import { pingEnvelope } from '../../domain/webhooks';
import type { WebhookAttempt, WebhookDeliveryRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { buildDelivery, deliveryAttemptJob } from '../../usecases/webhooks/delivery';
import { mustGetSubscription } from './manage';

/** One delivery of a subscription, as its delivery log shows it. */
export interface WebhookDeliveryLogEntry {
  /** Delivery id: the `webhook-id` of every attempt. */
  id: string;
  /** The subscription. */
  subscriptionId: string;
  /** The event delivered (its id in the activity log), or the ping's own id. */
  eventId: string;
  /** The event's type, or `webhook.ping`. */
  eventType: WebhookEventType;
  /** Where the latest attempt went (the subscription's URL at that time). */
  url: string;
  /** `pending` until a 2xx (`succeeded`), a 410 (`gone`) or the last retry (`failed`). */
  status: WebhookDeliveryRecord['status'];
  /** Attempts, oldest first: when, the response status (null without one), what went wrong, how long. */
  attempts: WebhookAttempt[];
  /** When the next attempt is due (epoch ms; the lease's end while one is in flight), or null. */
  nextAttemptAt: number | null;
  /** When the attempt in flight started (ISO-8601), or null. */
  attemptStartedAt: string | null;
  /** The body sent on every attempt. */
  payload: WebhookEvent;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Last change (ISO-8601). */
  updatedAt: string;
}

/** Options of the delivery log. */
export interface DeliveryLogOptions {
  /** How many of the latest deliveries: 1 to 100, default 20. */
  limit?: number;
}

/** The log entry of a subscription's delivery. */
export function logEntry(delivery: WebhookDeliveryRecord): WebhookDeliveryLogEntry {
  const payload = delivery.payload as WebhookEvent;
  return {
    id: delivery.id,
    subscriptionId: delivery.subscriptionId ?? '',
    eventId: delivery.eventId ?? '',
    eventType: payload.type,
    url: delivery.url,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt,
    attemptStartedAt: delivery.attemptStartedAt ?? null,
    payload,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
  };
}

/** The subscription's latest deliveries, newest first. */
export async function listSubscriptionDeliveries(
  tx: Repositories,
  { organizationId, id }: { organizationId: string; id: string },
  options: DeliveryLogOptions = {},
): Promise<WebhookDeliveryLogEntry[]> {
  const limit = options.limit ?? 20;
  const max = WEBHOOK_SUBSCRIPTION_LIMITS.deliveriesPerPage;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw validationError(`Invalid delivery log options: limit must be an integer from 1 to ${max}`, [
      { path: 'limit', message: `Must be an integer from 1 to ${max}` },
    ]);
  }
  await mustGetSubscription(tx, organizationId, id);
  return (await tx.webhookDeliveries.listRecentBySubscription(organizationId, id, limit)).map(logEntry);
}

/**
 * Sends a subscription's delivery again now, with the same `webhook-id` and body. A finished
 * delivery becomes pending and goes on with the retry schedule where it stopped (at most 8 attempts
 * in all, and always one more); a pending one is moved to now.
 */
export async function redeliverTx(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  { organizationId, deliveryId }: { organizationId: string; deliveryId: string },
): Promise<WebhookDeliveryLogEntry> {
  const delivery = await tx.webhookDeliveries.get(organizationId, deliveryId);
  if (!delivery?.subscriptionId) throw notFound(`Webhook delivery ${deliveryId}`);
  if (delivery.attemptStartedAt) {
    throw validationError(
      'An attempt of this delivery is in flight; redeliver it once the attempt has ended',
    );
  }
  const subscription = await mustGetSubscription(tx, organizationId, delivery.subscriptionId);
  if (!subscription.active) {
    throw validationError('The webhook subscription is disabled; enable it before redelivering');
  }
  const now = ctx.clock.now();
  const next: WebhookDeliveryRecord = {
    ...delivery,
    status: 'pending',
    nextAttemptAt: now,
    attemptStartedAt: null,
    updatedAt: nowIso(ctx),
  };
  await tx.webhookDeliveries.update(next);
  await jobs.schedule(deliveryAttemptJob(next, now));
  return logEntry(next);
}

/** Sends a `webhook.ping` event to the subscription now, whatever event types it listens to. */
export async function pingTx(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  { organizationId, id }: { organizationId: string; id: string },
): Promise<WebhookDeliveryLogEntry> {
  const subscription = await mustGetSubscription(tx, organizationId, id);
  if (!subscription.active)
    throw validationError('The webhook subscription is disabled; enable it before a ping');
  const delivery = buildDelivery(ctx, {
    organizationId,
    subscriptionId: id,
    eventId: ctx.newId(),
    url: subscription.url,
    payload: pingEnvelope(organizationId, id, nowIso(ctx)),
  });
  await tx.webhookDeliveries.create(delivery);
  await jobs.schedule(deliveryAttemptJob(delivery, delivery.nextAttemptAt!));
  return logEntry(delivery);
}
