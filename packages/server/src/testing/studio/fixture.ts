/**
 * `studioFixture()`: the one studio of the repository's tests, the SDK's mock service, the examples
 * and the guides, as a seed fixture whose dates are relative to the clock it is given.
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';
import { STUDIO_IDS, STUDIO_TOKENS, WEEKDAYS, type StudioIds, type StudioTokens } from './ids';
import { otherStudio } from './other-studio';

const DAY_MS = 86_400_000;

/** When the closure of the Berlin calendar lies, in whole UTC days after the day of `now`. */
export const STUDIO_CLOSURE_DAYS = {
  /** The closure starts at 00:00 UTC this many days after the day of `now`. */
  after: 10,
  /** It lasts this many days. */
  length: 3,
} as const;

/** Options of {@link studioFixture}. */
export interface StudioFixtureOptions {
  /** The current time of the clock the service runs on: the closure lies ahead of it. Default: now. */
  now?: number | Date;
  /** The ids to seed with. Default: {@link STUDIO_IDS}; pass `freshStudioIds()` for a new studio. */
  ids?: StudioIds;
  /** The API tokens to seed with. Default: {@link STUDIO_TOKENS}; `null`: the service generates them. */
  tokens?: StudioTokens | null;
}

type Slot = NonNullable<SeedFixture['organizations'][number]['resourceSlots']>[number];

/** The same window (`hours` as `09:00-12:00`) on every weekday, each with its id. */
const daily = (
  ids: Record<keyof typeof WEEKDAYS, string>,
  calendarId: string,
  resourceId: string,
  hours: string,
) =>
  Object.entries(WEEKDAYS).map(([day, weekday]): Slot => ({
    id: ids[day as keyof typeof WEEKDAYS],
    calendarId,
    resourceId,
    weekday,
    startTime: hours.slice(0, 5),
    endTime: hours.slice(6),
  }));
/** Staff only: the Connect API books the slot, public forms do not offer it. */
const staffOnly = (slot: Slot): Slot => ({ ...slot, publiclyBookable: false });

/**
 * The studio: organization `Leadbook Studio` on the resource planner, with
 * - `read`, `write` and `admin` API tokens;
 * - calendars `Berlin` (Europe/Berlin, with the legacy schedule type `Legacy intro`) and `New York`
 *   (America/New_York);
 * - lead pool `Leads` with states `New` (the default), `Contacted`, `Won` and `Lost` (one of each
 *   category) and custom fields `Budget` (number) and `Plan` (select); pool `Other pool` without a
 *   default state;
 * - appointment types `Trial session` (60 min, searched every 15) and `Group class` (60 min);
 * - resources `Coach` (capacity 1, trial sessions) and `Studio room` (capacity 8, both types) on
 *   both calendars, open every day, so there are slots whatever the date and the time of day:
 *   Berlin coach 09:00-12:00, Berlin studio room 14:00-18:00, New York coach 14:00-18:00 (local
 *   times), and the New York studio room 09:00-17:00, which is not publicly bookable (the Connect API
 *   books it, public forms do not offer it);
 * - a three-day closure of the whole Berlin calendar, ten days after the day of `now`
 *   ({@link STUDIO_CLOSURE_DAYS});
 *
 * and a second organization, `Other Studio`, with one of everything, for tenancy tests. Forms and
 * ingress webhooks are not part of a seed fixture: see `studioForms` and `seedStudio`.
 *
 * @example
 * ```ts
 * const clock = createManualClock('2030-01-07T09:00:00Z');
 * const service = await createConnectService({ clock });
 * await service.admin.seed(studioFixture({ now: clock.now() }));
 * // STUDIO_TOKENS.read now reads the calendars STUDIO_IDS.calendarBerlin and .calendarNewYork
 * ```
 */
export function studioFixture(options: StudioFixtureOptions = {}): SeedFixture {
  const { now = Date.now(), ids = STUDIO_IDS } = options;
  const tokens = options.tokens === undefined ? STUDIO_TOKENS : options.tokens;
  const closureStart = (Math.floor(+now / DAY_MS) + STUDIO_CLOSURE_DAYS.after) * DAY_MS;
  const closure = {
    startDateTime: new Date(closureStart).toISOString(),
    endDateTime: new Date(closureStart + STUDIO_CLOSURE_DAYS.length * DAY_MS).toISOString(),
  };
  const token = (name: 'read' | 'write' | 'admin', secret: string | undefined) => ({
    name,
    scopes: [name],
    ...(secret ? { token: secret } : {}),
  });
  return {
    organizations: [
      {
        id: ids.organization,
        name: 'Leadbook Studio',
        resourcePlanner: true,
        apiTokens: [
          token('read', tokens?.read),
          token('write', tokens?.write),
          token('admin', tokens?.admin),
        ],
        calendars: [
          {
            id: ids.calendarBerlin,
            name: 'Berlin',
            tzdata: 'Europe/Berlin',
            color: '#2563eb',
            scheduleTypes: [{ id: ids.scheduleType, name: 'Legacy intro' }],
          },
          { id: ids.calendarNewYork, name: 'New York', tzdata: 'America/New_York', color: '#16a34a' },
        ],
        tables: [
          {
            id: ids.table,
            name: 'Leads',
            leadStates: [
              { id: ids.leadStateNew, name: 'New', category: 'new', default: true },
              { id: ids.leadStateContacted, name: 'Contacted', category: 'inProgress' },
              { id: ids.leadStateWon, name: 'Won', category: 'completed' },
              { id: ids.leadStateLost, name: 'Lost', category: 'notCompleted' },
            ],
            customFields: [
              { id: ids.customFieldBudget, name: 'Budget', type: 'number' },
              { id: ids.customFieldPlan, name: 'Plan', type: 'select', options: ['basic', 'premium'] },
            ],
          },
          {
            id: ids.tableOtherPool,
            name: 'Other pool',
            leadStates: [{ id: ids.leadStateOtherPool, name: 'Fresh', category: 'new' }],
          },
        ],
        appointmentTypes: [
          { id: ids.appointmentTypeTrial, name: 'Trial session', bookingLength: 60, searchLength: 15 },
          { id: ids.appointmentTypeClass, name: 'Group class', bookingLength: 60, searchLength: 60 },
        ],
        resources: [
          {
            id: ids.resourceCoach,
            name: 'Coach',
            maxParallelBookings: 1,
            calendarIds: ['Berlin', 'New York'],
            appointmentTypeIds: ['Trial session'],
          },
          {
            id: ids.resourceRoom,
            name: 'Studio room',
            maxParallelBookings: 8,
            calendarIds: ['Berlin', 'New York'],
            appointmentTypeIds: ['Trial session', 'Group class'],
          },
        ],
        resourceSlots: [
          ...daily(ids.slots.berlinCoach, 'Berlin', 'Coach', '09:00-12:00'),
          ...daily(ids.slots.berlinRoom, 'Berlin', 'Studio room', '14:00-18:00'),
          ...daily(ids.slots.newYorkCoach, 'New York', 'Coach', '14:00-18:00'),
          ...daily(ids.slots.newYorkRoom, 'New York', 'Studio room', '09:00-17:00').map(staffOnly),
        ],
        blockers: [
          { id: ids.blockerClosure, calendarId: 'Berlin', resourceId: null, ...closure, reason: 'Closure' },
        ],
      },
      otherStudio(ids, tokens, closure),
    ],
  };
}
