/**
 * One provider call, bounded by the service's meeting timeout, and cut short when the service stops
 * waiting for it (it is shutting down).
 *
 * @module
 */
import { callSignal } from '../../core/call-signal';
import type { ServiceContext } from '../../core/context';
import { SpanKind, SpanStatusCode, type Attributes } from '@opentelemetry/api';
import type { MeetingCallOptions, MeetingProvider } from '../../ports/meetings';
import { inSpan } from '../../telemetry/spans';
import { failureOf, type AttemptFailure } from './settle';

/**
 * How a provider call ended. Never a rejection. `released`: the service stopped waiting before the
 * provider answered, so the call is not an attempt (its claim is given back).
 */
export type CallOutcome<T> =
  { ok: true; value: T } | { ok: false; failure: AttemptFailure } | { ok: false; released: true };

/**
 * Runs `call` with a signal that aborts after `ctx.meetings.timeoutMs` or when `stop` aborts; a call
 * still running at its timeout counts as a retryable failure, one still running when `stop` aborts
 * as released (an adapter that honours the signal stops it).
 */
export async function callProvider<T>(
  ctx: ServiceContext,
  target: CallTarget,
  call: (options: MeetingCallOptions) => Promise<T>,
  stop: AbortSignal,
): Promise<CallOutcome<T>> {
  const attributes: Attributes = { 'leadbook.meeting.provider': target.provider.name };
  if (target.provider.host) attributes['server.address'] = target.provider.host;
  return inSpan(
    ctx.telemetry.tracer,
    `meeting ${target.operation}`,
    { kind: SpanKind.CLIENT, attributes },
    async (span) => {
      const outcome = await callWithin(ctx, call, stop);
      span.setAttribute('leadbook.meeting.outcome', outcomeName(outcome));
      if (!outcome.ok) span.setStatus({ code: SpanStatusCode.ERROR });
      return outcome;
    },
  );
}

/** Which provider a call goes to, and what it does there (for its client span). */
export interface CallTarget {
  /** The provider called. */
  provider: Pick<MeetingProvider, 'name' | 'host'>;
  /** What the call does. */
  operation: 'create' | 'update' | 'delete';
}

/** `succeeded`, `failed` or `released`. */
const outcomeName = (outcome: CallOutcome<unknown>) =>
  outcome.ok ? 'succeeded' : 'released' in outcome ? 'released' : 'failed';

/** {@link callProvider} without its span. */
async function callWithin<T>(
  ctx: ServiceContext,
  call: (options: MeetingCallOptions) => Promise<T>,
  stop: AbortSignal,
): Promise<CallOutcome<T>> {
  const { timeoutMs } = ctx.meetings;
  const released: CallOutcome<T> = { ok: false, released: true };
  if (stop.aborted) return released;
  const { signal, dispose } = callSignal(timeoutMs, stop);
  const ended = new Promise<CallOutcome<T>>((resolve) => {
    const end = () =>
      resolve(
        stop.aborted
          ? released
          : { ok: false, failure: { message: `timed out after ${timeoutMs} ms`, retryable: true } },
      );
    if (signal.aborted) end();
    else signal.addEventListener('abort', end, { once: true });
  });
  const called = Promise.resolve()
    .then(() => call({ signal }))
    .then(
      (value): CallOutcome<T> => ({ ok: true, value }),
      (error: unknown): CallOutcome<T> => ({ ok: false, failure: failureOf(error) }),
    );
  try {
    return await Promise.race([called, ended]);
  } finally {
    dispose();
  }
}
