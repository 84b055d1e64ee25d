/**
 * How a subscription's delivery attempts move the subscription's health: a failing stretch starts
 * at the first failure and ends at the next success; 5 days of failures or a 410 disable the
 * subscription, with a log line (see `nextSubscriptionHealth`).
 *
 * @module
 */
import { nowIso, type ServiceContext } from '../../core/context';
import {
  nextSubscriptionHealth,
  SUBSCRIPTION_FAILING_LIMIT_MS,
  type HealthOutcome,
} from '../../domain/webhooks';
import type { WebhookDeliveryRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';

/**
 * Records on the delivery's subscription how one of its attempts ended at `nowMs`, in the unit that
 * records the attempt (which holds the subscription's lock). Does nothing for a form's delivery, or
 * for a subscription that is gone or inactive.
 */
export async function recordSubscriptionOutcome(
  ctx: ServiceContext,
  tx: Repositories,
  { delivery, outcome, nowMs }: { delivery: WebhookDeliveryRecord; outcome: HealthOutcome; nowMs: number },
): Promise<void> {
  if (!delivery.subscriptionId) return;
  const current = await tx.webhookSubscriptions.get(delivery.organizationId, delivery.subscriptionId);
  if (!current) return;
  const next = nextSubscriptionHealth(current, outcome, nowMs);
  if (!next) return;
  await tx.webhookSubscriptions.update({ ...next, updatedAt: nowIso(ctx) });
  if (next.active) return;
  const meta = {
    organizationId: next.organizationId,
    subscriptionId: next.id,
    reason: next.disabledReason,
    failingSince: next.failingSince,
    deliveryId: delivery.id,
  };
  if (next.disabledReason === 'gone') {
    ctx.logger.warn('webhook subscription disabled: its receiver answered 410 Gone', meta);
  } else {
    ctx.logger.warn(
      `webhook subscription disabled: its deliveries failed for ${SUBSCRIPTION_FAILING_LIMIT_MS / 86_400_000} days`,
      meta,
    );
  }
}
