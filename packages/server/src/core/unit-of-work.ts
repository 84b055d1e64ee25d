/**
 * Runs a use case in one storage transaction and delivers its events after commit.
 *
 * @module
 */
import type { EventOf, EventType, ServiceEvent, TriggerContext } from '@leadbook/contract';
import type { WebhookSubscriptionRecord } from '../ports/records';
import type { Repositories, TransactionOptions } from '../ports/storage';
import { nowIso, type ServiceContext } from './context';
import { unitJobs, type UnitJobs, type UnitJobsAttempt } from './unit-jobs';

/** Records an event inside the transaction: written to the activity log now, delivered after commit. */
export type Emit = <T extends EventType>(
  type: T,
  organizationId: string,
  trigger: TriggerContext,
  payload: EventOf<T>['payload'],
) => Promise<void>;

/** What a use case writes through inside {@link runUnit}: the transaction, its events and its jobs. */
export interface Unit {
  /** The repositories of the unit's transaction. */
  tx: Repositories;
  /** Records an event with the unit's writes. */
  emit: Emit;
  /** Schedules and cancels jobs with the unit's writes. */
  jobs: UnitJobs;
}

/** Options of {@link runUnit}: the transaction's, and the organization whose events it may emit. */
export interface UnitOptions extends TransactionOptions {
  /**
   * The organization whose events the unit may emit. Its webhook subscriptions are then read as the
   * unit starts, so that a storage that sends concurrent reads together (PostgreSQL) sends this one
   * with the unit's first reads rather than in a round trip of its own before the commit.
   */
  eventsOf?: string;
}

/**
 * Runs `fn` in one transaction. Events it emits are appended to the activity log in the same
 * transaction, their webhook subscription deliveries are stored there too once `fn` has returned,
 * and they are delivered to in-process subscribers only after the commit; a rollback delivers
 * nothing. Jobs it schedules or cancels through `jobs` go with the transaction too (see
 * {@link UnitJobs}).
 */
export async function runUnit<T>(
  ctx: ServiceContext,
  fn: (tx: Repositories, emit: Emit, jobs: UnitJobs) => Promise<T>,
  options: UnitOptions = {},
): Promise<T> {
  const { eventsOf, ...transactionOptions } = options;
  let emitted: ServiceEvent[] = [];
  let jobs: UnitJobsAttempt | undefined;
  const result = await ctx.storage.transaction(async (tx) => {
    emitted = [];
    jobs = unitJobs(ctx, tx);
    const subscriptions = new Map<string, Promise<readonly WebhookSubscriptionRecord[]>>();
    const subscriptionsOf = (organizationId: string) => {
      let read = subscriptions.get(organizationId);
      if (!read) subscriptions.set(organizationId, (read = tx.webhookSubscriptions.list(organizationId)));
      return read;
    };
    // Started now, awaited (if ever) once `fn` has returned; a unit that fails first never reads it.
    if (eventsOf !== undefined) subscriptionsOf(eventsOf).catch(() => undefined);
    const emit: Emit = async (type, organizationId, trigger, payload) => {
      const event = {
        id: ctx.newId(),
        type,
        occurredAt: nowIso(ctx),
        organizationId,
        trigger,
        payload,
      } as ServiceEvent;
      await tx.activity.append(event);
      emitted.push(event);
    };
    const result = await fn(tx, emit, jobs);
    if (emitted.length > 0) {
      await ctx.stageEventDeliveries({ tx, schedule: jobs.schedule, subscriptionsOf }, emitted);
    }
    return result;
  }, transactionOptions);
  ctx.events.deliver(emitted);
  await jobs?.afterCommit();
  return result;
}
