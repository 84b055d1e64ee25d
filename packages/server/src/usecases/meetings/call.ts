/**
 * One provider call, bounded by the service's meeting timeout.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import type { MeetingCallOptions } from '../../ports/meetings';
import { failureOf, type AttemptFailure } from './settle';

/** How a provider call ended. Never a rejection. */
export type CallOutcome<T> = { ok: true; value: T } | { ok: false; failure: AttemptFailure };

/**
 * Runs `call` with a signal that aborts after `ctx.meetings.timeoutMs`; a call still running then
 * counts as a retryable failure (an adapter that honours the signal stops it).
 */
export async function callProvider<T>(
  ctx: ServiceContext,
  call: (options: MeetingCallOptions) => Promise<T>,
): Promise<CallOutcome<T>> {
  const { timeoutMs } = ctx.meetings;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<CallOutcome<T>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
      resolve({ ok: false, failure: { message: `timed out after ${timeoutMs} ms`, retryable: true } });
    }, timeoutMs);
  });
  const called = Promise.resolve()
    .then(() => call({ signal: controller.signal }))
    .then(
      (value): CallOutcome<T> => ({ ok: true, value }),
      (error: unknown): CallOutcome<T> => ({ ok: false, failure: failureOf(error) }),
    );
  try {
    return await Promise.race([called, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
