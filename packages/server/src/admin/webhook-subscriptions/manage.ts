/**
 * Console actions on webhook subscriptions: create (the secret is shown once), update, delete and
 * secret rotation with a grace period. A URL is checked when it is saved (scheme, credentials,
 * private addresses), and again before every attempt.
 *
 * @module
 */
import {
  RotateWebhookSecretInputSchema,
  WEBHOOK_SUBSCRIPTION_LIMITS,
  WebhookSubscriptionInputSchema,
  WebhookSubscriptionPatchSchema,
  type RotateWebhookSecretInput,
  type WebhookSubscription,
  type WebhookSubscriptionInput,
  type WebhookSubscriptionPatch,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../../core/context';
import { notFound, validationError } from '../../core/errors';
import { checkWebhookUrlSyntax, generateWebhookSecret, WEBHOOK_URL_WORDING } from '../../domain/webhooks';
import type { WebhookSubscriptionRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { mustGetOrganization } from '../access';
import { parseInput } from '../parse';

/** A created subscription: `secret` is the only time the signing secret is ever returned. */
export type CreatedWebhookSubscription = WebhookSubscription & {
  /** The `whsec_` signing secret. Shown once; store it in the receiver's secret store now. */
  secret: string;
};

/** The new secret of a rotated subscription. */
export interface RotatedWebhookSecret {
  /** Subscription id. */
  id: string;
  /** The new `whsec_` secret. Shown once; store it now. */
  secret: string;
  /** Until when the old secret keeps signing beside the new one, or null (a grace period of 0). */
  previousSecretExpiresAt: string | null;
}

/** The console view of a subscription at `nowMs`: never its secrets. */
export function summarize(record: WebhookSubscriptionRecord, nowMs: number): WebhookSubscription {
  const { secret: _secret, previousSecrets, ...rest } = record;
  const expiries = previousSecrets.map((entry) => Date.parse(entry.expiresAt)).filter((at) => at > nowMs);
  const latest = expiries.length > 0 ? new Date(Math.max(...expiries)).toISOString() : null;
  return { ...rest, previousSecretExpiresAt: latest };
}

/** Loads a subscription of the organization or throws a 404. */
export async function mustGetSubscription(
  tx: Repositories,
  organizationId: string,
  id: string,
): Promise<WebhookSubscriptionRecord> {
  const found = await tx.webhookSubscriptions.get(organizationId, id);
  if (!found) throw notFound(`Webhook subscription ${id}`);
  return found;
}

function checkUrl(ctx: ServiceContext, url: string) {
  const check = checkWebhookUrlSyntax(url, {
    allowPrivate: ctx.webhooks.allowPrivateUrls,
    wording: WEBHOOK_URL_WORDING,
  });
  if (!check.ok) {
    const message = `url: ${check.reason}`;
    throw validationError(`Invalid webhook subscription: ${message}`, [
      { path: 'url', message: check.reason },
    ]);
  }
}

const hostOf = (url: string) => new URL(url).host;

/** Creates a subscription; its secret is generated unless the input gives one. */
export async function createSubscriptionTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  input: WebhookSubscriptionInput,
): Promise<CreatedWebhookSubscription> {
  const parsed = parseInput(WebhookSubscriptionInputSchema, input, 'webhook subscription');
  checkUrl(ctx, parsed.url);
  await mustGetOrganization(tx, organizationId);
  const { perOrganization } = WEBHOOK_SUBSCRIPTION_LIMITS;
  if ((await tx.webhookSubscriptions.list(organizationId)).length >= perOrganization) {
    throw validationError(
      `An organization has at most ${perOrganization} webhook subscriptions; delete one first`,
    );
  }
  const now = nowIso(ctx);
  const record: WebhookSubscriptionRecord = {
    id: ctx.newId(),
    organizationId,
    url: parsed.url,
    eventTypes: parsed.eventTypes,
    description: parsed.description,
    active: parsed.active,
    disabledReason: null,
    disabledAt: parsed.active ? null : now,
    failingSince: null,
    secret: parsed.secret ?? generateWebhookSecret(),
    previousSecrets: [],
    createdAt: now,
    updatedAt: now,
  };
  await tx.webhookSubscriptions.create(record);
  ctx.logger.info('webhook subscription created', {
    organizationId,
    subscriptionId: record.id,
    host: hostOf(record.url),
  });
  return { ...summarize(record, ctx.clock.now()), secret: record.secret };
}

/**
 * Changes a subscription's URL, event types, description or state. Re-enabling one (`active: true`)
 * clears why and when it was disabled and its failing stretch: it receives the events from then on.
 */
export async function updateSubscriptionTx(
  ctx: ServiceContext,
  tx: Repositories,
  { organizationId, id }: { organizationId: string; id: string },
  patch: WebhookSubscriptionPatch,
): Promise<WebhookSubscription> {
  const parsed = parseInput(WebhookSubscriptionPatchSchema, patch, 'webhook subscription');
  if (parsed.url !== undefined) checkUrl(ctx, parsed.url);
  const current = await mustGetSubscription(tx, organizationId, id);
  const now = nowIso(ctx);
  let next: WebhookSubscriptionRecord = { ...current, ...parsed, updatedAt: now };
  if (parsed.active === true && !current.active) {
    next = { ...next, disabledReason: null, disabledAt: null, failingSince: null };
  } else if (parsed.active === false && current.active) {
    next = { ...next, disabledReason: null, disabledAt: now };
  }
  await tx.webhookSubscriptions.update(next);
  if (next.active !== current.active) {
    ctx.logger.info(`webhook subscription ${next.active ? 'enabled' : 'disabled'}`, {
      organizationId,
      subscriptionId: id,
    });
  }
  return summarize(next, ctx.clock.now());
}

/** Deletes a subscription; its pending deliveries are abandoned at their next attempt. */
export async function deleteSubscriptionTx(
  ctx: ServiceContext,
  tx: Repositories,
  organizationId: string,
  id: string,
): Promise<void> {
  if (!(await tx.webhookSubscriptions.delete(organizationId, id)))
    throw notFound(`Webhook subscription ${id}`);
  ctx.logger.info('webhook subscription deleted', { organizationId, subscriptionId: id });
}

/**
 * Replaces the signing secret. For `gracePeriodMs` (default 24 hours) the old secret keeps signing
 * beside the new one, so a receiver holding either verifies; older secrets still in their own grace
 * periods keep theirs (at most `WEBHOOK_SUBSCRIPTION_LIMITS.previousSecrets`, the oldest dropped).
 */
export async function rotateSecretTx(
  ctx: ServiceContext,
  tx: Repositories,
  { organizationId, id }: { organizationId: string; id: string },
  input: RotateWebhookSecretInput,
): Promise<RotatedWebhookSecret> {
  const { gracePeriodMs } = parseInput(RotateWebhookSecretInputSchema, input, 'secret rotation');
  const current = await mustGetSubscription(tx, organizationId, id);
  const nowMs = ctx.clock.now();
  const kept = current.previousSecrets.filter((entry) => Date.parse(entry.expiresAt) > nowMs);
  if (gracePeriodMs > 0) {
    kept.push({ secret: current.secret, expiresAt: new Date(nowMs + gracePeriodMs).toISOString() });
  }
  const next: WebhookSubscriptionRecord = {
    ...current,
    secret: generateWebhookSecret(),
    previousSecrets: kept.slice(-WEBHOOK_SUBSCRIPTION_LIMITS.previousSecrets),
    updatedAt: nowIso(ctx),
  };
  await tx.webhookSubscriptions.update(next);
  ctx.logger.info('webhook subscription secret rotated', {
    organizationId,
    subscriptionId: id,
    gracePeriodMs,
  });
  return { id, secret: next.secret, previousSecretExpiresAt: summarize(next, nowMs).previousSecretExpiresAt };
}
