/**
 * What the fuzz cases run against: the studio of `@leadbook/server/studio` (two organizations, their
 * public forms and ingress webhooks), seeded by `createHarness(kind, options, { fullStudio: true })`,
 * plus what only the fuzz needs: one lead to patch and a resource that never runs out of capacity.
 *
 * @module
 */
import {
  createManualClock,
  createTimerScheduler,
  type ConnectService,
  type ConnectServiceOptions,
  type Logger,
  type RateLimitOptions,
  type StorageAdapter,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { GOOD_CAPTCHA } from '../../packages/server/test/studio';

/** Sends one request to the service under test (its fetch handler, or a listening Express app). */
export type Send = (request: Request) => Promise<Response>;

/** The ids and secrets the baselines use. */
export interface FuzzWorld {
  /** Where requests go: the fetch handler's made-up origin, or the Express app's address. */
  readonly base: string;
  /** Sends a request (the baselines use it to create what a case then deletes). */
  readonly send: Send;
  /** The ingress webhook of organization A, bound to the Leads pool, and its token. */
  readonly ingress: { readonly id: string; readonly token: string };
  /** Organization B's webhook: its valid token is the wrong one for A's webhook. */
  readonly otherIngress: { readonly id: string; readonly token: string };
  /** A lead of the Leads pool, for the merge-patch baseline. */
  readonly entryId: string;
  /**
   * The fuzz's own resource on Berlin: 10,000 bookings at once, all day on Thursdays, not public.
   * The studio room fills up after a few hundred bookings; the delete cases need a booking every time.
   */
  readonly hallId: string;
}

/** Errors the service logged, in order: a 2xx or 4xx answer must not hide one. */
export interface LoggedErrors {
  /** The logger to pass to `createConnectService`. */
  readonly logger: Logger;
  /** Takes the errors logged since the last call. */
  take(): string[];
}

/** A logger that keeps what the service logs as errors (a dropped telemetry batch, say). */
export function recordErrors(): LoggedErrors {
  let errors: string[] = [];
  const ignore = () => undefined;
  return {
    logger: {
      debug: ignore,
      info: ignore,
      warn: ignore,
      error: (message, fields) => void errors.push(`${message} ${JSON.stringify(fields ?? {})}`),
    },
    take() {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}

/** The earliest instant a `Date` can hold. */
const EARLIEST = -8_640_000_000_000_000;

/**
 * The service options of a fuzz run on `storage`: a captcha verifier that needs no network,
 * `logged`'s logger, and `rateLimit`: by default none (thousands of requests come from one client);
 * a run that gives a store (PostgreSQL's) sets limits no run reaches, so that every case's form id
 * and client reach the store's keys.
 *
 * The scheduler keeps its jobs in `storage`, written with their bookings and checked like every other
 * table, but its clock stands at the earliest instant there is, so no job falls due during the run.
 * A case may book an interval in the past (a valid slot moved back 2,000 years): its timers firing
 * in the background would write between two snapshots and pass for a refused request's write.
 */
export const fuzzServiceOptions = (
  logged: LoggedErrors,
  storage: StorageAdapter,
  rateLimit: RateLimitOptions = { enabled: false },
): ConnectServiceOptions => ({
  storage,
  scheduler: createTimerScheduler({ storage, clock: createManualClock(EARLIEST), logger: logged.logger }),
  rateLimit,
  captcha: { verify: async ({ token }) => token === GOOD_CAPTCHA },
  logger: logged.logger,
});

/**
 * Adds the lead and the hall to a service already seeded with the whole studio (its fixed tokens
 * make a failure report's requests replayable), and returns what the baselines need.
 */
export async function seedFuzzWorld(service: ConnectService, base: string, send: Send): Promise<FuzzWorld> {
  // It also fixes the types of the keys the baselines send (SPEC 4.3 rule 3: the first write of a
  // key fixes its type), before a mutated case could fix `visits` as an object, say, and turn every
  // later baseline into a type conflict.
  const entry = await service.admin.entries.create(ID.organization, {
    tableId: ID.table,
    leadStateId: ID.leadStateNew,
    data: {
      email: 'patch.me@example.com',
      name: 'Fuzz',
      visits: 1,
      tags: ['fuzz'],
      profile: { city: 'Berlin' },
    },
  });
  const hall = await service.admin.resources.create(ID.organization, {
    name: 'Fuzz hall',
    maxParallelBookings: 10_000,
    calendarIds: [ID.calendarBerlin],
    appointmentTypeIds: [ID.appointmentTypeTrial, ID.appointmentTypeClass],
  });
  await service.admin.resourceSlots.create(ID.organization, {
    calendarId: ID.calendarBerlin,
    resourceId: hall.id,
    weekday: 4,
    startTime: '00:00',
    endTime: '24:00',
    publiclyBookable: false,
  });
  return {
    base,
    send,
    hallId: hall.id,
    ingress: { id: ID.ingressWebhook, token: TOKEN.ingress },
    otherIngress: { id: ID.otherIngressWebhook, token: TOKEN.otherIngress },
    entryId: entry.id,
  };
}
