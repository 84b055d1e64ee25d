/**
 * Outgoing webhook deliveries, of form submissions and of events to webhook subscriptions: a
 * delivery and its first attempt's job are stored with the submission or the event (see
 * `UnitJobs`), and attempted by the `webhook.delivery` job: a signed POST (Standard Webhooks),
 * retried on the backoff schedule with the same `webhook-id` until a 2xx (`succeeded`), a 410
 * (`gone`), a refused URL or the last retry (`failed`).
 *
 * @module
 */
import { errorFields } from '../../ports/logger';
import { nowIso, readTx, type ServiceContext } from '../../core/context';
import { runUnit, type Unit } from '../../core/unit-of-work';
import type { WebhookAttempt, WebhookDeliveryRecord } from '../../ports/records';
import type { JobHandler } from '../../ports/scheduler';
import type { JobHandlers } from '../jobs';
import { attemptDelivery, leaseMs, settleAttempt } from './attempt';
import { deliveryAttemptJob, subscriptionLockKeys, WEBHOOK_JOB_TYPE, type WebhookJobPayload } from './job';
import { recordSubscriptionOutcome } from './subscription-health';
import { attemptTarget, type AttemptTarget } from './target';

export {
  deliveryAttemptJob,
  subscriptionLockKeys,
  WEBHOOK_JOB_TYPE,
  WEBHOOK_USER_AGENT,
  webhookJobKey,
  type WebhookJobPayload,
} from './job';

/** What a delivery delivers: a form's submission, or an event to a webhook subscription. */
export type DeliverySource =
  | {
      /** The form submitted. */
      formId: string;
      /** The submission delivered. */
      submissionId: string;
    }
  | {
      /** The webhook subscription delivered to. */
      subscriptionId: string;
      /** The event delivered (or the ping's own id). */
      eventId: string;
    };

/** What {@link buildDelivery} needs. */
export type NewWebhookDelivery = DeliverySource & {
  /** Owning organization. */
  organizationId: string;
  /** The form's `webhookUrl` at submission time, or the subscription's URL. */
  url: string;
  /** The JSON-serialisable body, sent unchanged on every attempt. */
  payload: unknown;
};

/** Filters of {@link listDeliveries}. */
export interface DeliveryFilter {
  /** Only this form's deliveries. */
  formId?: string;
  /** Only this submission's deliveries. */
  submissionId?: string;
}

/**
 * A new pending delivery, due now. The caller stores it with `tx.webhookDeliveries.create` inside
 * its own unit (the form-submit unit) and schedules its first attempt there with
 * {@link deliveryAttemptJob}.
 *
 * @example
 * ```ts
 * // inside the submit unit: runUnit(ctx, async (tx, emit, jobs) => { ... })
 * const delivery = buildDelivery(ctx, { organizationId, formId, submissionId, url: form.webhookUrl, payload });
 * await tx.webhookDeliveries.create(delivery);
 * await jobs.schedule(deliveryAttemptJob(delivery, delivery.nextAttemptAt!));
 * ```
 */
export function buildDelivery(ctx: ServiceContext, input: NewWebhookDelivery): WebhookDeliveryRecord {
  const now = ctx.clock.now();
  const at = new Date(now).toISOString();
  const form = 'formId' in input;
  return {
    id: ctx.newId(),
    organizationId: input.organizationId,
    formId: form ? input.formId : null,
    submissionId: form ? input.submissionId : null,
    subscriptionId: form ? null : input.subscriptionId,
    eventId: form ? null : input.eventId,
    url: input.url,
    payload: input.payload,
    status: 'pending',
    attempts: [],
    nextAttemptAt: now,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Schedules the delivery's next attempt at `delivery.nextAttemptAt`, outside any transaction (at
 * start-up, for deliveries already stored). A delivery that is not pending is left alone. Never
 * rejects: a scheduling failure is logged with `logger.error` and the delivery stays pending in the log.
 */
export async function enqueueDelivery(ctx: ServiceContext, delivery: WebhookDeliveryRecord): Promise<void> {
  if (delivery.status !== 'pending' || delivery.nextAttemptAt === null) return;
  try {
    await ctx.scheduler.schedule(deliveryAttemptJob(delivery, delivery.nextAttemptAt));
  } catch (error) {
    ctx.logger.error('webhook delivery could not be scheduled', {
      deliveryId: delivery.id,
      formId: delivery.formId,
      subscriptionId: delivery.subscriptionId ?? null,
      error: errorFields(error),
    });
  }
}

/** The organization's deliveries with their attempts, oldest first (the console delivery log). */
export function listDeliveries(
  ctx: ServiceContext,
  organizationId: string,
  filter: DeliveryFilter = {},
): Promise<WebhookDeliveryRecord[]> {
  const where: DeliveryFilter = {};
  if (filter.formId !== undefined) where.formId = filter.formId;
  if (filter.submissionId !== undefined) where.submissionId = filter.submissionId;
  return readTx(ctx, (tx) => tx.webhookDeliveries.list(organizationId, where));
}

/**
 * The scheduler handlers of outgoing webhooks, by job type: `{ 'webhook.delivery': handler }`.
 * Each run claims a due, pending delivery for one attempt and starts the attempt in the background
 * (see `attemptDelivery`); delivery failures are logged at `warn` and never thrown (the retry is the
 * same job, moved on). Storage failures propagate to the scheduler, which logs them.
 *
 * A claim is a lease: the delivery records when its attempt started, and its job moves to the end
 * of the lease (twice the attempt timeout) in the claim's own transaction. An attempt recorded in
 * time moves the job on; one that never is (the process died mid-attempt) is counted as a failed
 * attempt when the lease's job fires, and the delivery goes on with the retry schedule.
 */
export function webhookJobHandlers(ctx: ServiceContext): JobHandlers {
  const handler: JobHandler = async (job) => {
    const payload = job.payload as Partial<WebhookJobPayload> | null;
    const organizationId = payload?.organizationId;
    const deliveryId = payload?.deliveryId;
    if (typeof organizationId !== 'string' || typeof deliveryId !== 'string') {
      ctx.logger.warn('webhook delivery job without a delivery', { key: job.key });
      return;
    }
    const subscriptionId = typeof payload?.subscriptionId === 'string' ? payload.subscriptionId : undefined;
    const claim = await runUnit(
      ctx,
      (tx, _emit, jobs) => claimAttempt(ctx, { tx, jobs }, { organizationId, deliveryId }),
      { lockKeys: subscriptionLockKeys(subscriptionId) },
    );
    if (claim.kind === 'lost') {
      ctx.logger.warn('webhook delivery attempt did not finish within its lease', {
        deliveryId,
        attempt: claim.delivery.attempts.length,
        outcome: claim.delivery.status,
        nextAttemptAt: claim.delivery.nextAttemptAt,
      });
    }
    if (claim.kind === 'claimed') {
      const { delivery, target } = claim;
      // A slow receiver must not hold up the other due jobs (appointment timers among them).
      await ctx.background.run('webhook delivery', (stop) => attemptDelivery(ctx, delivery, target, stop));
    }
  };
  return { [WEBHOOK_JOB_TYPE]: handler };
}

/** What a firing of a delivery's job found. */
type Claim =
  | { kind: 'claimed'; delivery: WebhookDeliveryRecord; target: AttemptTarget }
  | { kind: 'lost'; delivery: WebhookDeliveryRecord }
  | { kind: 'nothing' };

/** How early a job may fire against the delivery's own due time (clocks of different instances). */
const CLOCK_SLACK_MS = 1000;

/** Inside the handler's unit: claims the delivery for an attempt, or settles an expired lease. */
async function claimAttempt(
  ctx: ServiceContext,
  { tx, jobs }: Pick<Unit, 'tx' | 'jobs'>,
  { organizationId, deliveryId }: WebhookJobPayload,
): Promise<Claim> {
  const delivery = await tx.webhookDeliveries.get(organizationId, deliveryId);
  // Gone or finished: nothing to do.
  if (!delivery || delivery.status !== 'pending' || delivery.nextAttemptAt === null)
    return { kind: 'nothing' };
  const now = ctx.clock.now();
  if (delivery.nextAttemptAt > now + CLOCK_SLACK_MS) {
    // Fired early (another instance's clock, or a job left behind when a process stopped between a
    // commit and a schedule): make sure a job waits for the delivery's own time.
    await jobs.schedule(deliveryAttemptJob(delivery, delivery.nextAttemptAt));
    return { kind: 'nothing' };
  }
  if (delivery.attemptStartedAt) {
    // The lease ran out before the attempt in flight was recorded: it counts as a failed attempt.
    const attempt: WebhookAttempt = {
      at: delivery.attemptStartedAt,
      status: null,
      error: `the attempt did not finish within its lease of ${leaseMs(ctx)} ms (did the process stop?)`,
    };
    const settled = { ...settleAttempt(delivery, attempt, 'retry', now), updatedAt: nowIso(ctx) };
    await tx.webhookDeliveries.update(settled);
    await recordSubscriptionOutcome(ctx, tx, { delivery: settled, outcome: 'failed', nowMs: now });
    if (settled.nextAttemptAt !== null)
      await jobs.schedule(deliveryAttemptJob(settled, settled.nextAttemptAt));
    return { kind: 'lost', delivery: settled };
  }
  const target = await attemptTarget(tx, delivery, now);
  const claimed: WebhookDeliveryRecord = {
    ...delivery,
    // A subscription's delivery goes where the subscription points now (its URL may have changed).
    url: 'url' in target ? target.url : delivery.url,
    attemptStartedAt: new Date(now).toISOString(),
    nextAttemptAt: now + leaseMs(ctx),
    updatedAt: nowIso(ctx),
  };
  await tx.webhookDeliveries.update(claimed);
  await jobs.schedule(deliveryAttemptJob(claimed, now + leaseMs(ctx)));
  return { kind: 'claimed', delivery: claimed, target };
}

/**
 * Re-enqueues every pending delivery at its `nextAttemptAt` (at start-up): a delivery whose job
 * could not be scheduled after its unit committed is still sent, and one whose attempt was in
 * flight when a process died is settled when its lease ends. Scheduling is keyed, so a job that
 * exists is only replaced by itself.
 */
export async function resumePendingDeliveries(ctx: ServiceContext, limit = 10_000): Promise<number> {
  const pending = await readTx(ctx, (tx) => tx.webhookDeliveries.listPending(limit));
  let resumed = 0;
  for (const delivery of pending) {
    if (delivery.nextAttemptAt === null) continue;
    await enqueueDelivery(ctx, delivery);
    resumed += 1;
  }
  return resumed;
}
