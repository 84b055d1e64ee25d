/**
 * The ports every use case reaches through one context object.
 *
 * @module
 */
import type { ServiceEvent } from '@leadbook/contract';
import type { WebhookSubscriptionRecord } from '../ports/records';
import type { Repositories, StorageAdapter } from '../ports/storage';
import type { EventBus } from '../events/bus';
import type { CaptchaVerifier } from '../ports/captcha';
import type { BackgroundTasks } from './background';
import type { RequestGate } from './request-gate';
import type { ScheduledJob, Scheduler, SchedulerJobStore } from '../ports/scheduler';
import type { Clock } from '../ports/clock';
import type { Logger } from '../ports/logger';
import type { HostLookup } from '../domain/webhooks';
import type { MeetingProvider, MeetingProviderName } from '../ports/meetings';
import type { Telemetry } from '../telemetry/instruments';
import type { ExternalCalendarService } from './external-calendars';
import type { Notifier } from '../ports/notifier';
import type { NotificationTemplates } from '../domain/notifications';

/** How booking notifications are sent (see `ConnectServiceOptions.notifications`). */
export interface NotificationDelivery {
  /** Sends the messages. */
  notifier: Notifier;
  /** The host's replacements of the default templates. */
  templates: Partial<NotificationTemplates>;
  /** Per-send timeout in milliseconds. */
  timeoutMs: number;
  /** How many times a message is tried before a temporary failure counts as final. */
  maxAttempts: number;
}

/** How bookings' video meetings are made. */
export interface MeetingSettings {
  /** The configured providers by name; an appointment type may only name one of these. */
  providers: ReadonlyMap<MeetingProviderName, MeetingProvider>;
  /**
   * Per-call timeout in milliseconds. An attempt holds its booking's meeting for a lease of twice
   * this; one that never finished (the process died) counts as failed after that.
   */
  timeoutMs: number;
}

/** How outgoing webhooks are delivered. */
export interface WebhookSettings {
  /** Allow URLs that resolve to loopback, private or link-local addresses (tests, private networks). */
  allowPrivateUrls: boolean;
  /** The fetch implementation deliveries use. */
  fetch: typeof fetch;
  /** Resolves webhook host names for the URL guard (and for the default fetch's connections). */
  lookup: HostLookup;
  /**
   * Per-attempt timeout in milliseconds: the host lookup and the request together. An attempt holds
   * its delivery for a lease of twice this; a delivery whose attempt never finished (a crashed
   * process) is retried once the lease has expired.
   */
  timeoutMs: number;
}

/** What an {@link EventDeliveryStager} writes through: the unit's transaction and jobs. */
export interface StagingUnit {
  /** The unit's transaction. */
  tx: Repositories;
  /** Schedules a job with the unit's writes (see `UnitJobs.schedule`). */
  schedule(job: ScheduledJob): Promise<void>;
  /**
   * The organization's webhook subscriptions as the unit's transaction reads them, read once per
   * unit (early, with the unit's first reads, when the unit named the organization: `eventsOf`).
   */
  subscriptionsOf(organizationId: string): Promise<readonly WebhookSubscriptionRecord[]>;
}

/**
 * Writes what a unit's events cause beyond the activity log (webhook subscription deliveries and
 * their jobs), inside the unit's own transaction, so they commit or roll back with the events.
 */
export type EventDeliveryStager = (unit: StagingUnit, events: readonly ServiceEvent[]) => Promise<void>;

/** What use cases need: storage, time, ids, logging, events and the scheduler. */
export interface ServiceContext {
  /** The storage adapter. */
  readonly storage: StorageAdapter;
  /** The clock. */
  readonly clock: Clock;
  /** The logger. */
  readonly logger: Logger;
  /** The event bus (delivery after commit). */
  readonly events: EventBus;
  /** Stages the webhook subscription deliveries of a unit's events in its transaction. */
  readonly stageEventDeliveries: EventDeliveryStager;
  /** The scheduler of timed events. */
  readonly scheduler: Scheduler;
  /**
   * The scheduler's job store when it keeps its jobs in this context's `storage`: units then store
   * their jobs in their own transaction (see `UnitJobs`). Undefined otherwise.
   */
  readonly unitJobStore: SchedulerJobStore | undefined;
  /** A new UUID. */
  newId(): string;
  /** Verifies captcha tokens of form submissions. */
  readonly captcha: CaptchaVerifier;
  /** Outgoing webhook delivery settings. */
  readonly webhooks: WebhookSettings;
  /** Background work (webhook attempts, meeting calls) that `close()` waits for. */
  readonly background: BackgroundTasks;
  /** Admits requests until `close()` begins, and counts those in flight. */
  readonly gate: RequestGate;
  /** Video meeting providers and their timeout. */
  readonly meetings: MeetingSettings;
  /** Booking notifications; absent when the service was given no notifier (nothing is sent). */
  readonly notifications?: NotificationDelivery | undefined;
  /** The OpenTelemetry tracer and metric instruments (no-ops unless the host registered an SDK). */
  readonly telemetry: Telemetry;
  /** Linked external calendars' providers, keys, timeout and cache; undefined when the host gave none. */
  readonly externalCalendars?: ExternalCalendarService | undefined;
}

/** The current time as an ISO-8601 UTC string. */
export const nowIso = (ctx: Pick<ServiceContext, 'clock'>) => new Date(ctx.clock.now()).toISOString();

/** Runs a read-only unit: no writes, so adapters may skip transaction bookkeeping. */
export const readTx = <T>(
  ctx: Pick<ServiceContext, 'storage'>,
  fn: (tx: Repositories) => Promise<T>,
): Promise<T> => ctx.storage.transaction(fn, { readOnly: true });
