/**
 * The job handler that sends a due notification, retries temporary failures with backoff and
 * records final failures in the activity log.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import { readTx, type NotificationDelivery, type ServiceContext } from '../../core/context';
import { runUnit, type Unit } from '../../core/unit-of-work';
import { errorFields } from '../../ports/logger';
import { isNotifierError, type NotificationMessage } from '../../ports/notifier';
import type { JobHandler, JobRun, ScheduledJob } from '../../ports/scheduler';
import type { JobHandlers } from '../jobs';
import {
  leaseJob,
  NOTIFICATION_JOB_TYPE,
  notificationJob,
  retryDelayMs,
  type NotificationJobPayload,
} from './jobs';
import { prepareNotification, type PreparedNotification } from './prepare';

/** How a send ended. */
type Outcome =
  | PreparedNotification
  | { step: 'sent'; booking: CalendarBooking }
  | { step: 'failed'; booking: CalendarBooking; retryable: boolean; detail: string };

async function attempt(
  delivery: NotificationDelivery,
  booking: CalendarBooking,
  message: NotificationMessage,
): Promise<Outcome> {
  try {
    await delivery.notifier.send(message, { signal: AbortSignal.timeout(delivery.timeoutMs) });
    return { step: 'sent', booking };
  } catch (error) {
    // Anything but a NotifierError saying otherwise may pass: the port counts it as retryable.
    const retryable = !isNotifierError(error) || error.retryable;
    return { step: 'failed', booking, retryable, detail: errorFields(error).message };
  }
}

const send = (delivery: NotificationDelivery, prepared: PreparedNotification): Promise<Outcome> =>
  prepared.step === 'send'
    ? attempt(delivery, prepared.booking, prepared.message)
    : Promise.resolve(prepared);

/** An outcome that writes something: a retry job, or a `notificationFailed` event. */
type Failure = Extract<Outcome, { step: 'noRecipient' | 'failed' }>;

const logFields = (payload: NotificationJobPayload) => ({
  messageId: payload.messageId,
  kind: payload.kind,
  attempt: payload.attempt,
});

/** Logs an outcome that writes nothing; returns the failure otherwise. */
function failureOf(ctx: ServiceContext, payload: NotificationJobPayload, outcome: Outcome): Failure | null {
  if (outcome.step === 'skip')
    ctx.logger.info('notification not sent', { ...logFields(payload), why: outcome.why });
  else if (outcome.step === 'sent') ctx.logger.info('notification sent', logFields(payload));
  else if (outcome.step !== 'send') return outcome;
  return null;
}

/** Writes what a failure leaves behind: a retry job, or a `notificationFailed` event. */
async function settle(
  ctx: ServiceContext,
  delivery: NotificationDelivery,
  { emit, jobs }: Pick<Unit, 'emit' | 'jobs'>,
  payload: NotificationJobPayload,
  outcome: Failure,
): Promise<void> {
  const fields = logFields(payload);
  let reason: 'noRecipient' | 'rejected' | 'retriesExhausted' = 'noRecipient';
  let detail = 'the lead has no email address';
  if (outcome.step === 'failed') {
    const retryAt = ctx.clock.now() + retryDelayMs(payload.attempt);
    // A reminder that would go out after the start is no reminder any more.
    const late = payload.kind === 'reminder' && retryAt >= Date.parse(payload.booking.startDateTime);
    if (outcome.retryable && payload.attempt < delivery.maxAttempts && !late) {
      ctx.logger.warn('notification failed; retrying', { ...fields, detail: outcome.detail, retryAt });
      await jobs.schedule(notificationJob(retryAt, { ...payload, attempt: payload.attempt + 1, lease: 0 }));
      return;
    }
    reason = outcome.retryable ? 'retriesExhausted' : 'rejected';
    detail = outcome.detail;
  }
  ctx.logger.warn('notification failed', { ...fields, reason, detail });
  await emit('calendar.appointment.notificationFailed', payload.organizationId, payload.trigger, {
    booking: outcome.booking,
    notification: { kind: payload.kind, messageId: payload.messageId, reason, detail },
  });
}

/**
 * Sends one due notification; no storage transaction stays open while the mail server answers.
 *
 * With a scheduler that may run the job again (it passes `run`) and keeps its jobs in the service's
 * storage, the first transaction finishes the job and, when there is a message to send, stores a
 * lease: the same message again, due `2 × timeoutMs` later. Then the message is sent, and a second
 * transaction cancels the lease and writes what a failure leaves (a retry or an event). Two runs of
 * one job never both send (the second finds the job finished); a process that dies between the
 * mail server's acceptance and the second commit leaves the lease, which sends the message again
 * with the same `Message-ID`.
 *
 * Otherwise (a scheduler without `run`, which runs a job at most once) the message is read, sent,
 * and a failure written.
 */
async function sendNotification(
  ctx: ServiceContext,
  job: ScheduledJob,
  run: JobRun | undefined,
): Promise<void> {
  const delivery = ctx.notifications;
  const payload = job.payload as NotificationJobPayload;
  if (!delivery) {
    ctx.logger.warn('a notification is due but the service has no notifier', { key: job.key });
    return;
  }
  const options = { eventsOf: payload.organizationId };
  let lease: string | null = null;
  let prepared: PreparedNotification | null;
  if (run && ctx.unitJobStore) {
    prepared = await runUnit(ctx, async (tx, _emit, jobs) => {
      if (!(await run.finish(tx.jobs))) return null;
      const read = await prepareNotification(tx, delivery, payload, ctx.clock.now());
      if (read.step === 'send') {
        const leased = leaseJob(payload, ctx.clock.now() + 2 * delivery.timeoutMs);
        await jobs.schedule(leased);
        lease = leased.key;
      }
      return read;
    });
    if (!prepared) return;
  } else {
    prepared = await readTx(ctx, (tx) => prepareNotification(tx, delivery, payload, ctx.clock.now()));
  }
  const failure = failureOf(ctx, payload, await send(delivery, prepared));
  if (!failure && lease === null) return;
  await runUnit(
    ctx,
    async (_tx, emit, jobs) => {
      if (lease !== null) await jobs.cancel(lease);
      if (failure) await settle(ctx, delivery, { emit, jobs }, payload, failure);
    },
    options,
  );
}

/** The job handler of booking notifications, by job type. */
export function notificationJobHandlers(ctx: ServiceContext): JobHandlers {
  const handler: JobHandler = (job, run) => sendNotification(ctx, job, run);
  return { [NOTIFICATION_JOB_TYPE]: handler };
}
