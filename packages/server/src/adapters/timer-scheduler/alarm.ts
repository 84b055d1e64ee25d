/**
 * The scheduler's one timer: armed for a delay (and, after a storage read, for the `runAt` it
 * waits for), unref()ed so a pending job never keeps the process alive.
 *
 * @module
 */
import { outsideRequest } from '../../core/request-log';

/** One timer that calls `onFire` once when it goes off. */
export interface Alarm {
  /** (Re)sets the timer; `target` is the job time it waits for, when it came from a storage read. */
  set(delayMs: number, target?: number): void;
  /** Clears the timer. */
  clear(): void;
  /** Whether the timer is set. */
  readonly isSet: boolean;
  /** The `runAt` the timer waits for, or undefined (not set, or a retry timer). */
  readonly target: number | undefined;
}

/** Creates an alarm whose timer calls `onFire` (errors are the caller's to keep inside `onFire`). */
export function createAlarm(onFire: () => void): Alarm {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let target: number | undefined;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    target = undefined;
  };
  return {
    set(delayMs, at) {
      clear();
      target = at;
      // A job armed while a request is answered fires later, as no request's work.
      timer = outsideRequest(() =>
        setTimeout(() => {
          timer = undefined;
          target = undefined;
          onFire();
        }, delayMs),
      );
      // A pending job must not keep the process alive.
      timer.unref?.();
    },
    clear,
    get isSet() {
      return timer !== undefined;
    },
    get target() {
      return target;
    },
  };
}
