/**
 * Outgoing webhook deliveries of form submissions: a delivery and its first attempt's job are
 * stored with the submission (see `UnitJobs`), and attempted by the `webhook.delivery` job: a signed
 * POST (Standard Webhooks), retried on the backoff schedule with the same `webhook-id` until a 2xx
 * (`succeeded`), a 410 (`gone`), a refused URL or the last retry (`failed`).
 *
 * @module
 */
import { nowIso, readTx, type ServiceContext } from '../core/context';
import { checkWebhookUrl, nextAttemptDelay, signWebhook } from '../domain/webhooks';
import type { WebhookAttempt, WebhookDeliveryRecord } from '../ports/records';
import type { JobHandler, ScheduledJob } from '../ports/scheduler';
import type { JobHandlers } from './jobs';

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
}

/** What {@link buildDelivery} needs. */
export interface NewWebhookDelivery {
  /** Owning organization. */
  organizationId: string;
  /** The form submitted. */
  formId: string;
  /** The submission delivered. */
  submissionId: string;
  /** The form's `webhookUrl` at submission time. */
  url: string;
  /** The JSON-serialisable body, sent unchanged on every attempt. */
  payload: unknown;
}

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
  return {
    id: ctx.newId(),
    organizationId: input.organizationId,
    formId: input.formId,
    submissionId: input.submissionId,
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
    await scheduleAttempt(ctx, delivery, delivery.nextAttemptAt);
  } catch (error) {
    ctx.logger.error('webhook delivery could not be scheduled', {
      deliveryId: delivery.id,
      formId: delivery.formId,
      error: String(error),
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
 * Each run makes one attempt of a pending delivery and records it; delivery failures are logged at
 * `warn` and never thrown (the retry is a new job with the same key). Storage failures propagate to
 * the scheduler, which logs them.
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
    // Claim the attempt: a due, pending delivery gets `nextAttemptAt: null` while it is in flight,
    // so a second firing of its job (a re-enqueue, another instance) finds nothing to do.
    const loaded = await ctx.storage.transaction(async (tx) => {
      const delivery = await tx.webhookDeliveries.get(organizationId, deliveryId);
      const due = delivery?.nextAttemptAt ?? Number.POSITIVE_INFINITY;
      if (!delivery || delivery.status !== 'pending' || due > ctx.clock.now() + CLOCK_SLACK_MS) return null;
      const claimed: WebhookDeliveryRecord = { ...delivery, nextAttemptAt: null, updatedAt: nowIso(ctx) };
      await tx.webhookDeliveries.update(claimed);
      const form = await tx.forms.get(organizationId, delivery.formId);
      return { delivery: claimed, secret: form?.webhookSecret ?? null };
    });
    // Gone, or finished meanwhile: nothing to do.
    if (!loaded) return;
    // A slow receiver must not hold up the other due jobs (appointment timers among them).
    await ctx.background.run('webhook delivery', () => attemptDelivery(ctx, loaded.delivery, loaded.secret));
  };
  return { [WEBHOOK_JOB_TYPE]: handler };
}

/**
 * Re-enqueues every pending delivery (at start-up): a delivery whose job could not be scheduled
 * after its submission committed is still sent. Scheduling is keyed, so a job that exists is only
 * replaced by itself.
 */
export async function resumePendingDeliveries(ctx: ServiceContext, limit = 10_000): Promise<number> {
  const pending = await readTx(ctx, (tx) => tx.webhookDeliveries.listPending(limit));
  // An attempt in flight has no nextAttemptAt; one that stayed so for long outlived a crashed process.
  const staleBefore = ctx.clock.now() - 2 * ctx.webhooks.timeoutMs;
  let resumed = 0;
  for (const delivery of pending) {
    let due = delivery;
    if (delivery.nextAttemptAt === null) {
      if (Date.parse(delivery.updatedAt) > staleBefore) continue;
      due = { ...delivery, nextAttemptAt: ctx.clock.now(), updatedAt: nowIso(ctx) };
      await ctx.storage.transaction((tx) => tx.webhookDeliveries.update(due));
    }
    await enqueueDelivery(ctx, due);
    resumed += 1;
  }
  return resumed;
}

/** How early a job may fire against the delivery's own due time (clocks of different instances). */
const CLOCK_SLACK_MS = 1000;

/** How one attempt ended. */
interface AttemptResult {
  /** The HTTP status, or null when no response came. */
  status: number | null;
  /** What went wrong, or null on success. */
  error: string | null;
  /** `retry` follows the backoff; `final` fails the delivery now. */
  outcome: 'succeeded' | 'gone' | 'retry' | 'final';
}

async function attemptDelivery(
  ctx: ServiceContext,
  delivery: WebhookDeliveryRecord,
  secret: string | null,
): Promise<void> {
  const startedAt = ctx.clock.now();
  const result = await send(ctx, delivery, secret, startedAt);
  const finishedAt = ctx.clock.now();
  const attempt: WebhookAttempt = {
    at: new Date(startedAt).toISOString(),
    status: result.status,
    error: result.error,
  };
  const attemptsMade = delivery.attempts.length + 1;
  let status: WebhookDeliveryRecord['status'];
  let nextAttemptAt: number | null = null;
  if (result.outcome === 'succeeded' || result.outcome === 'gone') {
    status = result.outcome;
  } else {
    const delay = result.outcome === 'retry' ? nextAttemptDelay(attemptsMade) : null;
    if (delay === null) {
      status = 'failed';
    } else {
      status = 'pending';
      nextAttemptAt = finishedAt + delay;
    }
  }

  const meta = {
    deliveryId: delivery.id,
    formId: delivery.formId,
    host: hostOf(delivery.url),
    attempt: attemptsMade,
    status: result.status,
    error: result.error,
    outcome: status,
    nextAttemptAt,
  };
  if (result.error === null) ctx.logger.debug('webhook delivered', meta);
  else ctx.logger.warn('webhook delivery attempt failed', meta);

  // Schedule the retry before recording the attempt: if the process stops in between, the next
  // attempt still happens (receivers deduplicate by `webhook-id`) instead of the delivery staying
  // pending with no job.
  if (nextAttemptAt !== null) {
    try {
      await scheduleAttempt(ctx, delivery, nextAttemptAt);
    } catch (error) {
      ctx.logger.error('webhook retry could not be scheduled', {
        deliveryId: delivery.id,
        error: String(error),
      });
    }
  }

  await ctx.storage.transaction(async (tx) => {
    const current = await tx.webhookDeliveries.get(delivery.organizationId, delivery.id);
    if (!current || current.status !== 'pending') return;
    await tx.webhookDeliveries.update({
      ...current,
      attempts: [...current.attempts, attempt],
      status,
      nextAttemptAt,
      updatedAt: nowIso(ctx),
    });
  });
}

/** Makes one HTTP attempt. Never throws. */
async function send(
  ctx: ServiceContext,
  delivery: WebhookDeliveryRecord,
  secret: string | null,
  now: number,
): Promise<AttemptResult> {
  if (secret === null) {
    return { status: null, error: 'the form no longer exists; delivery abandoned', outcome: 'final' };
  }
  const guard = await checkWebhookUrl(delivery.url, { allowPrivate: ctx.webhooks.allowPrivateUrls });
  if (!guard.ok) {
    return guard.transient
      ? { status: null, error: guard.reason, outcome: 'retry' }
      : { status: null, error: `URL refused: ${guard.reason}`, outcome: 'final' };
  }

  const body = JSON.stringify(delivery.payload ?? null);
  let signature: Record<string, string>;
  try {
    signature = signWebhook(secret, delivery.id, Math.floor(now / 1000), body);
  } catch {
    // The message of a decoding error could echo part of the secret: say only what is wrong.
    return {
      status: null,
      error: "the form's webhook secret is not a valid whsec_ secret",
      outcome: 'final',
    };
  }

  const timeoutMs = ctx.webhooks.timeoutMs;
  let response: Response;
  try {
    response = await ctx.webhooks.fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        ...signature,
      },
      body,
      // A redirect could point anywhere, the private network included: it is a failed attempt.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { status: null, error: describeFetchError(error, timeoutMs), outcome: 'retry' };
  }
  // Only the status matters; release the connection without reading the body.
  void response.body?.cancel().catch(() => undefined);

  const status = response.status;
  if (status >= 200 && status < 300) return { status, error: null, outcome: 'succeeded' };
  if (status === 410)
    return { status, error: 'HTTP 410 Gone: the receiver stopped this webhook', outcome: 'gone' };
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    return {
      status: status === 0 ? null : status,
      error: `redirect${status ? ` (HTTP ${status})` : ''} not followed; point the webhook URL at the final address`,
      outcome: 'retry',
    };
  }
  return { status, error: `HTTP ${status}`, outcome: 'retry' };
}

/** The scheduler job of a delivery's attempt at `runAt` (every attempt of a delivery has the same key). */
export function deliveryAttemptJob(delivery: WebhookDeliveryRecord, runAt: number): ScheduledJob {
  const payload: WebhookJobPayload = { organizationId: delivery.organizationId, deliveryId: delivery.id };
  return { key: webhookJobKey(delivery.id), runAt, type: WEBHOOK_JOB_TYPE, payload };
}

function scheduleAttempt(ctx: ServiceContext, delivery: WebhookDeliveryRecord, runAt: number) {
  return ctx.scheduler.schedule(deliveryAttemptJob(delivery, runAt));
}

/** A short description of a failed fetch: timeout, or the network error code. */
function describeFetchError(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return `network error: ${cause.code}`;
  if (cause && typeof cause.message === 'string') return `network error: ${cause.message}`;
  return `network error: ${error instanceof Error ? error.message : String(error)}`;
}

/** The host of a URL for logs (paths and queries may carry the receiver's tokens). */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
