/**
 * The gate of the pipeline: whether the service still takes requests, and which ones it is
 * answering. `close()` shuts it: every later request is answered 503 without any work, and the
 * requests already admitted are given until a deadline to finish.
 *
 * The states are explicit so that a readiness check can be added in front of them: a `/readyz`
 * that fails while the service still serves (so that the load balancer stops sending traffic)
 * comes before `closing`, not instead of it.
 *
 * @module
 */

/** Where the service is on its way down. */
export type GateState = 'open' | 'closing';

/** Admits requests and counts those in flight. */
export interface RequestGate {
  /** `open` until {@link RequestGate.close} is called, `closing` after. */
  readonly state: GateState;
  /**
   * Admits a request: true while the gate is open (the caller then calls `leave()` once it has
   * answered), false once it is closing (the request must be refused).
   */
  enter(): boolean;
  /** A request admitted by `enter()` has its answer. */
  leave(): void;
  /**
   * Stops admitting requests; resolves once every admitted request has its answer, or when
   * `deadline` aborts, whichever comes first.
   */
  close(deadline: AbortSignal): Promise<void>;
}

/** Creates an open gate. */
export function createRequestGate(): RequestGate {
  let state: GateState = 'open';
  let inFlight = 0;
  let idle: (() => void) | undefined;
  return {
    get state() {
      return state;
    },
    enter() {
      if (state !== 'open') return false;
      inFlight += 1;
      return true;
    },
    leave() {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    },
    close(deadline) {
      state = 'closing';
      if (inFlight === 0 || deadline.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          deadline.removeEventListener('abort', done);
          idle = undefined;
          resolve();
        };
        idle = done;
        deadline.addEventListener('abort', done, { once: true });
      });
    },
  };
}
