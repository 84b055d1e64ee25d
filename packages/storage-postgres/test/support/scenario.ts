/**
 * The data the multi-instance tests and the bench seed: a resource-planner organization with a
 * resource of capacity 8 open around the clock and a published form, and a legacy organization
 * whose bookings may start at any time (for timers due within seconds). Tokens are fixed, so
 * separate processes can use them.
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';
import { createConnectService, type Scheduler } from '@leadbook/server';
import { createPostgresStorage, type PgPool } from '../../src';

/** The planner organization's write token. */
export const PLANNER_TOKEN = `service_live_${'a1'.repeat(32)}`;
/** The legacy organization's write token. */
export const LEGACY_TOKEN = `service_live_${'b2'.repeat(32)}`;
/** The capacity of the planner's resource. */
export const CAPACITY = 8;

const fixture: SeedFixture = {
  organizations: [
    {
      name: 'Scale-out planner',
      resourcePlanner: true,
      apiTokens: [{ name: 'write', scopes: ['write'], token: PLANNER_TOKEN }],
      calendars: [{ name: 'Hall', tzdata: 'UTC' }],
      tables: [{ name: 'Leads', leadStates: [{ name: 'New', category: 'new', default: true }] }],
      appointmentTypes: [{ name: 'Class', bookingLength: 60, searchLength: 60 }],
      resources: [
        { name: 'Room', maxParallelBookings: CAPACITY, calendarIds: ['Hall'], appointmentTypeIds: ['Class'] },
      ],
      resourceSlots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        calendarId: 'Hall',
        resourceId: 'Room',
        weekday,
        startTime: '00:00',
        endTime: '24:00',
      })),
    },
    {
      name: 'Scale-out legacy',
      resourcePlanner: false,
      apiTokens: [{ name: 'write', scopes: ['write'], token: LEGACY_TOKEN }],
      calendars: [{ name: 'Desk', tzdata: 'UTC' }],
    },
  ],
};

/** Ids of the seeded scenario. */
export interface Scenario {
  planner: {
    organizationId: string;
    calendarId: string;
    appointmentTypeId: string;
    resourceId: string;
    resourceSlots: string[];
    /** Pool `Leads` and its default state `New`. */
    tableId: string;
    leadStateId: string;
  };
  legacy: { calendarId: string };
  formId: string;
}

/** A scheduler that schedules nothing: seeding and reading need no jobs. */
export const inertScheduler: Scheduler = {
  schedule: async () => undefined,
  cancel: async () => false,
  start: async () => undefined,
  stop: async () => undefined,
};

/** Migrates `schema` and seeds the scenario into it. */
export async function seedScenario(pool: PgPool, schema: string): Promise<Scenario> {
  const storage = await createPostgresStorage({ pool, schema });
  const service = await createConnectService({ storage, scheduler: inertScheduler });
  try {
    const [planner, legacy] = (await service.admin.seed(fixture)).organizations;
    const form = await service.admin.forms.create(planner!.id, {
      name: 'Trial',
      published: true,
      tableId: planner!.tables['Leads']!.id,
      studios: [{ id: 'main', name: 'Main', calendarIds: [planner!.calendars['Hall']!] }],
    });
    return {
      planner: {
        organizationId: planner!.id,
        tableId: planner!.tables['Leads']!.id,
        leadStateId: planner!.tables['Leads']!.leadStates['New']!,
        calendarId: planner!.calendars['Hall']!,
        appointmentTypeId: planner!.appointmentTypes['Class']!,
        resourceId: planner!.resources['Room']!,
        resourceSlots: planner!.resourceSlots,
      },
      legacy: { calendarId: legacy!.calendars['Desk']! },
      formId: form.id,
    };
  } finally {
    await service.close();
  }
}

/** A booking body for the planner's slot starting at `startMs` (a full UTC hour). */
export function plannerBooking(scenario: Scenario, startMs: number) {
  const weekday = (new Date(startMs).getUTCDay() + 6) % 7;
  return {
    calendarId: scenario.planner.calendarId,
    appointmentTypeId: scenario.planner.appointmentTypeId,
    resourceId: scenario.planner.resourceId,
    resourceSlotId: scenario.planner.resourceSlots[weekday]!,
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(startMs + 3_600_000).toISOString(),
  };
}

/** A legacy booking body of ten minutes starting at `startMs`. */
export function legacyBooking(scenario: Scenario, startMs: number) {
  return {
    calendarId: scenario.legacy.calendarId,
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(startMs + 600_000).toISOString(),
  };
}

/** The next full UTC hour at least a day ahead. */
export function tomorrowAtFullHour(): number {
  return Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
}
