/**
 * The hold-bound races of issue 39, shared by the sql.js and PostgreSQL suites: 200 concurrent holds
 * of one holder spread over 25 resources that always have room, so only the holder's bound can
 * refuse one. A Connect token may have exactly {@link MAX_ACTIVE_HOLDS_PER_TOKEN} active holds; a
 * public client exactly one (each new hold replaces the last).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { ErrorMessages, MAX_ACTIVE_HOLDS_PER_TOKEN } from '@leadbook/contract';
import type { ConnectService } from '@leadbook/server';

/** How many holds each round sends at once. */
export const RACE_REQUESTS = 200;
/** Resources the holds are spread over: 8 a resource, below each one's capacity of 10. */
export const RACE_RESOURCES = 25;

const HOUR_MS = 3_600_000;

/** Sends one request (`path` relative to the service) to one instance. */
export type RaceSend = (path: string, init: RequestInit) => Promise<Response>;

/** What the races run against. */
export interface HoldRace {
  organizationId: string;
  calendarId: string;
  appointmentTypeId: string;
  resourceIds: string[];
  formId: string;
  /** The first hour of the races: a day after `nowMs` as seeded. */
  firstHourMs: number;
}

/** Seeds the races' organization (in UTC, open around the clock) through `service`'s console API. */
export async function seedHoldRace(service: ConnectService, nowMs: number): Promise<HoldRace> {
  const resources = Array.from({ length: RACE_RESOURCES }, (_, i) => `Room ${i}`);
  const [org] = (
    await service.admin.seed({
      organizations: [
        {
          name: 'Hold race',
          resourcePlanner: true,
          calendars: [{ name: 'Hall', tzdata: 'UTC' }],
          tables: [{ name: 'Leads', leadStates: [{ name: 'New', category: 'new', default: true }] }],
          appointmentTypes: [{ name: 'Class', bookingLength: 60, searchLength: 60 }],
          resources: resources.map((name) => ({
            name,
            maxParallelBookings: 10,
            calendarIds: ['Hall'],
            appointmentTypeIds: ['Class'],
          })),
          resourceSlots: resources.flatMap((resourceId) =>
            [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
              calendarId: 'Hall',
              resourceId,
              weekday,
              startTime: '00:00',
              endTime: '24:00',
            })),
          ),
        },
      ],
    })
  ).organizations;
  const form = await service.admin.forms.create(org!.id, {
    name: 'Hold race',
    published: true,
    tableId: org!.tables['Leads']!.id,
    studios: [{ id: 'main', name: 'Main', calendarIds: [org!.calendars['Hall']!] }],
    fields: [
      { id: randomUUID(), type: 'booking-calendar', label: 'Time', bookingConfig: { searchDays: 14 } },
    ],
  });
  return {
    organizationId: org!.id,
    calendarId: org!.calendars['Hall']!,
    appointmentTypeId: org!.appointmentTypes['Class']!,
    resourceIds: resources.map((name) => org!.resources[name]!),
    formId: form.id,
    firstHourMs: Math.ceil((nowMs + 86_400_000) / HOUR_MS) * HOUR_MS,
  };
}

/** The hold body of request `i` of a round at `startMs`: resource `i` mod 25. */
const holdBody = (race: HoldRace, startMs: number, i: number) => ({
  calendarId: race.calendarId,
  appointmentTypeId: race.appointmentTypeId,
  resourceId: race.resourceIds[i % RACE_RESOURCES]!,
  startDateTime: new Date(startMs).toISOString(),
  endDateTime: new Date(startMs + HOUR_MS).toISOString(),
});

/** The active holds of the organization at `startMs`, counted through `service`'s storage. */
export const activeHoldsAt = (service: ConnectService, race: HoldRace, startMs: number, nowMs: number) =>
  service.storage.transaction(
    async (tx) =>
      (await tx.holds.listOverlapping(race.organizationId, race.resourceIds, startMs, startMs + 1, nowMs))
        .length,
    { readOnly: true },
  );

/** What one round gave. */
export interface RaceRound {
  /** Answers by status. */
  statuses: Record<number, number>;
  /** The messages of the 400s, deduplicated. */
  refusals: string[];
  /** Active holds at the round's hour once every answer is in. */
  active: number;
}

async function race(
  sends: readonly RaceSend[],
  request: (i: number) => [string, RequestInit],
): Promise<Omit<RaceRound, 'active'>> {
  const responses = await Promise.all(
    Array.from({ length: RACE_REQUESTS }, (_, i) => sends[i % sends.length]!(...request(i))),
  );
  const statuses: Record<number, number> = {};
  const refusals = new Set<string>();
  for (const response of responses) {
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const body = (await response.json()) as { message?: string };
    if (response.status === 400) refusals.add(String(body.message));
  }
  return { statuses, refusals: [...refusals] };
}

/**
 * Round `round` of the Connect race: a fresh write token sends {@link RACE_REQUESTS} holds at once,
 * split over `sends`, at the round's own hour. Expected: exactly
 * {@link MAX_ACTIVE_HOLDS_PER_TOKEN} answered 201, the others 400 `tooManyHolds`.
 */
export async function connectHoldRound(
  service: ConnectService,
  holdRace: HoldRace,
  sends: readonly RaceSend[],
  options: { round: number; nowMs: number },
): Promise<RaceRound> {
  const startMs = holdRace.firstHourMs + options.round * 2 * HOUR_MS;
  const { token } = await service.admin.apiTokens.create(holdRace.organizationId, {
    name: `race ${options.round}`,
    scopes: ['write'],
  });
  const result = await race(sends, (i) => [
    '/connect/booking_holds/',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(holdBody(holdRace, startMs, i)),
    },
  ]);
  return { ...result, active: await activeHoldsAt(service, holdRace, startMs, options.nowMs) };
}

/**
 * Round `round` of the public race: one client sends {@link RACE_REQUESTS} holds at once, split
 * over `sends`, at the round's own hour. Expected: every one answered 201 and exactly one left
 * active, since each replaces the client's previous hold. The services' hold rate limit must be
 * off or above {@link RACE_REQUESTS}.
 */
export async function publicHoldRound(
  service: ConnectService,
  holdRace: HoldRace,
  sends: readonly RaceSend[],
  options: { round: number; nowMs: number },
): Promise<RaceRound> {
  const startMs = holdRace.firstHourMs + (options.round * 2 + 1) * HOUR_MS;
  const result = await race(sends, (i) => [
    `/public/forms/${holdRace.formId}/holds`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(holdBody(holdRace, startMs, i)),
    },
  ]);
  return { ...result, active: await activeHoldsAt(service, holdRace, startMs, options.nowMs) };
}

/** The outcome every Connect round must have. */
export const CONNECT_ROUND: RaceRound = {
  statuses: { 201: MAX_ACTIVE_HOLDS_PER_TOKEN, 400: RACE_REQUESTS - MAX_ACTIVE_HOLDS_PER_TOKEN },
  refusals: [ErrorMessages.tooManyHolds],
  active: MAX_ACTIVE_HOLDS_PER_TOKEN,
};

/** The outcome every public round must have. */
export const PUBLIC_ROUND: RaceRound = { statuses: { 201: RACE_REQUESTS }, refusals: [], active: 1 };
