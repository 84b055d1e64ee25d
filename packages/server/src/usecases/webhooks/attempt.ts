/**
 * One attempt of an outgoing webhook delivery: the signed POST, bounded by the attempt timeout
 * (host lookup included), and the record of how it ended, written with the delivery's next job in
 * one unit. An attempt that the service stops waiting for (it is shutting down) is not an attempt:
 * its lease is released and the delivery is due at once, for another instance or the next start.
 *
 * @module
 */
import { SpanKind, SpanStatusCode, type Attributes } from '@opentelemetry/api';
import { callSignal } from '../../core/call-signal';
import { nowIso, type ServiceContext } from '../../core/context';
import { runUnit } from '../../core/unit-of-work';
import {
  ADDRESS_REFUSED_CODE,
  checkWebhookUrl,
  nextAttemptDelay,
  signWebhook,
  WEBHOOK_URL_WORDING,
  type WebhookUrlCheck,
} from '../../domain/webhooks';
import type { WebhookAttempt, WebhookDeliveryRecord } from '../../ports/records';
import { deliveryAttemptJob, subscriptionLockKeys, webhookJobKey, WEBHOOK_USER_AGENT } from './job';
import { recordSubscriptionOutcome } from './subscription-health';
import { inSpan } from '../../telemetry/spans';
import type { AttemptTarget } from './target';

/** How one attempt ended: `retry` follows the backoff, `final` fails the delivery now. */
export type AttemptOutcome = 'succeeded' | 'gone' | 'retry' | 'final';

/** How a call that was cut short by the service stopping ends: no attempt to record. */
const RELEASED = 'released';

/** How long an attempt holds its delivery: twice the attempt timeout. */
export const leaseMs = (ctx: Pick<ServiceContext, 'webhooks'>) => 2 * ctx.webhooks.timeoutMs;

/**
 * The delivery after `attempt` ended with `outcome` at `now`: the attempt appended, the claim
 * released, and the status and next attempt time that the outcome and the retry schedule give.
 */
export function settleAttempt(
  delivery: WebhookDeliveryRecord,
  attempt: WebhookAttempt,
  outcome: AttemptOutcome,
  now: number,
): WebhookDeliveryRecord {
  const attempts = [...delivery.attempts, attempt];
  const base = { ...delivery, attempts, attemptStartedAt: null };
  if (outcome === 'succeeded' || outcome === 'gone') return { ...base, status: outcome, nextAttemptAt: null };
  const delay = outcome === 'retry' ? nextAttemptDelay(attempts.length) : null;
  if (delay === null) return { ...base, status: 'failed', nextAttemptAt: null };
  return { ...base, status: 'pending', nextAttemptAt: now + delay };
}

/** What one HTTP attempt gave. */
interface AttemptResult {
  /** The HTTP status, or null when no response came. */
  status: number | null;
  /** What went wrong, or null on success. */
  error: string | null;
  outcome: AttemptOutcome;
}

/** What one HTTP attempt gave, or that the service stopped before it had an answer. */
type SendResult = AttemptResult | typeof RELEASED;

/**
 * Makes the attempt that `claimed` (see `claimAttempt`) holds a lease for, to `target`, then records
 * it in one unit with the delivery's next job: the retry on the schedule, or none once the delivery
 * is done; a subscription's delivery also records the outcome on the subscription (its failing
 * stretch, or its end). An attempt whose lease was settled meanwhile (it outlived its lease) is
 * still appended, and a final outcome still ends the delivery, but the schedule the settling set
 * stays. When `stop` aborts before the receiver answered, nothing is recorded: the lease is
 * released and the delivery's job is due now (the receiver may get the same `webhook-id` twice).
 */
export async function attemptDelivery(
  ctx: ServiceContext,
  claimed: WebhookDeliveryRecord,
  target: AttemptTarget,
  stop: AbortSignal,
): Promise<void> {
  const startedAt = ctx.clock.now();
  // Elapsed time from the monotonic clock: the service's clock may be a fixed one.
  const started = performance.now();
  const result = await tracedSend(ctx, claimed, () => send(ctx, claimed, target, startedAt, stop));
  const outcome = result === RELEASED ? RELEASED : result.outcome;
  ctx.telemetry.webhookAttempts.add(1, { 'leadbook.webhook.outcome': outcome });
  ctx.telemetry.webhookDuration.record((performance.now() - started) / 1000, {
    'leadbook.webhook.outcome': outcome,
  });
  if (result === RELEASED) return releaseLease(ctx, claimed);
  const attempt: WebhookAttempt = {
    at: new Date(startedAt).toISOString(),
    status: result.status,
    error: result.error,
    durationMs: Math.round(performance.now() - started),
  };

  const recorded = await runUnit(
    ctx,
    async (tx, _emit, jobs) => {
      const current = await tx.webhookDeliveries.get(claimed.organizationId, claimed.id);
      if (!current || current.status !== 'pending') return null;
      const stillOurs = current.attemptStartedAt === claimed.attemptStartedAt;
      let next: WebhookDeliveryRecord;
      if (stillOurs) next = settleAttempt(current, attempt, result.outcome, ctx.clock.now());
      else if (result.outcome === 'retry') next = { ...current, attempts: [...current.attempts, attempt] };
      else
        next = settleAttempt(
          { ...current, attemptStartedAt: null },
          attempt,
          result.outcome,
          ctx.clock.now(),
        );
      await tx.webhookDeliveries.update({ ...next, updatedAt: nowIso(ctx) });
      if (next.status !== 'pending') await jobs.cancel(webhookJobKey(next.id));
      else if (stillOurs && next.nextAttemptAt !== null)
        await jobs.schedule(deliveryAttemptJob(next, next.nextAttemptAt));
      await recordSubscriptionOutcome(ctx, tx, {
        delivery: next,
        outcome: result.outcome === 'retry' || result.outcome === 'final' ? 'failed' : result.outcome,
        nowMs: ctx.clock.now(),
      });
      return next;
    },
    { lockKeys: subscriptionLockKeys(claimed.subscriptionId) },
  );

  const meta = {
    deliveryId: claimed.id,
    formId: claimed.formId,
    subscriptionId: claimed.subscriptionId ?? null,
    host: hostOf(claimed.url),
    attempt: claimed.attempts.length + 1,
    status: result.status,
    ...(result.error === null ? {} : { error: { name: 'WebhookDeliveryError', message: result.error } }),
    outcome: recorded?.status ?? null,
    nextAttemptAt: recorded?.nextAttemptAt ?? null,
  };
  if (result.error === null) ctx.logger.debug('webhook delivered', meta);
  else ctx.logger.warn('webhook delivery attempt failed', meta);
}

/**
 * Runs one attempt's {@link send} in a client span that names only the receiver's host (a URL's
 * path and query may carry the receiver's tokens), with the status and the outcome.
 */
function tracedSend(
  ctx: ServiceContext,
  delivery: WebhookDeliveryRecord,
  send: () => Promise<SendResult>,
): Promise<SendResult> {
  const attributes: Attributes = { 'http.request.method': 'POST' };
  const host = hostnameOf(delivery.url);
  if (host) attributes['server.address'] = host;
  return inSpan(ctx.telemetry.tracer, 'POST', { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const result = await send();
    if (result === RELEASED) {
      span.setAttribute('leadbook.webhook.outcome', RELEASED);
      return result;
    }
    span.setAttribute('leadbook.webhook.outcome', result.outcome);
    if (result.status !== null) span.setAttribute('http.response.status_code', result.status);
    if (result.outcome !== 'succeeded' && result.outcome !== 'gone')
      span.setStatus({ code: SpanStatusCode.ERROR });
    return result;
  });
}

/**
 * Gives back the lease of an attempt the service stopped waiting for: unless it was settled
 * meanwhile, the delivery is due now and its job with it, and the attempts stay as they were.
 */
async function releaseLease(ctx: ServiceContext, claimed: WebhookDeliveryRecord): Promise<void> {
  await runUnit(
    ctx,
    async (tx, _emit, jobs) => {
      const current = await tx.webhookDeliveries.get(claimed.organizationId, claimed.id);
      if (current?.status !== 'pending' || current.attemptStartedAt !== claimed.attemptStartedAt) return;
      const now = ctx.clock.now();
      const released = { ...current, attemptStartedAt: null, nextAttemptAt: now, updatedAt: nowIso(ctx) };
      await tx.webhookDeliveries.update(released);
      await jobs.schedule(deliveryAttemptJob(released, now));
    },
    { lockKeys: subscriptionLockKeys(claimed.subscriptionId) },
  );
  ctx.logger.info('webhook delivery attempt released: the service is shutting down', {
    deliveryId: claimed.id,
    host: hostOf(claimed.url),
  });
}

/**
 * Makes one HTTP attempt, within the attempt timeout from the host lookup on; {@link RELEASED} when
 * `stop` aborted before the receiver answered. Never throws.
 */
async function send(
  ctx: ServiceContext,
  delivery: WebhookDeliveryRecord,
  target: AttemptTarget,
  now: number,
  stop: AbortSignal,
): Promise<SendResult> {
  if ('abandoned' in target) return { status: null, error: target.abandoned, outcome: 'final' };
  if (stop.aborted) return RELEASED;
  const { signal, dispose } = callSignal(ctx.webhooks.timeoutMs, stop);
  try {
    const result = await sendWithin(ctx, delivery, target, now, signal);
    // No answer came, and a retry would not be the receiver's doing: the attempt never happened.
    return stop.aborted && result.status === null && result.outcome === 'retry' ? RELEASED : result;
  } finally {
    dispose();
  }
}

/** {@link send} under `signal`. */
async function sendWithin(
  ctx: ServiceContext,
  delivery: WebhookDeliveryRecord,
  target: Exclude<AttemptTarget, { abandoned: string }>,
  now: number,
  signal: AbortSignal,
): Promise<AttemptResult> {
  const { timeoutMs } = ctx.webhooks;
  const guard = await withinTimeout(
    checkWebhookUrl(target.url, {
      allowPrivate: ctx.webhooks.allowPrivateUrls,
      lookup: ctx.webhooks.lookup,
      wording: WEBHOOK_URL_WORDING,
    }),
    signal,
    timeoutMs,
  );
  if (!guard.ok) {
    return guard.transient
      ? { status: null, error: guard.reason, outcome: 'retry' }
      : { status: null, error: `URL refused: ${guard.reason}`, outcome: 'final' };
  }

  const body = JSON.stringify(delivery.payload ?? null);
  let signature: Record<string, string>;
  try {
    signature = signWebhook(target.secrets, delivery.id, Math.floor(now / 1000), body);
  } catch {
    // The message of a decoding error could echo part of the secret: say only what is wrong.
    return {
      status: null,
      error: `the ${delivery.subscriptionId ? "subscription's" : "form's"} webhook secret is not a valid whsec_ secret`,
      outcome: 'final',
    };
  }

  let response: Response;
  try {
    response = await ctx.webhooks.fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT, ...signature },
      body,
      // A redirect could point anywhere, the private network included: it is a failed attempt.
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
    // The connection's own check refused the address the name resolved to at connect time.
    if (cause?.code === ADDRESS_REFUSED_CODE && typeof cause.message === 'string') {
      return { status: null, error: `URL refused: ${cause.message}`, outcome: 'final' };
    }
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

/** The guard's verdict, or a transient refusal once `signal` (the attempt timeout) fires first. */
function withinTimeout(
  check: Promise<WebhookUrlCheck>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<WebhookUrlCheck> {
  const timedOut: WebhookUrlCheck = {
    ok: false,
    reason: `the webhook host did not resolve within ${timeoutMs} ms`,
    transient: true,
  };
  if (signal.aborted) return Promise.resolve(timedOut);
  return new Promise((resolve) => {
    const onAbort = () => resolve(timedOut);
    signal.addEventListener('abort', onAbort, { once: true });
    check.then(
      (verdict) => {
        signal.removeEventListener('abort', onAbort);
        resolve(verdict);
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve({ ok: false, reason: 'the webhook host could not be resolved', transient: true });
      },
    );
  });
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

/** The host name of a URL, without the port, for spans. */
function hostnameOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).hostname : null;
}

/** The host of a URL for logs (paths and queries may carry the receiver's tokens). */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
