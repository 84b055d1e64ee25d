/**
 * What the soak seeds: an organization on the resource planner (two rooms of capacity 3 and 2, open
 * around the clock, a lead pool, a published booking form, an ingress webhook) and a legacy
 * organization whose bookings may start at any instant (the near bookings whose timers fire during
 * the run). Both subscribe a webhook to every event type.
 *
 * @module
 */
import type { FormInput, SeedFixture } from '@leadbook/contract';
import { createConnectService, type Scheduler } from '@leadbook/server';
import { createPostgresStorage, type PgPool } from '@leadbook/storage-postgres';

/** The planner organization's token (read, write and admin). */
export const PLANNER_TOKEN = `service_live_${'5a'.repeat(32)}`;
/** The legacy organization's token (read, write and admin). */
export const LEGACY_TOKEN = `service_live_${'6b'.repeat(32)}`;
/** The rooms and their capacities (`maxParallelBookings`). */
export const ROOMS = { 'Room A': 3, 'Room B': 2 } as const;
/** Minutes of a planner booking (and its search grid). */
export const BOOKING_MINUTES = 60;

const EMAIL_FIELD = '0b6f2a56-9a43-4c35-8e7c-5f1d3f0b9a01';
const BOOKING_FIELD = '0b6f2a56-9a43-4c35-8e7c-5f1d3f0b9a02';
const scopes: Array<'read' | 'write' | 'admin'> = ['read', 'write', 'admin'];

const fixture: SeedFixture = {
  organizations: [
    {
      name: 'Soak planner',
      resourcePlanner: true,
      apiTokens: [{ name: 'soak', scopes, token: PLANNER_TOKEN }],
      calendars: [{ name: 'Hall', tzdata: 'UTC' }],
      tables: [{ name: 'Leads', leadStates: [{ name: 'New', category: 'new', default: true }] }],
      appointmentTypes: [{ name: 'Session', bookingLength: BOOKING_MINUTES, searchLength: BOOKING_MINUTES }],
      resources: Object.entries(ROOMS).map(([name, capacity]) => ({
        name,
        maxParallelBookings: capacity,
        calendarIds: ['Hall'],
        appointmentTypeIds: ['Session'],
      })),
      resourceSlots: Object.keys(ROOMS).flatMap((resourceId) =>
        [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          calendarId: 'Hall',
          resourceId,
          weekday,
          startTime: '00:00',
          endTime: '24:00',
        })),
      ),
    },
    {
      name: 'Soak legacy',
      resourcePlanner: false,
      apiTokens: [{ name: 'soak', scopes, token: LEGACY_TOKEN }],
      calendars: [{ name: 'Desk', tzdata: 'UTC' }],
    },
  ],
};

/** Ids and secrets of the seeded data. */
export interface SoakWorld {
  planner: {
    organizationId: string;
    calendarId: string;
    appointmentTypeId: string;
    tableId: string;
    leadStateId: string;
    /** Resource ids by room name. */
    resources: Record<keyof typeof ROOMS, string>;
    /** Capacity by resource id. */
    capacities: Record<string, number>;
  };
  legacy: { organizationId: string; calendarId: string };
  form: { id: string; emailField: string; bookingField: string };
  ingress: { id: string; token: string };
  /** The `whsec_` secrets of the two webhook subscriptions. */
  webhookSecrets: string[];
}

/** A scheduler that schedules nothing: seeding needs no jobs. */
const inertScheduler: Scheduler = {
  schedule: async () => undefined,
  cancel: async () => false,
  start: async () => undefined,
  stop: async () => undefined,
};

/** Migrates `schema`, seeds it, and subscribes `webhookUrl` to every event of both organizations. */
export async function seedWorld(pool: PgPool, schema: string, webhookUrl: string): Promise<SoakWorld> {
  const storage = await createPostgresStorage({ pool, schema });
  const service = await createConnectService({
    storage,
    scheduler: inertScheduler,
    webhooks: { allowPrivateUrls: true },
  });
  try {
    const [planner, legacy] = (await service.admin.seed(fixture)).organizations;
    if (!planner || !legacy) throw new Error('the seed made no organizations');
    const calendarId = planner.calendars['Hall']!;
    const tableId = planner.tables['Leads']!.id;
    const appointmentTypeId = planner.appointmentTypes['Session']!;
    const form: FormInput = {
      name: 'Soak booking',
      published: true,
      tableId,
      studios: [{ id: 'main', name: 'Main', calendarIds: [calendarId] }],
      fields: [
        { id: EMAIL_FIELD, type: 'email', label: 'Email', dataKey: 'email', required: true },
        {
          id: BOOKING_FIELD,
          type: 'booking-calendar',
          label: 'Time',
          bookingConfig: { searchDays: 14 },
          allowedAppointmentTypes: [appointmentTypeId],
        },
      ],
    };
    const createdForm = await service.admin.forms.create(planner.id, form);
    const ingress = await service.admin.ingressWebhooks.create(planner.id, { tableId, name: 'Soak' });
    const webhookSecrets: string[] = [];
    for (const organizationId of [planner.id, legacy.id]) {
      const subscription = await service.admin.webhookSubscriptions.create(organizationId, {
        url: webhookUrl,
        eventTypes: ['*'],
      });
      webhookSecrets.push(subscription.secret);
    }
    const resources = {
      'Room A': planner.resources['Room A']!,
      'Room B': planner.resources['Room B']!,
    };
    return {
      planner: {
        organizationId: planner.id,
        calendarId,
        appointmentTypeId,
        tableId,
        leadStateId: planner.tables['Leads']!.leadStates['New']!,
        resources,
        capacities: { [resources['Room A']]: ROOMS['Room A'], [resources['Room B']]: ROOMS['Room B'] },
      },
      legacy: { organizationId: legacy.id, calendarId: legacy.calendars['Desk']! },
      form: { id: createdForm.id, emailField: EMAIL_FIELD, bookingField: BOOKING_FIELD },
      ingress: { id: ingress.id, token: ingress.token },
      webhookSecrets,
    };
  } finally {
    await service.close();
  }
}
