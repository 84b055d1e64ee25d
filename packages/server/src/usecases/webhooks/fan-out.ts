/**
 * The deliveries of a unit's events to webhook subscriptions, stored in the unit's own transaction
 * (so an event and its deliveries commit together, and a rolled-back unit sends nothing) and sent
 * after the commit by the delivery machinery of `webhook-delivery.ts`.
 *
 * @module
 */
import type { ServiceEvent } from '@leadbook/contract';
import type { EventDeliveryStager, ServiceContext } from '../../core/context';
import { eventEnvelope, receivesEvent } from '../../domain/webhooks';
import { buildDelivery, deliveryAttemptJob } from './delivery';

/**
 * The {@link EventDeliveryStager} of the service: for each organization among the events, reads its
 * subscriptions once (at most `WEBHOOK_SUBSCRIPTION_LIMITS.perOrganization`), and stores one pending
 * delivery per event and active subscription that receives its type, with its first attempt's job,
 * due now. Only the event's own organization's subscriptions are read.
 */
export function eventDeliveryStager(ctx: ServiceContext): EventDeliveryStager {
  return async ({ tx, schedule, subscriptionsOf }, events) => {
    const byOrganization = new Map<string, ServiceEvent[]>();
    for (const event of events) {
      const list = byOrganization.get(event.organizationId) ?? [];
      list.push(event);
      byOrganization.set(event.organizationId, list);
    }
    for (const [organizationId, orgEvents] of byOrganization) {
      const subscriptions = (await subscriptionsOf(organizationId)).filter((s) => s.active);
      for (const event of orgEvents) {
        for (const subscription of subscriptions) {
          if (!receivesEvent(subscription.eventTypes, event.type)) continue;
          const delivery = buildDelivery(ctx, {
            organizationId,
            subscriptionId: subscription.id,
            eventId: event.id,
            url: subscription.url,
            payload: eventEnvelope(event),
          });
          await tx.webhookDeliveries.create(delivery);
          await schedule(deliveryAttemptJob(delivery, delivery.nextAttemptAt!));
        }
      }
    }
  };
}
