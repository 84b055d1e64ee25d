import { describe, expect, it } from 'vitest';
import { nextSubscriptionHealth, SUBSCRIPTION_FAILING_LIMIT_MS } from './subscription-health';

const T0 = Date.parse('2024-01-07T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const healthy = { active: true, disabledReason: null, disabledAt: null, failingSince: null } as const;

describe('subscription health', () => {
  it('starts a failing stretch at the first failure and keeps its start', () => {
    const failing = nextSubscriptionHealth(healthy, 'failed', T0);
    expect(failing).toEqual({ ...healthy, failingSince: iso(T0) });
    expect(nextSubscriptionHealth(failing!, 'failed', T0 + 3_600_000)).toBeNull();
  });

  it('disables after 5 days of failures, not a millisecond before', () => {
    const failing = { ...healthy, failingSince: iso(T0) };
    expect(SUBSCRIPTION_FAILING_LIMIT_MS).toBe(5 * 86_400_000);
    expect(nextSubscriptionHealth(failing, 'failed', T0 + SUBSCRIPTION_FAILING_LIMIT_MS - 1)).toBeNull();
    const at = T0 + SUBSCRIPTION_FAILING_LIMIT_MS;
    expect(nextSubscriptionHealth(failing, 'failed', at)).toEqual({
      active: false,
      disabledReason: 'failing',
      disabledAt: iso(at),
      failingSince: iso(T0),
    });
  });

  it('a success ends the stretch, so failures after it count from then', () => {
    const failing = { ...healthy, failingSince: iso(T0) };
    const recovered = nextSubscriptionHealth(failing, 'succeeded', T0 + 4 * 86_400_000);
    expect(recovered).toEqual(healthy);
    expect(nextSubscriptionHealth(healthy, 'succeeded', T0)).toBeNull();
    const again = nextSubscriptionHealth(recovered!, 'failed', T0 + 6 * 86_400_000);
    expect(again).toEqual({ ...healthy, failingSince: iso(T0 + 6 * 86_400_000) });
  });

  it('a 410 disables at once; an inactive subscription never changes', () => {
    expect(nextSubscriptionHealth(healthy, 'gone', T0)).toEqual({
      ...healthy,
      active: false,
      disabledReason: 'gone',
      disabledAt: iso(T0),
    });
    const off = { ...healthy, active: false };
    for (const outcome of ['succeeded', 'gone', 'failed'] as const) {
      expect(nextSubscriptionHealth(off, outcome, T0)).toBeNull();
    }
  });
});
