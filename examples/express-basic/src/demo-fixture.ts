import type { SeedFixture } from '@leadbook/contract';
import type { ConnectService, SeedResult } from '@leadbook/server';
import { TURNSTILE_TEST_KEYS } from './demo-captcha';

const weekdays = [1, 2, 3, 4, 5, 6];

const DAY_MS = 86_400_000;

/**
 * The demo organization: on the resource planner, with read/write/admin tokens, two calendars in
 * different zones, a pool with lead states of all four categories, appointment types, resources of
 * capacity 1 and 8, weekly slots on both calendars and a three-day closure of the Berlin studio
 * that starts ten days after `now` (so it always lies ahead, whatever the date).
 */
export const demoFixture = (now: number = Date.now()): SeedFixture => ({
  organizations: [
    {
      name: 'Leadbook Demo Studio',
      resourcePlanner: true,
      apiTokens: [
        { name: 'read', scopes: ['read'] },
        { name: 'write', scopes: ['write'] },
        { name: 'admin', scopes: ['admin'] },
      ],
      calendars: [
        { name: 'Berlin Studio', tzdata: 'Europe/Berlin', color: '#2563eb' },
        { name: 'New York Studio', tzdata: 'America/New_York', color: '#16a34a' },
      ],
      tables: [
        {
          name: 'Website leads',
          color: '#f59e0b',
          leadStates: [
            { name: 'New', category: 'new', color: '#3b82f6', default: true },
            { name: 'Contacted', category: 'inProgress', color: '#8b5cf6' },
            { name: 'Signed up', category: 'completed', color: '#22c55e' },
            { name: 'Not interested', category: 'notCompleted', color: '#ef4444' },
          ],
          customFields: [{ name: 'Membership', type: 'select', options: ['basic', 'premium'] }],
        },
      ],
      appointmentTypes: [
        { name: 'Trial session', bookingLength: 60, searchLength: 15, color: '#0ea5e9' },
        { name: 'Group class', bookingLength: 60, searchLength: 60, color: '#a855f7' },
      ],
      resources: [
        {
          name: 'Coach Alex',
          maxParallelBookings: 1,
          calendarIds: ['Berlin Studio', 'New York Studio'],
          appointmentTypeIds: ['Trial session'],
        },
        {
          name: 'Studio room (8 seats)',
          maxParallelBookings: 8,
          calendarIds: ['Berlin Studio', 'New York Studio'],
          appointmentTypeIds: ['Group class', 'Trial session'],
        },
      ],
      resourceSlots: weekdays.flatMap((weekday) => [
        {
          calendarId: 'Berlin Studio',
          resourceId: 'Coach Alex',
          weekday,
          startTime: '09:00',
          endTime: '13:00',
        },
        {
          calendarId: 'Berlin Studio',
          resourceId: 'Studio room (8 seats)',
          weekday,
          startTime: '17:00',
          endTime: '21:00',
        },
        {
          calendarId: 'New York Studio',
          resourceId: 'Coach Alex',
          weekday,
          startTime: '14:00',
          endTime: '18:00',
        },
        {
          calendarId: 'New York Studio',
          resourceId: 'Studio room (8 seats)',
          weekday,
          startTime: '07:00',
          endTime: '10:00',
        },
      ]),
      blockers: [
        {
          calendarId: 'Berlin Studio',
          resourceId: null,
          startDateTime: new Date(Math.floor(now / DAY_MS + 10) * DAY_MS).toISOString(),
          endDateTime: new Date(Math.floor(now / DAY_MS + 13) * DAY_MS).toISOString(),
          reason: 'Closure',
        },
      ],
    },
  ],
});

/** Field ids of the demo form, fixed so a static page can rely on them. */
export const DEMO_FORM_FIELDS = {
  name: 'd0000000-0000-4000-8000-000000000001',
  email: 'd0000000-0000-4000-8000-000000000002',
  phone: 'd0000000-0000-4000-8000-000000000003',
  appointmentType: 'd0000000-0000-4000-8000-000000000004',
  booking: 'd0000000-0000-4000-8000-000000000005',
  consent: 'd0000000-0000-4000-8000-000000000006',
};

/**
 * Adds what a fixture cannot hold: a published booking form on both studios (with Turnstile's test
 * captcha keys) and an ingress webhook on the pool.
 */
export async function addDemoFormAndIngress(service: ConnectService, seeded: SeedResult) {
  const org = seeded.organizations[0]!;
  const pool = org.tables['Website leads']!;
  const trial = org.appointmentTypes['Trial session']!;
  const form = await service.admin.forms.create(org.id, {
    name: 'Book a trial session',
    published: true,
    tableId: pool.id,
    // Turnstile's test keys: the demo's offline verifier accepts the test widget's dummy token.
    captcha: {
      provider: 'turnstile',
      siteKey: TURNSTILE_TEST_KEYS.siteKey,
      secret: TURNSTILE_TEST_KEYS.secret,
    },
    studios: [
      { id: 'berlin', name: 'Berlin Studio', calendarIds: [org.calendars['Berlin Studio']!] },
      { id: 'new-york', name: 'New York Studio', calendarIds: [org.calendars['New York Studio']!] },
    ],
    defaultCountry: 'DE',
    fields: [
      {
        id: DEMO_FORM_FIELDS.name,
        type: 'text',
        label: 'Name',
        dataKey: 'name',
        required: true,
        minLength: 2,
      },
      { id: DEMO_FORM_FIELDS.email, type: 'email', label: 'Email', dataKey: 'email', required: true },
      { id: DEMO_FORM_FIELDS.phone, type: 'tel', label: 'Phone', dataKey: 'phone' },
      {
        id: DEMO_FORM_FIELDS.appointmentType,
        type: 'appointment-type',
        label: 'Appointment type',
        required: true,
        allowedAppointmentTypes: [trial],
      },
      {
        id: DEMO_FORM_FIELDS.booking,
        type: 'booking-calendar',
        label: 'Time',
        required: true,
        bookingConfig: { appointmentTypeFieldId: DEMO_FORM_FIELDS.appointmentType, searchDays: 14 },
        allowedAppointmentTypes: ['*'],
      },
      {
        id: DEMO_FORM_FIELDS.consent,
        type: 'privacy',
        label: 'I agree to the privacy policy',
        mode: 'consent',
        dataKey: 'privacyConsent',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    ],
  });
  const ingress = await service.admin.ingressWebhooks.create(org.id, {
    tableId: pool.id,
    name: 'Demo ingress',
  });
  return { formId: form.id, ingressWebhookId: ingress.id, ingressToken: ingress.token };
}
