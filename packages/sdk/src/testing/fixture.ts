/**
 * The default data of the mock service: fixed ids and tokens, so tests can build clients and name
 * things without reading the seed result.
 *
 * @module
 */
import type { FormInput, SeedFixture } from '@leadbook/contract';

/** The base URL the mock handlers answer on by default. */
export const DEFAULT_MOCK_BASE_URL = 'https://leadbook.test';

/** Fixed API tokens of the default mock organization, one per scope. */
export const MOCK_TOKENS = {
  /** `read` scope. */
  read: `service_live_${'1'.repeat(64)}`,
  /** `write` scope (includes `read`). */
  write: `service_live_${'2'.repeat(64)}`,
  /** `admin` scope (includes `write`). */
  admin: `service_live_${'3'.repeat(64)}`,
  /** The token of the default ingress webhook. */
  ingress: 'ab'.repeat(32),
} as const;

/** Fixed ids of the default mock data. */
export const MOCK_IDS = {
  /** The organization. */
  organization: 'mock-org',
  /** Europe/Berlin calendar. */
  calendarBerlin: 'c0000000-0000-4000-8000-000000000001',
  /** America/New_York calendar. */
  calendarNewYork: 'c0000000-0000-4000-8000-000000000002',
  /** The lead pool. */
  table: 'a0000000-0000-4000-8000-000000000001',
  /** The pool's default lead state `New`. */
  leadStateNew: 'b0000000-0000-4000-8000-000000000001',
  /** Lead state `Contacted` (in progress). */
  leadStateContacted: 'b0000000-0000-4000-8000-000000000002',
  /** Lead state `Won` (completed). */
  leadStateWon: 'b0000000-0000-4000-8000-000000000003',
  /** Lead state `Lost` (not completed). */
  leadStateLost: 'b0000000-0000-4000-8000-000000000004',
  /** Custom field `Plan` (select: basic, premium). */
  customFieldPlan: 'd0000000-0000-4000-8000-000000000001',
  /** Appointment type `Trial session` (60 min, searched every 15 min). */
  appointmentTypeTrial: 'e0000000-0000-4000-8000-000000000001',
  /** Appointment type `Group class` (60 min, on the hour). */
  appointmentTypeClass: 'e0000000-0000-4000-8000-000000000002',
  /** Resource `Coach` (capacity 1). */
  resourceCoach: 'f0000000-0000-4000-8000-000000000001',
  /** Resource `Studio room` (capacity 8). */
  resourceRoom: 'f0000000-0000-4000-8000-000000000002',
  /** The published booking form. */
  form: '10000000-0000-4000-8000-000000000001',
  /** The ingress webhook on the pool. */
  ingressWebhook: '20000000-0000-4000-8000-000000000001',
} as const;

/** Field ids of the default form. */
export const MOCK_FORM_FIELDS = {
  /** Text, required. */
  name: '30000000-0000-4000-8000-000000000001',
  /** Email, required. */
  email: '30000000-0000-4000-8000-000000000002',
  /** Phone (normalised to E.164). */
  phone: '30000000-0000-4000-8000-000000000003',
  /** Appointment type (Trial session only). */
  appointmentType: '30000000-0000-4000-8000-000000000004',
  /** Booking calendar. */
  booking: '30000000-0000-4000-8000-000000000005',
  /** Privacy consent: the value must be `'true'`. */
  consent: '30000000-0000-4000-8000-000000000006',
} as const;

const everyDay = [1, 2, 3, 4, 5, 6, 7];
const daily = (calendarId: string, resourceId: string, startTime: string, endTime: string) =>
  everyDay.map((weekday) => ({ calendarId, resourceId, weekday, startTime, endTime }));

const DAY_MS = 86_400_000;

/** When the default seed's closure of the Berlin calendar lies, in whole UTC days after `now`'s day. */
export const MOCK_CLOSURE_DAYS = {
  /** The closure starts at 00:00 UTC this many days after the day of `now`. */
  after: 10,
  /** It lasts this many days. */
  length: 3,
} as const;

/**
 * The default seed: one organization on the resource planner with read, write and admin tokens, a
 * Berlin and a New York calendar, a pool with a default lead state, two appointment types, a coach
 * (capacity 1) and a studio room (capacity 8) with public slots every day, and a three-day closure
 * of the Berlin calendar (see {@link MOCK_CLOSURE_DAYS}).
 *
 * Its dates are relative to `now`, the time of the clock the mock service runs on, so a test suite
 * written against it keeps passing whatever the date: the closure is always ten days ahead.
 *
 * @param now - The service clock's current time. Default: the system clock.
 *
 * @example
 * ```ts
 * const clock = createManualClock('2030-01-07T09:00:00Z');
 * const fixture = defaultMockFixture(clock.now());
 * const [closure] = fixture.organizations[0]!.blockers!; // 2030-01-17T00:00Z to 2030-01-20T00:00Z
 * ```
 */
export function defaultMockFixture(now: number | Date = Date.now()): SeedFixture {
  const today = Math.floor(+now / DAY_MS) * DAY_MS;
  const closureStart = today + MOCK_CLOSURE_DAYS.after * DAY_MS;
  const closureEnd = closureStart + MOCK_CLOSURE_DAYS.length * DAY_MS;
  return {
    organizations: [
      {
        id: MOCK_IDS.organization,
        name: 'Mock Studio',
        resourcePlanner: true,
        apiTokens: [
          { name: 'read', scopes: ['read'], token: MOCK_TOKENS.read },
          { name: 'write', scopes: ['write'], token: MOCK_TOKENS.write },
          { name: 'admin', scopes: ['admin'], token: MOCK_TOKENS.admin },
        ],
        calendars: [
          { id: MOCK_IDS.calendarBerlin, name: 'Berlin', tzdata: 'Europe/Berlin', color: '#2563eb' },
          { id: MOCK_IDS.calendarNewYork, name: 'New York', tzdata: 'America/New_York', color: '#16a34a' },
        ],
        tables: [
          {
            id: MOCK_IDS.table,
            name: 'Leads',
            leadStates: [
              { id: MOCK_IDS.leadStateNew, name: 'New', category: 'new', default: true },
              { id: MOCK_IDS.leadStateContacted, name: 'Contacted', category: 'inProgress' },
              { id: MOCK_IDS.leadStateWon, name: 'Won', category: 'completed' },
              { id: MOCK_IDS.leadStateLost, name: 'Lost', category: 'notCompleted' },
            ],
            customFields: [
              { id: MOCK_IDS.customFieldPlan, name: 'Plan', type: 'select', options: ['basic', 'premium'] },
            ],
          },
        ],
        appointmentTypes: [
          { id: MOCK_IDS.appointmentTypeTrial, name: 'Trial session', bookingLength: 60, searchLength: 15 },
          { id: MOCK_IDS.appointmentTypeClass, name: 'Group class', bookingLength: 60, searchLength: 60 },
        ],
        resources: [
          {
            id: MOCK_IDS.resourceCoach,
            name: 'Coach',
            maxParallelBookings: 1,
            calendarIds: ['Berlin', 'New York'],
            appointmentTypeIds: ['Trial session'],
          },
          {
            id: MOCK_IDS.resourceRoom,
            name: 'Studio room',
            maxParallelBookings: 8,
            calendarIds: ['Berlin', 'New York'],
            appointmentTypeIds: ['Trial session', 'Group class'],
          },
        ],
        resourceSlots: [
          ...daily('Berlin', 'Coach', '09:00', '13:00'),
          ...daily('Berlin', 'Studio room', '17:00', '21:00'),
          ...daily('New York', 'Coach', '14:00', '18:00'),
          ...daily('New York', 'Studio room', '07:00', '10:00'),
        ],
        blockers: [
          {
            calendarId: 'Berlin',
            startDateTime: new Date(closureStart).toISOString(),
            endDateTime: new Date(closureEnd).toISOString(),
            reason: 'Closure',
          },
        ],
      },
    ],
  };
}

/** The default form: published, no captcha, both calendars in one studio, a booking field. */
export const defaultMockForm: FormInput = {
  id: MOCK_IDS.form,
  name: 'Book a trial session',
  published: true,
  tableId: MOCK_IDS.table,
  studios: [{ id: 'main', name: 'Main', calendarIds: [MOCK_IDS.calendarBerlin, MOCK_IDS.calendarNewYork] }],
  defaultCountry: 'DE',
  fields: [
    { id: MOCK_FORM_FIELDS.name, type: 'text', label: 'Name', dataKey: 'name', required: true, minLength: 2 },
    { id: MOCK_FORM_FIELDS.email, type: 'email', label: 'Email', dataKey: 'email', required: true },
    { id: MOCK_FORM_FIELDS.phone, type: 'tel', label: 'Phone', dataKey: 'phone' },
    {
      id: MOCK_FORM_FIELDS.appointmentType,
      type: 'appointment-type',
      label: 'Appointment type',
      allowedAppointmentTypes: [MOCK_IDS.appointmentTypeTrial],
    },
    {
      id: MOCK_FORM_FIELDS.booking,
      type: 'booking-calendar',
      label: 'Time',
      bookingConfig: { appointmentTypeFieldId: MOCK_FORM_FIELDS.appointmentType, searchDays: 14 },
      allowedAppointmentTypes: ['*'],
    },
    {
      id: MOCK_FORM_FIELDS.consent,
      type: 'privacy',
      label: 'I agree to the privacy policy',
      mode: 'consent',
      dataKey: 'privacyConsent',
    },
  ],
};
