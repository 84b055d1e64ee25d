/**
 * `service.admin.webhookSubscriptions`: subscriptions of an organization to the automation events,
 * delivered as signed Standard Webhooks POSTs (see the webhook subscriptions guide).
 *
 * @module
 */
import type {
  RotateWebhookSecretInput,
  WebhookSubscription,
  WebhookSubscriptionInput,
  WebhookSubscriptionPatch,
} from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { runUnit } from '../../core/unit-of-work';
import { subscriptionLockKeys } from '../../usecases/webhooks/delivery';
import {
  listSubscriptionDeliveries,
  pingTx,
  redeliverTx,
  type DeliveryLogOptions,
  type WebhookDeliveryLogEntry,
} from './deliveries';
import {
  createSubscriptionTx,
  deleteSubscriptionTx,
  mustGetSubscription,
  rotateSecretTx,
  summarize,
  updateSubscriptionTx,
  type CreatedWebhookSubscription,
  type RotatedWebhookSecret,
} from './manage';

export type { CreatedWebhookSubscription, RotatedWebhookSecret } from './manage';
export type { DeliveryLogOptions, WebhookDeliveryLogEntry } from './deliveries';

/** The console API of webhook subscriptions: `service.admin.webhookSubscriptions`. */
export interface WebhookSubscriptionsAdminApi {
  /**
   * Subscribes a URL to event types (or `['*']` for all). Every event of the organization committed
   * from then on is delivered to it, signed with its secret. The result's `secret` is the only time
   * the secret is returned. At most 20 subscriptions per organization.
   *
   * @throws `ServiceError` 400 for a bad input (a URL the guard refuses among them), or when the
   *   organization has 20 already; 404 for an unknown organization.
   * @example
   * ```ts
   * const { id, secret } = await service.admin.webhookSubscriptions.create(orgId, {
   *   url: 'https://crm.example.com/leadbook',
   *   eventTypes: ['calendar.appointment.booked', 'table.entry.added'],
   *   description: 'CRM sync',
   * });
   * // Give `secret` (whsec_...) to the receiver: verifyWebhook(secret, headers, rawBody) from @leadbook/sdk.
   * ```
   */
  create(organizationId: string, input: WebhookSubscriptionInput): Promise<CreatedWebhookSubscription>;
  /** The organization's subscriptions, oldest first, without secrets. */
  list(organizationId: string): Promise<WebhookSubscription[]>;
  /**
   * The subscription without its secrets.
   *
   * @throws `ServiceError` 404 for an unknown subscription (another organization's and a deleted one
   *   included), as every other call of this API.
   */
  get(organizationId: string, id: string): Promise<WebhookSubscription>;
  /**
   * Changes the URL, event types, description or state; `{ active: true }` re-enables a subscription
   * disabled by hand or automatically (it receives the events from then on; what it missed is not
   * sent).
   *
   * @throws `ServiceError` 400 for a bad patch; 404 for an unknown subscription.
   */
  update(organizationId: string, id: string, patch: WebhookSubscriptionPatch): Promise<WebhookSubscription>;
  /**
   * Deletes a subscription: no new deliveries, and its pending ones are abandoned at their next
   * attempt. Its delivery log goes with it from the console's view.
   *
   * @throws `ServiceError` 404 for an unknown subscription.
   */
  delete(organizationId: string, id: string): Promise<void>;
  /**
   * Replaces the signing secret; the new one is returned only here. For the grace period (default
   * 24 hours, at most 7 days) every attempt carries a signature with the old secret too, so the
   * receiver verifies with either while its secret store is updated.
   *
   * @throws `ServiceError` 400 for a bad grace period; 404 for an unknown subscription.
   * @example
   * ```ts
   * const { secret, previousSecretExpiresAt } = await service.admin.webhookSubscriptions.rotateSecret(orgId, id, {
   *   gracePeriodMs: 60 * 60_000,
   * });
   * ```
   */
  rotateSecret(
    organizationId: string,
    id: string,
    input?: RotateWebhookSecretInput,
  ): Promise<RotatedWebhookSecret>;
  /**
   * The subscription's latest deliveries, newest first, with their attempts (time, response status,
   * error, duration) and next attempt time.
   *
   * @throws `ServiceError` 400 for a limit outside 1 to 100; 404 for an unknown subscription.
   */
  deliveries(
    organizationId: string,
    id: string,
    options?: DeliveryLogOptions,
  ): Promise<WebhookDeliveryLogEntry[]>;
  /**
   * Sends a delivery of the subscription again now, with the same `webhook-id` and body.
   *
   * @throws `ServiceError` 404 for an unknown delivery (or a form's); 400 while an attempt of it is
   *   in flight or when the subscription is disabled.
   */
  redeliver(organizationId: string, deliveryId: string): Promise<WebhookDeliveryLogEntry>;
  /**
   * Sends a `webhook.ping` test event to the subscription now; its outcome shows in the delivery log.
   *
   * @throws `ServiceError` 404 for an unknown subscription; 400 when it is disabled.
   * @example
   * ```ts
   * const ping = await service.admin.webhookSubscriptions.ping(orgId, id);
   * // later: (await service.admin.webhookSubscriptions.deliveries(orgId, id))[0].status === 'succeeded'
   * ```
   */
  ping(organizationId: string, id: string): Promise<WebhookDeliveryLogEntry>;
}

/** Creates the console API of webhook subscriptions over a service context. */
export function createWebhookSubscriptionsAdmin(ctx: ServiceContext): WebhookSubscriptionsAdminApi {
  const locked = <T>(id: string, fn: Parameters<typeof runUnit<T>>[1]) =>
    runUnit(ctx, fn, { lockKeys: subscriptionLockKeys(id) });
  return {
    create: (organizationId, input) =>
      runUnit(ctx, (tx) => createSubscriptionTx(ctx, tx, organizationId, input)),
    list: (organizationId) =>
      readTx(ctx, async (tx) =>
        (await tx.webhookSubscriptions.list(organizationId)).map((s) => summarize(s, ctx.clock.now())),
      ),
    get: (organizationId, id) =>
      readTx(ctx, async (tx) =>
        summarize(await mustGetSubscription(tx, organizationId, id), ctx.clock.now()),
      ),
    update: (organizationId, id, patch) =>
      locked(id, (tx) => updateSubscriptionTx(ctx, tx, { organizationId, id }, patch)),
    delete: (organizationId, id) => locked(id, (tx) => deleteSubscriptionTx(ctx, tx, organizationId, id)),
    rotateSecret: (organizationId, id, input = {}) =>
      locked(id, (tx) => rotateSecretTx(ctx, tx, { organizationId, id }, input)),
    deliveries: (organizationId, id, options) =>
      readTx(ctx, (tx) => listSubscriptionDeliveries(tx, { organizationId, id }, options)),
    redeliver: async (organizationId, deliveryId) => {
      // The lock is the subscription's: read which one first, then check again under the lock.
      const found = await readTx(ctx, (tx) => tx.webhookDeliveries.get(organizationId, deliveryId));
      if (!found?.subscriptionId) throw notFound(`Webhook delivery ${deliveryId}`);
      return locked(found.subscriptionId, (tx, _emit, jobs) =>
        redeliverTx(ctx, { tx, jobs }, { organizationId, deliveryId }),
      );
    },
    ping: (organizationId, id) =>
      locked(id, (tx, _emit, jobs) => pingTx(ctx, { tx, jobs }, { organizationId, id })),
  };
}
