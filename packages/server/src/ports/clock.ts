/**
 * The clock port: where the service reads the time. Tests inject a manual clock
 * (`createManualClock`); the default is the system clock.
 *
 * @module
 */

/** A source of the current time. Tests inject a fake one. */
export interface Clock {
  /** The current time in epoch milliseconds. */
  now(): number;
}

/** The system clock (`Date.now()`): the default of `createConnectService({ clock })`. */
export const systemClock: Clock = { now: () => Date.now() };
