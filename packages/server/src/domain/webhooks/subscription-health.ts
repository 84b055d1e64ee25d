/**
 * When a webhook subscription disables itself: after its deliveries have failed for
 * {@link SUBSCRIPTION_FAILING_LIMIT_MS} without a success in between, or at once when a receiver
 * answers 410 Gone. A 2xx ends a failing stretch.
 *
 * @module
 */

/** How long a subscription's deliveries may keep failing before it is disabled: 5 days. */
export const SUBSCRIPTION_FAILING_LIMIT_MS = 5 * 24 * 60 * 60 * 1000;

/** What a subscription's health depends on. */
export interface SubscriptionHealth {
  /** Receives new events. */
  active: boolean;
  /** Why it was disabled automatically, or null. */
  disabledReason: 'failing' | 'gone' | null;
  /** When it was disabled automatically (ISO-8601), or null. */
  disabledAt: string | null;
  /** The first failed attempt since the last success (ISO-8601), or null. */
  failingSince: string | null;
}

/** How an attempt of one of the subscription's deliveries ended. */
export type HealthOutcome = 'succeeded' | 'gone' | 'failed';

/**
 * The subscription's health after an attempt that ended with `outcome` at `nowMs`, or null when
 * nothing changes (most attempts). An inactive subscription does not change.
 *
 * @example
 * ```ts
 * nextSubscriptionHealth({ active: true, disabledReason: null, disabledAt: null, failingSince: null }, 'failed', now);
 * // { ..., failingSince: new Date(now).toISOString() }
 * ```
 */
export function nextSubscriptionHealth<T extends SubscriptionHealth>(
  current: T,
  outcome: HealthOutcome,
  nowMs: number,
): T | null {
  if (!current.active) return null;
  const now = new Date(nowMs).toISOString();
  if (outcome === 'succeeded')
    return current.failingSince === null ? null : { ...current, failingSince: null };
  if (outcome === 'gone') return { ...current, active: false, disabledReason: 'gone', disabledAt: now };
  const failingSince = current.failingSince ?? now;
  if (nowMs - Date.parse(failingSince) >= SUBSCRIPTION_FAILING_LIMIT_MS) {
    return { ...current, failingSince, active: false, disabledReason: 'failing', disabledAt: now };
  }
  return current.failingSince === null ? { ...current, failingSince } : null;
}
