/**
 * The abort signal of one outgoing call in the background (a webhook attempt, a meeting provider
 * call): it ends the call at its timeout, or earlier when the service stops waiting for it.
 *
 * @module
 */

/** A call's signal and how to let go of its timer. */
export interface CallSignal {
  /** Aborts with a `TimeoutError` after the timeout, or with `stop`'s reason when `stop` aborts first. */
  readonly signal: AbortSignal;
  /** Unlinks the timeout and `stop`; call it once the call has ended. */
  dispose(): void;
}

/**
 * A signal that aborts after `timeoutMs` of real time (`AbortSignal.timeout`, whose timer neither
 * keeps the process alive nor follows a test's fake timers), or as soon as `stop` aborts.
 */
export function callSignal(timeoutMs: number, stop: AbortSignal): CallSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  const controller = new AbortController();
  const links = [timeout, stop].map((source) => {
    const follow = () => controller.abort(source.reason);
    if (source.aborted) follow();
    else source.addEventListener('abort', follow, { once: true });
    return () => source.removeEventListener('abort', follow);
  });
  return {
    signal: controller.signal,
    dispose: () => links.forEach((unlink) => unlink()),
  };
}
