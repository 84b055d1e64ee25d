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
import { NOTIFICATION_JOB_TYPE, notificationJob, retryDelayMs, type NotificationJobPayload } from './jobs';
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
      await jobs.schedule(notificationJob(retryAt, { ...payload, attempt: payload.attempt + 1 }));
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
 * Sends one due notification. With a scheduler that may run the job again (it passes `run`) and
 * keeps its jobs in the service's storage, the job is finished, the message read and sent, and the
 * outcome written in one transaction, so two instances never both send it; the transaction stays
 * open for the send, at most `notifications.timeoutMs`. Otherwise (the in-process scheduler, which
 * runs a job at most once) the send happens between a read and a write transaction, so no storage
 * transaction waits on the mail server.
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
  if (run && ctx.unitJobStore) {
    await runUnit(
      ctx,
      async (tx, emit, jobs) => {
        if (!(await run.finish(tx.jobs))) return;
        const prepared = await prepareNotification(tx, delivery, payload, ctx.clock.now());
        const failure = failureOf(ctx, payload, await send(delivery, prepared));
        if (failure) await settle(ctx, delivery, { emit, jobs }, payload, failure);
      },
      options,
    );
    return;
  }
  const prepared = await readTx(ctx, (tx) => prepareNotification(tx, delivery, payload, ctx.clock.now()));
  const failure = failureOf(ctx, payload, await send(delivery, prepared));
  if (failure) {
    await runUnit(ctx, (_tx, emit, jobs) => settle(ctx, delivery, { emit, jobs }, payload, failure), options);
  }
}

/** The job handler of booking notifications, by job type. */
export function notificationJobHandlers(ctx: ServiceContext): JobHandlers {
  const handler: JobHandler = (job, run) => sendNotification(ctx, job, run);
  return { [NOTIFICATION_JOB_TYPE]: handler };
}
